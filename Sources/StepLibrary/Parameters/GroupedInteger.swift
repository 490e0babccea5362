import StepInterface

/// A whole number as QA write it in a step: `3`, `-12`, and `1,000` with thousands
/// separators (either width, `１，０００`), as a `{yen}` amount takes them. The other
/// wordings of a step (`OtherWordings`) take their `{int}` so.
enum GroupedInteger {
    static let typeName = "groupedInt"

    /// Any whole number, or one grouped by three (`1,000`, `12,345`; not `1,00`).
    static let pattern: String = {
        let (d, comma, minus) = (FullWidthText.digit, FullWidthText.comma, FullWidthText.minus)
        return "\(minus)?\(d){1,3}(?:\(comma)\(d){3})+|\(minus)?\(d)+"
    }()

    /// Why a matched number is no `Int`: only one too large for it.
    struct Failure: ConversionFailure, Sendable {
        var text: String
        var description: String { "\"\(text)\" is too large for {int}: the largest is \(Int.max)" }
        var japanese: String { "「\(text)」は{int}として大きすぎます（最大は\(Int.max)）" }
    }

    static func parse(_ text: String) throws(Failure) -> Int {
        let digits = FullWidthText.narrowed(text).filter { $0 != "," }
        guard let value = Int(digits) else { throw Failure(text: text) }
        return value
    }
}
