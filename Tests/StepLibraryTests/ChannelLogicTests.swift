import StepInterface
import Testing
import Wire

@testable import StepLibrary

@Suite("Requests and display waits over a channel")
struct ChannelLogicTests {
    @Test("requests are numbered, and a late answer to an abandoned request is skipped")
    func staleResponses() async throws {
        let channel = FakeChannel { text in
            guard let id = (try? JSONParser.parse(text))?["id"]?.intValue, id > 1 else { return [] }
            // Request 1 is abandoned unanswered; its late answer arrives before request 2's.
            let late = id == 2 ? [#"{"id":1,"ok":true,"state":{"stale":true}}"#] : []
            return late + [#"{"id":\#(id),"ok":true,"state":{"n":\#(id)}}"#]
        }
        let client = ProtocolClient(url: "ws://test/register", channel: channel)
        _ = try await client.post(.register(.getState))
        let second = try await client.requestAll([(.register(.getState), [])], timeout: .seconds(1))[0]
        #expect(second.state["n"]?.intValue == 2)
        let third = try await client.requestAll([(.register(.addItem), [("name", "Latte")])], timeout: .seconds(1))[0]
        #expect(third.state["n"]?.intValue == 3)
        let sent = await channel.sent
        #expect(sent.first == #"{"id":1,"action":"getState"}"#)
        #expect(sent.last == #"{"id":3,"action":"addItem","name":"Latte"}"#)
    }

    @Test(
        "an answer to a request answered already, twice or out of order, fails the step waiting",
        arguments: [false, true])
    func answeredAgain(outOfOrder: Bool) async throws {
        let channel = FakeChannel { text in
            guard let id = (try? JSONParser.parse(text))?["id"]?.intValue else { return [] }
            switch (id, outOfOrder) {
            // Request 2's answer before request 1's, or request 1 answered twice.
            case (1, true): return []
            case (2, true): return [#"{"id":2,"ok":true,"state":{}}"#, #"{"id":1,"ok":true,"state":{}}"#]
            case (2, false): return [#"{"id":1,"ok":true,"state":{}}"#, #"{"id":2,"ok":true,"state":{}}"#]
            default: return [#"{"id":\#(id),"ok":true,"state":{}}"#]
            }
        }
        let client = ProtocolClient(url: "ws://test/register", channel: channel)
        if outOfOrder {
            _ = try await client.post(.register(.getState))
            _ = try await client.requestAll([(.register(.getState), [])], timeout: .seconds(1))
        } else {
            _ = try await client.requestAll([(.register(.getState), [])], timeout: .seconds(1))
        }
        let when = outOfOrder ? "after request id 2" : "twice"
        await #expect {
            _ = try await client.requestAll([(.register(.addItem), [])], timeout: .seconds(1))
        } throws: { error in
            "\(error)"
                == "while \"addItem\" waited, request id 1 was answered \(when): protocol.md answers each request"
                + " once, in request order"
        }
    }

    @Test("a batch of requests goes out in order with consecutive ids, and its answers come back in order")
    func requestAll() async throws {
        // A channel without a batch write of its own sends them one by one (the default).
        let channel = FakeChannel { text in
            guard let id = (try? JSONParser.parse(text))?["id"]?.intValue else { return [] }
            // A late answer to a request before the batch arrives first.
            let stale = id == 2 ? [#"{"id":1,"ok":true}"#] : []
            return stale + [#"{"id":\#(id),"ok":\#(id != 3),"state":{},"error":{"code":"row\#(id)","message":""}}"#]
        }
        let client = ProtocolClient(url: "ws://test/calendar", channel: channel)
        _ = try await client.post(.register(.getState))
        let responses = try await client.requestAll(
            [
                (.calendar(.setStaff), [("name", "Aoi")]), (.calendar(.setStaff), [("name", "Ren")]),
                (.calendar(.setStaff), [("name", "Mei")]),
            ],
            timeout: .seconds(1))
        #expect(responses.map(\.id) == [2, 3, 4])
        #expect(responses.map(\.isOK) == [true, false, true])
        #expect(responses[1].errorCode == "row3")
        let sent = await channel.sent
        #expect(
            sent.dropFirst() == [
                #"{"id":2,"action":"setStaff","name":"Aoi"}"#, #"{"id":3,"action":"setStaff","name":"Ren"}"#,
                #"{"id":4,"action":"setStaff","name":"Mei"}"#,
            ])
        #expect(try await client.requestAll([], timeout: .seconds(1)).isEmpty)
    }

    @Test("a request over what a register takes in one message is refused before it is sent, naming its size")
    func tooLarge() async throws {
        let channel = FakeChannel { _ in [] }
        let client = ProtocolClient(url: "ws://test/register", channel: channel)
        let name = String(repeating: "x", count: ProtocolClient.messageLimit)
        for send in [
            { _ = try await client.post(.register(.setCatalog), [("name", .string(name))]) },
            { _ = try await client.postAll([(.register(.setCatalog), [("name", .string(name))])]) },
        ] {
            await #expect {
                try await send()
            } throws: { error in
                "\(error)".hasPrefix("the \"setCatalog\" request is \(name.count + 40) bytes, over the 1 MiB")
            }
        }
        #expect(await channel.sent.isEmpty)
    }

    @Test("no answer within the limit is a timeout naming the action")
    func timeout() async throws {
        let client = ProtocolClient(url: "ws://test/register", channel: FakeChannel())
        await #expect {
            _ = try await client.requestAll([(.register(.startCheckout), [])], timeout: .milliseconds(20))[0]
        } throws: { error in
            "\(error)".contains("no response to \"startCheckout\"")
        }
    }

    @Test("a request's failure is told in the words of the step that met it")
    func failureLanguage() async throws {
        let client = ProtocolClient(url: "ws://test/register", channel: FakeChannel())
        for (language, expected) in [
            (StepLanguage.en, #"no response to "startCheckout" within 0.02 seconds, the limit --timeout sets"#),
            (.ja, "「startCheckout」への応答が0.02秒以内にありませんでした（--timeoutの上限）"),
        ] {
            await #expect {
                try await client.reaching(.register, language: language) {
                    _ = try await client.requestAll([(.register(.startCheckout), [])], timeout: .milliseconds(20))
                }
            } throws: { error in
                (error as? StepFailure)?.message == expected + " (ws://test/register)"
            }
        }
    }

    @Test("an answer that is not JSON is reported, not trusted")
    func malformed() async throws {
        let client = ProtocolClient(url: "ws://test/register", channel: FakeChannel { _ in ["<html>"] })
        await #expect {
            _ = try await client.requestAll([(.register(.getState), [])], timeout: .seconds(1))[0]
        } throws: { error in
            "\(error)".contains("not JSON")
        }
    }

    @Test(
        "an answer without ok, or a refusal without error.code, is a protocol violation naming the action and the member",
        arguments: [
            (#"{"id":1,"action":"startCheckout"}"#, "ok"), (#"{"id":1,"error":{"code":"emptyCart"}}"#, "ok"),
            (#"{"id":1,"ok":false,"error":{"message":"Empty."}}"#, "error.code"),
            (#"{"id":1,"ok":true,"state":null}"#, "state"),
        ])
    func withoutOK(answer: String, missing: String) async throws {
        let client = ProtocolClient(url: "ws://test/register", channel: FakeChannel { _ in [answer] })
        await #expect {
            _ = try await client.requestAll([(.register(.startCheckout), [])], timeout: .seconds(1))[0]
        } throws: { error in
            "\(error)" == #"the answer to "startCheckout" is not a protocol.md response (it has no ""#
                + missing + #""): "# + answer
        }
    }

    @Test("an answer with another id, a string id or none is a protocol violation, not the request's answer")
    func mismatchedIDs() async throws {
        for (answer, shown) in [
            (#"{"id":1001,"ok":true,"state":{}}"#, "id 1001"), (#"{"id":"1","ok":true,"state":{}}"#, #"id "1""#),
            (#"{"ok":true,"state":{}}"#, "no id"),
        ] {
            let client = ProtocolClient(url: "ws://test/register", channel: FakeChannel { _ in [answer] })
            await #expect {
                _ = try await client.requestAll([(.register(.addItem), [])], timeout: .seconds(1))[0]
            } throws: { error in
                "\(error)"
                    == "the response to \"addItem\" (request id 1) came with \(shown): protocol.md says every response"
                    + " repeats its request's id"
            }
        }
    }

    @Test("a display wait matches a snapshot that arrives later, and only the latest counts")
    func waitForLaterSnapshot() async throws {
        let channel = FakeChannel()
        await channel.push(#"<main data-screen="welcome"></main>"#)
        let watcher = DisplayWatcher(channel: channel, requests: nil)
        // They arrive once the watcher has read the first and found nothing more.
        await channel.pushLater([#"<main data-screen="cart"></main>"#, #"<main data-screen="payment"></main>"#])
        let problem = try await watcher.wait(timeout: .seconds(30)) { snapshot in
            snapshot.screen == "payment" ? nil : "the screen is \(snapshot.screen ?? "-")"
        }
        #expect(problem == nil)
        #expect(watcher.updateCount == 2)
    }

    @Test("a display wait that never matches returns what it saw after the limit")
    func waitTimesOut() async throws {
        let channel = FakeChannel()
        await channel.push(#"<main data-screen="welcome"></main>"#)
        let watcher = DisplayWatcher(channel: channel, requests: nil)
        let start = ContinuousClock.now
        let problem = try await watcher.wait(timeout: .milliseconds(50)) { snapshot in
            snapshot.screen == "cart" ? nil : "the screen is \(snapshot.screen ?? "-")"
        }
        #expect(problem == "the screen is welcome")
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        #expect(watcher.latest()?.screen == "welcome")
    }

    @Test("a display whose connection is lost says so")
    func lost() async throws {
        let channel = FakeChannel()
        await channel.closeFromPeer()
        let watcher = DisplayWatcher(channel: channel, requests: nil)
        await #expect(throws: DisplayWatcher.ConnectionLost.self) {
            _ = try await watcher.wait(timeout: .milliseconds(50)) { _ in nil }
        }
    }

    @Test("waiting for a number of snapshots stops at the limit")
    func countLimit() async throws {
        let channel = FakeChannel()
        await channel.push("<main data-screen=\"welcome\"></main>")
        let watcher = DisplayWatcher(channel: channel, requests: nil)
        try await watcher.waitForSnapshots(3, timeout: .milliseconds(30))
        #expect(watcher.count == 1)
        #expect(watcher.updateCount == 0)
    }
}
