/// Whether a value found in a step's text stands on its own, so that a snippet may put a
/// parameter in its place (`3` in `I have 3 cukes`, not in `i18n`).
///
/// As the reference, white space, punctuation and symbols separate words. Spec-run adds
/// the kana and CJK ideographs: Japanese writes no spaces (`カートに3個追加する`), so the
/// script change is the boundary there, on either side of a Japanese word (`合計` in
/// `合計468円`, as in `468円`).
public enum WordBoundary {
    /// Whether a boundary precedes UTF-16 offset `offset`.
    static func isBefore(_ offset: Int, in units: [UInt16]) -> Bool {
        guard offset > 0 else { return true }
        let before = start(before: offset, in: units)
        return separates(scalar(at: before, in: units)) || offset < units.count && isJapanese(at: offset, in: units)
    }

    /// Whether a boundary follows at UTF-16 offset `offset`.
    static func isAfter(_ offset: Int, in units: [UInt16]) -> Bool {
        guard offset < units.count else { return true }
        return separates(scalar(at: offset, in: units))
            || offset > 0 && isJapanese(at: start(before: offset, in: units), in: units)
    }

    /// Where the scalar that ends at `offset` (> 0) starts: one unit back, two for a surrogate pair.
    private static func start(before offset: Int, in units: [UInt16]) -> Int {
        let last = offset - 1
        return UTF16.isTrailSurrogate(units[last]) && last > 0 ? last - 1 : last
    }

    private static func isJapanese(at offset: Int, in units: [UInt16]) -> Bool {
        scalar(at: offset, in: units).map(isJapanese) ?? false
    }

    private static func scalar(at offset: Int, in units: [UInt16]) -> Unicode.Scalar? {
        var iterator = units[offset...].makeIterator()
        var decoder = UTF16()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    private static func separates(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        if scalar.properties.isWhitespace || isJapanese(scalar) { return true }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// Hiragana, katakana (full and half width), CJK ideographs and the iteration mark.
    public static func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3005, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x2FFFF:
            return true
        default:
            return false
        }
    }
}
