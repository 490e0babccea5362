/// How the step library asks a built-in simulator to number its display snapshots
/// (docs/protocol.md, "Numbered snapshots"): an extension of protocol.md that only
/// spec-run's own simulator speaks, and that a `--target` is never asked for.
///
/// A display opened with the query is told the number of its first snapshot in the 101
/// response's header field; a `/register` or `/calendar` opened with it has every
/// response say, as `"snapshot"`, the number of the snapshot the displays had been sent
/// when it answered. The request pipeline's display checks can then wait for the answers
/// before them without holding up the steps after them (`RequestPipeline`).
enum NumberedSnapshots {
    static let headerName = "Spec-Run-Snapshot"
    static let query = "snapshots=numbered"

    /// `url` with the query that asks for numbering.
    static func asking(_ url: String) -> String {
        url + (url.contains("?") ? "&" : "?") + query
    }
}
