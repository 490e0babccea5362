/// What the register page (`GET /register-page`) takes from outside the simulator, which
/// `spec-run simulate` plugs in: the meanings of the rejection codes, shown beside a
/// refusal (the step library's), and the recorder that writes what was done as a
/// scenario (the explorer's `ScenarioWriter`), served on the WebSocket `/record`.
public struct RegisterPageSupport: Sendable {
    /// A rejection code and what it means, in English and Japanese.
    public typealias Meaning = (code: String, english: String, japanese: String)

    public var meanings: [Meaning]
    /// Answers one text message of `/record` (the page's recording) with one text message.
    /// Called off the server's thread, one recording at a time (`RecordingQueue`).
    public var record: @Sendable (String) -> String

    public init(meanings: [Meaning], record: @escaping @Sendable (String) -> String) {
        self.meanings = meanings
        self.record = record
    }
}
