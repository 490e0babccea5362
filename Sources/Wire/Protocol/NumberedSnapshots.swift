/// The numbering of the simulator's display snapshots, for a harness that asks for it
/// (docs/protocol.md, "Numbered snapshots"): an extension of protocol.md that no other
/// peer sees.
///
/// The snapshot every display is sent on connecting is numbered with the count of
/// snapshots sent to the displays since the simulator started; each one sent after it
/// adds one. A `/display` opened with `?snapshots=numbered` is told the number of its
/// first snapshot in its 101 response's `Spec-Run-Snapshot` field; a `/register` or
/// `/calendar` opened so has every response say, as `"snapshot"`, the number of the
/// snapshot the displays had been handed when the response was sent. A harness that
/// leaves a response unread for a while can then still tell which snapshot the display
/// showed right after that request.
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
        response += #",""#.utf8
        response += member.utf8
        response += #"":"#.utf8
        response += String(number).utf8
        response.append(UInt8(ascii: "}"))
    }
}
