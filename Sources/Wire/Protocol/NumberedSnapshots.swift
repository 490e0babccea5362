/// The numbering of the simulator's display snapshots, for a harness that asks for it
/// (docs/protocol.md, "Numbered snapshots"): a `/display` opened with the query is told
/// its first snapshot's number in its 101 response, and every response of a `/register`
/// or `/calendar` opened so names the snapshot the displays had been handed when it was
/// sent, so that a harness that reads a response late still knows what the display showed.
public enum NumberedSnapshots {
    /// The 101 response's field that numbers a numbered display's first snapshot.
    public static let headerName = "Spec-Run-Snapshot"
    /// The query that asks for numbering.
    public static let query = "snapshots=numbered"
    /// The response member that carries the number.
    public static let member = "snapshot"

    /// `url` with the query that asks for numbering.
    public static func asking(_ url: String) -> String {
        url + (url.contains("?") ? "&" : "?") + query
    }

    /// Whether a request target (`/display?snapshots=numbered`) asks for numbering.
    public static func isAsked(byTarget target: String) -> Bool {
        guard let mark = target.firstIndex(of: "?") else { return false }
        return target[target.index(after: mark)...].split(separator: "&").contains { $0 == query }
    }

    /// Adds `"snapshot": number` as the last member of `response` (a JSON object), in place.
    public static func number(_ response: inout [UInt8], with number: Int) {
        guard response.last == UInt8(ascii: "}") else { return }
        response.removeLast()
        response += ",\"\(member)\":\(number)}".utf8
    }
}
