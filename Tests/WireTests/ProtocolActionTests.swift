import Testing

@testable import Wire

@Suite("ProtocolAction: an action with its endpoint, written as a request")
struct ProtocolActionTests {
    @Test("a request is the id, the action and the parameters, in that order, as protocol.md writes it")
    func request() throws {
        let addItem = ProtocolAction.register(.addItem)
        #expect(
            addItem.request(id: 3, [("name", .string("Latte")), ("quantity", 2)])
                == #"{"id":3,"action":"addItem","name":"Latte","quantity":2}"#)
        #expect(ProtocolAction.calendar(.layout).request(id: 0) == #"{"id":0,"action":"layout"}"#)
        let parsed = try JSONParser.parse(addItem.request(id: 7, [("name", .string("「ラテ」\n"))]))
        #expect(parsed["name"]?.stringValue == "「ラテ」\n")
    }

    @Test("every action goes to its own endpoint under its own name, getState to the one asked")
    func endpointsAndNames() {
        for name in RegisterActionName.allCases {
            #expect(ProtocolAction.register(name).endpoint == .register)
            #expect(ProtocolAction.register(name).name == name.rawValue)
        }
        for name in CalendarActionName.allCases {
            #expect(ProtocolAction.calendar(name).endpoint == .calendar)
            #expect(ProtocolAction.calendar(name).name == name.rawValue)
        }
        for endpoint in Endpoint.allCases {
            #expect(ProtocolAction.getState(on: endpoint).endpoint == endpoint)
            #expect(ProtocolAction.getState(on: endpoint).name == "getState")
        }
    }
}
