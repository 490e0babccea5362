import StepInterface
import Wire

/// A member of a register's answer that protocol.md requires: of the register's `state`
/// ("lastOrder (id or null)", "members (every account)"), or of another answer
/// (`viewState.hasContent`).
///
/// A `--target` whose state lacks one does not answer `getState` as protocol.md says; the
/// step says so, naming the members it did send, instead of reading the absence as a
/// business outcome ("there is no last order", "no member was identified").
enum AnswerField {
    /// The member `key` of `state` (`.null` when the register sent null); `shape` is how
    /// protocol.md describes it.
    static func required(
        _ key: String, in state: JSONValue, shape: String, _ language: StepLanguage
    ) throws -> JSONValue {
        if let value = state[key] { return value }
        guard case .object(let object) = state else {
            throw language.failure(
                "the register's getState answer has no state object, so \"\(key)\" cannot be read: "
                    + "the register does not answer as protocol.md describes",
                "レジのgetStateの答えにstateがないため「\(key)」を読めません。"
                    + "接続先のレジがprotocol.mdどおりに答えていません", .error)
        }
        let sent = object.members.map { "\"\($0.name)\"" }.joined(separator: ", ")
        throw language.failure(
            "the register's state has no \"\(key)\" (protocol.md: \(shape)); \(sent.isEmpty ? "it is empty ({})" : "it has \(sent)"): "
                + "the register does not answer getState as protocol.md describes",
            "レジのstateに「\(key)」がありません（protocol.md：\(shape)）。\(sent.isEmpty ? "stateは空（{}）です" : "あるのは\(sent)です")。"
                + "接続先のレジがprotocol.mdどおりにgetStateに答えていません", .error)
    }

    /// The failure for a member a register's `answer` (`getState`, `viewState`) holds in
    /// another shape than protocol.md's (`"points": "700"`), or leaves out: `path` names
    /// it (`members[0].points`), `shape` is protocol.md's. Read as a business outcome, the
    /// member would blame the scenario ("no member was identified", "it is not refunded").
    static func misshapen(
        _ path: String, _ value: JSONValue?, shape: String, answer: String, _ language: StepLanguage
    ) -> StepFailure {
        guard let value else {
            return language.failure(
                "the register's \(answer) answer has no \"\(path)\" (protocol.md: \(shape)): "
                    + "the register does not answer \(answer) as protocol.md describes",
                "レジの\(answer)の答えに「\(path)」がありません（protocol.md：\(shape)）。"
                    + "接続先のレジがprotocol.mdどおりに\(answer)に答えていません", .error)
        }
        return language.failure(
            "the register's \(answer) answer has \"\(path)\": \(value.serialized), \(value.typeName), where protocol.md "
                + "says \(shape): the register does not answer \(answer) as protocol.md describes",
            "レジの\(answer)の答えの「\(path)」は\(value.serialized)ですが、protocol.mdでは\(shape)です。"
                + "接続先のレジがprotocol.mdどおりに\(answer)に答えていません", .error)
    }
}
