import Wire

/// The register page served at `GET /register-page`: the register's and the calendar's
/// actions as a plain form, each answer and refusal in QA's words, the customer display
/// live beside it (the page at `/` in a frame), and a record switch that shows what was
/// done as a scenario (docs/explore.md, "The register page").
///
/// The form sends protocol.md's requests on its own `/register` and `/calendar`
/// connections, one at a time, in the order they were asked for (`RegisterPageScript`).
enum RegisterPage {
    /// The page, with the rejection codes' glosses of `support` embedded as JSON; without
    /// `support`, `/record` is not served and the record switch is disabled.
    static func html(for support: RegisterPageSupport?) -> String {
        let glosses = JSONValue.object(
            JSONObject(
                (support?.meanings ?? []).map { ($0.code, .array([.string($0.english), .string($0.japanese)])) }))
        // Inside a script element, `</` could end it: JSON allows `<\/` for it.
        let data = glosses.serialized.replacing("</", with: "<\\/")
        return markup + "<script>\n\"use strict\";\nvar meanings = " + data + ";\nvar records = "
            + (support != nil ? "true" : "false") + ";\n" + RegisterPageScript.js + "</script>\n</body>\n</html>\n"
    }

    /// The page up to its script: the head, the style and the form.
    private static let markup = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Register (spec-run simulate)</title>
        <style>
          body { margin: 0; font: 14px/1.4 system-ui, "Hiragino Sans", "Noto Sans CJK JP", sans-serif; }
          header { display: flex; gap: 1em; align-items: baseline; padding: 0.4em 0.8em; background: #223; color: #fff; }
          header h1 { font-size: 1.1em; margin: 0; }
          header a { color: #9cf; }
          #layout { display: flex; gap: 0.8em; padding: 0.8em; align-items: flex-start; }
          #controls { flex: 1 1 34em; min-width: 22em; }
          #side { flex: 1 1 26em; position: sticky; top: 0.8em; display: flex; flex-direction: column; gap: 0.6em; }
          #display { width: 100%; height: 22em; border: 1px solid #888; }
          fieldset { margin: 0 0 0.6em; border: 1px solid #bbb; }
          legend { font-weight: bold; }
          label { margin-right: 0.6em; white-space: nowrap; }
          input[type=number] { width: 6em; }
          input[type=text] { width: 9em; }
          input.time { width: 4em; }
          textarea { width: 100%; box-sizing: border-box; font: inherit; }
          button { margin: 0.15em 0.2em 0.15em 0; }
          #summary { margin: 0; padding: 0.4em; background: #f4f4f8; }
          #log { list-style: none; margin: 0; padding: 0; max-height: 16em; overflow: auto; border: 1px solid #ddd; }
          #log li { padding: 0.2em 0.4em; border-bottom: 1px solid #eee; }
          #log li.refused { background: #fee; }
          #log li.invalid { background: #ffd; }
          #log .answer { display: block; color: #444; }
          #scenario { white-space: pre-wrap; background: #f8f8f0; border: 1px solid #ddd; padding: 0.4em;
                      max-height: 24em; overflow: auto; margin: 0.4em 0 0; }
          #record-status.error { color: #b00; }
        </style>
        </head>
        <body>
        <header>
          <h1>Register</h1>
          <span id="connection" data-connection="connecting">connecting</span>
          <a href="/" target="_blank">Customer display (カスタマーディスプレイ)</a>
        </header>
        <div id="layout">
        <section id="controls">
          <fieldset><legend>Catalog</legend>
            <textarea id="catalog" rows="3" aria-label="Catalog: name, price, one product a line">Coffee, 450
        Tea, 380</textarea>
            <button id="do-setCatalog">Set catalog</button>
            <button id="do-reset" title="Both the register and the calendar">Reset register and calendar</button>
          </fieldset>
          <fieldset><legend>Cart</legend>
            <label>Item <input id="item" type="text" value="Coffee"></label>
            <label>Quantity <input id="quantity" type="number" value="1"></label>
            <label>Price ¥ <input id="price" type="number" placeholder="ad hoc"></label><br>
            <button id="do-addItem">Add (quantity)</button>
            <button id="do-addAtPrice">Add at price</button>
            <button id="do-setQuantity">Change quantity</button>
            <button id="do-removeItem">Remove</button>
          </fieldset>
          <fieldset><legend>Discount</legend>
            <label>¥ <input id="discount-amount" type="number" value="100"></label>
            <button id="do-discountAmount">Set discount ¥</button>
            <label>% <input id="discount-percent" type="number" value="10"></label>
            <button id="do-discountPercent">Set discount %</button>
            <button id="do-clearDiscount">Clear discount</button>
          </fieldset>
          <fieldset><legend>Member and points</legend>
            <label>Balance <input id="member-points" type="number" value="500"></label>
            <button id="do-identifyMember">Identify member</button>
            <button id="do-clearMember">Clear member</button><br>
            <label>Points to use <input id="points" type="number" value="100"></label>
            <button id="do-applyPoints">Apply points</button>
          </fieldset>
          <fieldset><legend>Checkout and payments</legend>
            <button id="do-startCheckout">Start checkout</button>
            <button id="do-editCart">Edit cart</button><br>
            <label>Method <select id="method"><option value="cash">cash</option><option value="card">card</option>
              <option value="qr">QR</option></select></label>
            <label>¥ <input id="amount" type="number" value="1000"></label>
            <button id="do-takePayment">Take payment</button><br>
            <button id="do-cancelPayments">Cancel payments</button>
            <button id="do-completeWithoutPayment">Complete without payment</button>
            <button id="do-nextCustomer">Next customer</button>
          </fieldset>
          <fieldset><legend>Refunds</legend>
            <label>Order <input id="order" type="text" value="1001"></label>
            <button id="do-startRefund">Start refund</button>
            <button id="do-confirmRefund">Confirm refund</button>
            <button id="do-cancelRefund">Cancel refund</button>
          </fieldset>
          <fieldset><legend>Calendar</legend>
            <textarea id="staff" rows="2" aria-label="Staff: name, capacity, one a line">Sato, 1</textarea>
            <button id="do-setStaff">Set staff</button><br>
            <label>Reservation <input id="reservation" type="text" value="R1"></label>
            <label>Staff <input id="booking-staff" type="text" value="Sato"></label>
            <label>From <input id="start" class="time" type="text" value="10:00"></label>
            <label>to <input id="end" class="time" type="text" value="10:30"></label><br>
            <button id="do-book">Book</button>
            <button id="do-cancelBooking">Cancel booking</button>
            <button id="do-checkoutReservation">Check out reservation</button><br>
            <textarea id="menu" rows="2" aria-label="Menu: name, price, one a line">Cut, 4000</textarea>
            <button id="do-setMenu">Set the reservation's menu</button><br>
            <label>Booking service <select id="service"><option value="normal">answers normally</option>
              <option value="empty">answers with no reservations</option><option value="failing">fails</option>
              <option value="hang">hangs</option></select></label>
            <label>Message <input id="service-message" type="text" value="timeout"></label>
            <button id="do-setService">Set service</button><br>
            <button id="do-load">Load</button>
            <button id="do-release">Service responds</button>
            <button id="do-viewState">Ask view state</button>
            <button id="do-layout">Ask layout</button>
          </fieldset>
        </section>
        <section id="side">
          <iframe id="display" src="/" title="Customer display"></iframe>
          <p id="summary">No answer yet.</p>
          <ol id="log" aria-live="polite"></ol>
          <fieldset><legend>Record</legend>
            <label><input id="record" type="checkbox"> Record a scenario</label>
            (starts from a fresh register and calendar, as a scenario does)<br>
            <label>Scenario <input id="scenario-name" type="text" value="Recorded on the register page"></label>
            <label>Language <select id="language"><option value="en">English</option>
              <option value="ja">日本語</option></select></label>
            <button id="copy">Copy</button>
            <p id="record-status"></p>
            <pre id="scenario"></pre>
          </fieldset>
        </section>
        </div>

        """#
}
