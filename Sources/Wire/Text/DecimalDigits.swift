/// Writes whole numbers as ASCII decimal digits straight into a UTF-8 buffer, so the display
/// and the protocol's JSON never build a `String` per number, and reads them back in place.
public enum DecimalDigits {
    /// The whole number `text` spells, as `Int(_:)` reads it; nil when it is none. Ids,
    /// amounts and snapshot numbers are short runs of digits, read without a `String`;
    /// anything else is left to `Int`.
    @inlinable public static func integer(_ text: some Collection<UInt8>) -> Int? {
        let negative = text.first == UInt8(ascii: "-")
        let digits = text.dropFirst(negative ? 1 : 0)
        guard !digits.isEmpty, digits.count <= 18 else { return Int(String(decoding: text, as: UTF8.self)) }
        var magnitude = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            magnitude = magnitude * 10 + Int(digit)
        }
        return negative ? -magnitude : magnitude
    }

    /// `value` in decimal, `-` first when negative.
    public static func append(_ value: Int, to bytes: inout UTF8Buffer) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        append(value.magnitude, to: &bytes)
    }

    /// `value` in decimal; with a `separator`, one between every three digits from the
    /// right (`1,200`).
    public static func append(_ value: UInt, to bytes: inout UTF8Buffer, separator: UInt8? = nil) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value))
            return
        }
        var digitCount = 1
        var power: UInt = 10
        while digitCount < 20 && value >= power {
            digitCount += 1
            // The 20-digit check above keeps `power` from overflowing.
            power = power &* 10
        }
        let count = separator == nil ? digitCount : digitCount + (digitCount - 1) / 3
        // Digits come out least significant first: fill the space from its end.
        bytes.append(count: count) { space in
            var index = count
            var rest = value
            var written = 0
            repeat {
                if let separator, written > 0, written % 3 == 0 {
                    index -= 1
                    space[index] = separator
                }
                index -= 1
                space[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                written += 1
            } while rest > 0
        }
    }
}
