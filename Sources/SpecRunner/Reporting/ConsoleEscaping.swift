/// Text from feature files and from the system under test, made safe to print on a
/// terminal: a control character (C0 but the tab, DEL, C1) is shown as `\u{1B}` instead
/// of being sent raw, so an escape sequence in a product name cannot recolour, move or
/// clear the QA engineer's terminal, and an invisible character becomes visible. So do
/// the invisible format characters a paste brings along (a zero-width space, a byte-order
/// mark, a direction mark): `カートに\u{200B}「ラテ」…` shows why a step is undefined. (The
/// JUnit report replaces the characters XML forbids by U+FFFD; the console names them.)
enum ConsoleEscaping {
    /// `text` with its control characters written as `\u{HEX}`; line breaks too, so
    /// multi-line text is split into lines first.
    static func visible(_ text: String) -> String {
        guard needsWork(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) || isInvisible(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value != 0x09 && (scalar.value <= 0x1F || (0x7F...0x9F).contains(scalar.value))
    }

    /// Zero-width and direction characters, and the byte-order mark: invisible in text.
    /// The zero-width joiner is left alone (it joins emoji: 👨‍👩‍👧).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B, 0x200C, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// A look at the bytes: a control character is a byte below 0x20 (other than the tab)
    /// or 0x7F, or C1's two-byte form 0xC2 0x80–0x9F; an invisible one starts 0xE2 0x80,
    /// 0xE2 0x81 (U+2000–U+207F) or 0xEF 0xBB (U+FEFF).
    private static func needsWork(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F { return true }
            if previous == 0xC2, (0x80...0x9F).contains(byte) { return true }
            if previous == 0xE2, byte == 0x80 || byte == 0x81 { return true }
            if previous == 0xEF, byte == 0xBB { return true }
            previous = byte
        }
        return false
    }
}
