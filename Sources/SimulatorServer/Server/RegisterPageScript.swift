/// The register page's script (`RegisterPage`), run after `meanings` (code → [English,
/// Japanese]) and `records` are defined.
///
/// Each button builds one protocol request from the form (a value the form cannot read, or
/// while recording a name no step can hold, is refused on the page) and queues it; the
/// queue sends one at a time, so answers and recordings keep the order of the clicks. An
/// answer shows in QA's words. While recording, each answered action is added to the
/// recording, and the whole recording is sent to `/record`, whose answer (the scenario)
/// shows below.
/// `body[data-pending]` is the number of requests not answered yet, and
/// `#scenario[data-actions]` the number of actions of the scenario shown (for tests).
enum RegisterPageScript {
    static let js = #"""
        (function () {
          var byId = function (id) { return document.getElementById(id); };
          var scheme = location.protocol === "https:" ? "wss://" : "ws://";
          var sockets = {};
          var queue = [];
          var sent = false;
          var nextId = 1;
          var recording = false;
          var generation = 0;
          var recorded = [];
          var recorder = null;
          var written = [];

          function yen(amount) { return (amount < 0 ? "-¥" : "¥") + Math.abs(amount).toLocaleString("en-US"); }
          function quoted(text) { return "\u201C" + text + "\u201D"; }
          function text(id) { return byId(id).value.trim(); }
          function whole(id, label) {
            var value = byId(id).value.trim();
            if (!/^-?\d+$/.test(value)) { throw new Error(label + ": enter a whole number (got \"" + value + "\")"); }
            return Number(value);
          }
          // A name a scenario can hold, while recording: no step string holds both quotes.
          function writable(value, label) {
            if (recording && value.indexOf("\"") >= 0 && value.indexOf("'") >= 0) {
              throw new Error(label + ": a name with both kinds of quote cannot be written in a scenario");
            }
            return value;
          }
          function named(id, label) {
            var value = text(id);
            if (!value) { throw new Error(label + ": enter a name"); }
            return writable(value, label);
          }
          function time(id, label) {
            var value = text(id);
            if (!/^\d{1,2}:[0-5]\d$/.test(value)) { throw new Error(label + ": write a time such as 9:05 (got \"" + value + "\")"); }
            return value;
          }
          // "name, number" a line (a tab or space also separates), empty lines skipped.
          function entries(id, numberName, label) {
            return byId(id).value.split("\n").map(function (line) { return line.trim(); })
              .filter(function (line) { return line.length > 0; })
              .map(function (line, index) {
                var match = /^(.*?)[,\t ]\s*(-?\d+)$/.exec(line);
                if (!match || !match[1].trim()) {
                  throw new Error(label + " line " + (index + 1) + ": write \"name, " + numberName + "\" (got \"" + line + "\")");
                }
                var entry = { name: writable(match[1].trim(), label + " line " + (index + 1)) };
                entry[numberName] = Number(match[2]);
                return entry;
              });
          }
          function listed(items, numberName) {
            return items.map(function (item) { return item.name + " " + (numberName === "price" ? yen(item.price) : item[numberName]); }).join(", ");
          }
          function register(request, label) { return { endpoint: "register", request: request, label: label }; }
          function calendar(request, label) { return { endpoint: "calendar", request: request, label: label }; }

          // Each button's request, from the form.
          var actions = {
            setCatalog: function () { var products = entries("catalog", "price", "Catalog"); return register({ action: "setCatalog", products: products }, "Set the catalog: " + listed(products, "price")); },
            addItem: function () {
              var name = named("item", "Item");
              if (!text("quantity")) { return register({ action: "addItem", name: name }, "Add " + quoted(name)); }
              var quantity = whole("quantity", "Quantity");
              return register({ action: "addItem", name: name, quantity: quantity }, "Add " + quantity + " " + quoted(name));
            },
            addAtPrice: function () { var name = named("item", "Item"); var price = whole("price", "Price"); return register({ action: "addItem", name: name, price: price }, "Add " + quoted(name) + " at " + yen(price)); },
            setQuantity: function () { var name = named("item", "Item"); var quantity = whole("quantity", "Quantity"); return register({ action: "setQuantity", name: name, quantity: quantity }, "Change the quantity of " + quoted(name) + " to " + quantity); },
            removeItem: function () { var name = named("item", "Item"); return register({ action: "removeItem", name: name }, "Remove " + quoted(name)); },
            discountAmount: function () { var amount = whole("discount-amount", "Discount"); return register({ action: "setCartDiscount", amount: amount }, "Set a cart discount of " + yen(amount)); },
            discountPercent: function () { var percent = whole("discount-percent", "Discount %"); return register({ action: "setCartDiscount", percent: percent }, "Set a cart discount of " + percent + "%"); },
            clearDiscount: function () { return register({ action: "clearCartDiscount" }, "Clear the cart discount"); },
            identifyMember: function () { var points = whole("member-points", "Balance"); return register({ action: "identifyMember", points: points }, "Identify a member with " + points + " points"); },
            clearMember: function () { return register({ action: "clearMember" }, "Clear the member"); },
            applyPoints: function () { var points = whole("points", "Points to use"); return register({ action: "applyPoints", points: points }, "Apply " + points + " points"); },
            startCheckout: function () { return register({ action: "startCheckout" }, "Start checkout"); },
            editCart: function () { return register({ action: "editCart" }, "Go back to edit the cart"); },
            takePayment: function () {
              var method = byId("method").value; var amount = whole("amount", "Payment");
              return register({ action: "takePayment", method: method, amount: amount }, "The customer pays " + yen(amount) + " by " + (method === "qr" ? "QR" : method));
            },
            cancelPayments: function () { return register({ action: "cancelPayments" }, "Cancel the payments"); },
            completeWithoutPayment: function () { return register({ action: "completeWithoutPayment" }, "Complete the order without payment"); },
            nextCustomer: function () { return register({ action: "nextCustomer" }, "Serve the next customer"); },
            startRefund: function () { var order = named("order", "Order"); return register({ action: "startRefund", order: order }, "Start a refund of order " + quoted(order)); },
            confirmRefund: function () { return register({ action: "confirmRefund" }, "Confirm the refund"); },
            cancelRefund: function () { return register({ action: "cancelRefund" }, "Cancel the refund"); },
            setStaff: function () { var staff = entries("staff", "capacity", "Staff"); return calendar({ action: "setStaff", staff: staff }, "Set the staff: " + listed(staff, "capacity")); },
            book: function () {
              var id = named("reservation", "Reservation"); var staff = named("booking-staff", "Staff");
              var start = time("start", "From"); var end = time("end", "To");
              return calendar({ action: "book", reservation: id, staff: staff, start: start, end: end },
                "Book " + quoted(id) + " with " + quoted(staff) + " from " + start + " to " + end);
            },
            cancelBooking: function () { var id = named("reservation", "Reservation"); return calendar({ action: "cancelBooking", reservation: id }, "Cancel booking " + quoted(id)); },
            checkoutReservation: function () { var id = named("reservation", "Reservation"); return calendar({ action: "checkoutReservation", reservation: id }, "Check out reservation " + quoted(id)); },
            setMenu: function () { var id = named("reservation", "Reservation"); var menu = entries("menu", "price", "Menu"); return calendar({ action: "setMenu", reservation: id, menu: menu }, "Set the menu of " + quoted(id) + ": " + listed(menu, "price")); },
            setService: function () {
              var mode = byId("service").value; var request = { action: "setService", mode: mode };
              if (mode === "failing") { request.message = writable(text("service-message"), "Message"); }
              return calendar(request, "The booking service " + byId("service").selectedOptions[0].textContent + (mode === "failing" ? " with " + quoted(request.message) : ""));
            },
            load: function () { return calendar({ action: "load" }, "The calendar loads"); },
            release: function () { return calendar({ action: "release" }, "The booking service responds"); },
            viewState: function () { return calendar({ action: "viewState" }, "What does the calendar show?"); },
            layout: function () { return calendar({ action: "layout" }, "Where is each reservation drawn?"); }
          };

          function describeRegister(state) {
            var member = state.member ? " Member " + state.member.id + ": " + state.member.points + " points." : "";
            if (state.phase === "notEntered") { return "Waiting for a customer (the welcome screen)." + member; }
            if (state.phase === "complete") {
              return "Order " + state.order + " complete: total " + yen(state.total) + ", paid " + yen(state.paid) + ", change " + yen(state.change) + "." + member;
            }
            if (state.phase === "refunding") { return "Refund of order " + state.order + ": " + yen(state.refundAmount) + " back."; }
            var parts = [state.lines.length + (state.lines.length === 1 ? " line" : " lines"), "subtotal " + yen(state.subtotal)];
            if (state.discount > 0) { parts.push("discount " + yen(state.discount)); }
            if (state.pointsApplied > 0) { parts.push("points " + yen(state.pointsApplied)); }
            else if (state.pointsToUse > 0) { parts.push(state.pointsToUse + " points kept for checkout"); }
            parts.push("total " + yen(state.total));
            if (state.paid > 0) { parts.push("paid " + yen(state.paid), "remaining " + yen(state.remaining)); }
            return (state.screen === "cart" ? "Cart: " : "Checkout (the " + state.screen + " screen): ") + parts.join(", ") + "." + member;
          }
          function describeView(view) {
            if (view.kind === "loading") { return view.hasContent ? "the content with a loading indicator" : "the loading view"; }
            if (view.kind === "loaded") { return "the content (" + (view.reservations || []).join(", ") + ")"; }
            if (view.kind === "failed") { return view.hasContent ? "the content with the error banner " + quoted(view.error) : "the error view (" + view.error + ")"; }
            return "the empty view";
          }
          function describeCalendar(answer) {
            if (answer.viewState) { return "The calendar shows " + describeView(answer.viewState) + "."; }
            if (answer.layout) {
              return answer.layout.rows.map(function (row) {
                return row.staff + ": " + row.lanes + (row.lanes === 1 ? " lane" : " lanes") + row.items.map(function (item) {
                  return "; " + item.id + " at x " + item.x + ", width " + item.width + ", lane " + item.lane;
                }).join("");
              }).join(". ") || "No staff rows.";
            }
            var state = answer.state;
            return "Calendar: " + state.staff.length + " staff, " + state.reservations.length + " reservations, view " + state.viewState + (state.loadPending ? ", a load waiting" : "") + ".";
          }
          function describeRefusal(error) {
            var meaning = meanings[error.code];
            var words = meaning ? meaning[0] + " (" + meaning[1] + ")" : "a code the built-in simulator does not give";
            return "Refused: " + words + ". Code " + error.code + (error.message ? ": " + error.message : "");
          }

          function log(label, kind, answer) {
            var list = byId("log");
            var item = document.createElement("li");
            item.className = kind;
            var what = document.createElement("span");
            what.className = "what";
            what.textContent = label;
            var said = document.createElement("span");
            said.className = "answer";
            said.textContent = answer;
            item.appendChild(what);
            item.appendChild(said);
            list.appendChild(item);
            while (list.children.length > 200) { list.removeChild(list.firstChild); }
            list.scrollTop = list.scrollHeight;
          }
          function setPending() { document.body.setAttribute("data-pending", String(queue.length)); }
          function enqueue(item) { queue.push(item); setPending(); pump(); }
          function pump() {
            if (sent || queue.length === 0) { return; }
            var socket = sockets[queue[0].endpoint];
            if (!socket || socket.readyState !== 1) { return; }
            sent = true;
            socket.send(JSON.stringify(Object.assign({ id: nextId++ }, queue[0].request)));
          }
          function answered(data) {
            var answer;
            try { answer = JSON.parse(data); } catch (error) { answer = { ok: false, error: { code: "badRequest", message: String(data) } }; }
            var item = queue.shift();
            sent = false;
            setPending();
            if (item) {
              if (answer.ok) {
                log(item.label, "accepted", item.endpoint === "register" ? describeRegister(answer.state) : describeCalendar(answer));
                if (item.endpoint === "register") { byId("summary").textContent = describeRegister(answer.state); }
              } else {
                log(item.label, "refused", describeRefusal(answer.error || {}));
              }
              var protocolError = !answer.ok && ["badRequest", "badParameter", "unknownAction"].indexOf((answer.error || {}).code) >= 0;
              if (recording && item.take === generation && !protocolError) {
                recorded.push({ endpoint: item.endpoint, request: item.request });
                writeScenario();
              }
            }
            pump();
          }
          function updateConnection() {
            var open = ["register", "calendar"].every(function (name) { return sockets[name] && sockets[name].readyState === 1; });
            var connection = byId("connection");
            connection.textContent = open ? "connected" : "reconnecting";
            connection.setAttribute("data-connection", open ? "connected" : "reconnecting");
          }
          function open(endpoint) {
            var socket = new WebSocket(scheme + location.host + "/" + endpoint);
            sockets[endpoint] = socket;
            socket.onopen = function () { updateConnection(); pump(); };
            socket.onmessage = function (event) { answered(event.data); };
            socket.onclose = function () {
              if (sent && queue.length > 0 && queue[0].endpoint === endpoint) {
                var lost = queue.shift();
                sent = false;
                setPending();
                log(lost.label, "invalid", "No answer: the connection closed. Try again once it is back.");
              }
              updateConnection();
              setTimeout(function () { open(endpoint); }, 1000);
            };
          }

          function recordStatus(message, isError) {
            var status = byId("record-status");
            status.textContent = message;
            status.className = isError ? "error" : "";
          }
          function writeScenario() {
            if (recorded.length === 0) { byId("scenario").textContent = ""; byId("scenario").setAttribute("data-actions", "0"); return; }
            if (!recorder || recorder.readyState !== 1) { return; }
            written.push(recorded.length);
            recorder.send(JSON.stringify({ language: byId("language").value, name: byId("scenario-name").value, actions: recorded }));
          }
          function openRecorder() {
            recorder = new WebSocket(scheme + location.host + "/record");
            recorder.onopen = writeScenario;
            recorder.onmessage = function (event) {
              var count = written.shift();
              var answer = JSON.parse(event.data);
              if (!answer.ok) { recordStatus("The recording cannot be written: " + answer.error, true); return; }
              byId("scenario").textContent = answer.feature;
              byId("scenario").setAttribute("data-actions", String(count));
              recordStatus(count + (count === 1 ? " action" : " actions") + (recording ? " recorded." : " recorded; recording stopped.") + " Paste the scenario into features/.", false);
            };
            recorder.onclose = function () { written = []; setTimeout(openRecorder, 1000); };
          }
          function reset() {
            enqueue({ endpoint: "register", request: { action: "reset" }, label: "Reset the register", take: null });
            enqueue({ endpoint: "calendar", request: { action: "reset" }, label: "Reset the calendar", take: null });
          }
          function startRecording() {
            generation += 1;
            recorded = [];
            writeScenario();
            reset();
            recordStatus("Recording from a fresh register and calendar.", false);
          }

          document.querySelectorAll("button[id^=do-]").forEach(function (button) {
            button.addEventListener("click", function () {
              var name = button.id.slice(3);
              if (name === "reset") { if (recording) { startRecording(); } else { reset(); } return; }
              var item;
              try { item = actions[name](); } catch (error) { log(button.textContent, "invalid", error.message); return; }
              item.take = recording ? generation : null;
              enqueue(item);
            });
          });
          byId("record").addEventListener("change", function () {
            recording = byId("record").checked;
            if (recording) { startRecording(); } else { recordStatus(recorded.length + " actions recorded; recording stopped.", false); }
          });
          byId("language").addEventListener("change", writeScenario);
          byId("scenario-name").addEventListener("change", writeScenario);
          byId("copy").addEventListener("click", function () {
            var scenario = byId("scenario").textContent;
            if (navigator.clipboard) { navigator.clipboard.writeText(scenario).then(function () { recordStatus("Copied.", false); }); }
          });
          setPending();
          open("register");
          open("calendar");
          if (records) { openRecorder(); } else {
            byId("record").disabled = true;
            recordStatus("Recording is served by spec-run simulate.", false);
          }
        })();

        """#
}
