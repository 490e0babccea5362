import StepInterface
import Wire

/// A member of the register's `state` that protocol.md requires ("lastOrder (id or
/// null)", "members (every account)").
///
/// A `--target` whose state lacks one does not answer `getState` as protocol.md says; the
/// step says so, naming the members it did send, instead of reading the absence as a
/// business outcome ("there is no last order", "no member was identified").
enum RegisterStateField {
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
            "the register's state has no \"\(key)\" (protocol.md: \(shape)); it has \(sent.isEmpty ? "no members" : sent): "
                + "the register does not answer getState as protocol.md describes",
            "レジのstateに「\(key)」がありません（protocol.md：\(shape)）。あるのは\(sent.isEmpty ? "なし" : sent)です。"
                + "接続先のレジがprotocol.mdどおりにgetStateに答えていません", .error)
    }
}
