/// Text from feature files and from the system under test, made safe to print on a
/// terminal: a control character (C0 but the tab, DEL, C1) is shown as `\u{1B}` instead
/// of being sent raw, so an escape sequence in a product name cannot recolour, move or
/// clear the QA engineer's terminal, and an invisible character becomes visible. (The
/// JUnit report replaces the characters XML forbids by U+FFFD; the console names them.)
enum ConsoleEscaping {
    /// `text` with its control characters written as `\u{HEX}`; line breaks too, so
    /// multi-line text is split into lines first.
    static func visible(_ text: String) -> String {
        guard needsWork(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// A look at the bytes: a control character is a byte below 0x20 (other than the tab)
    /// or 0x7F, or C1's two-byte form 0xC2 0x80–0x9F.
    private static func needsWork(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F { return true }
            if previous == 0xC2, (0x80...0x9F).contains(byte) { return true }
            previous = byte
        }
        return false
    }
}
