/// Turns matched numerals into numbers for the built-in parameter types.
///
/// ICU's `\d` matches every Unicode decimal digit, so full-width `３` can reach a
/// transform; digits are mapped to ASCII first. A group that took no part gives a nil
/// optional, so a value is always produced for an alternative that was not taken.
enum NumberConversion {
    static func integer(_ text: String?, typeName: String, in range: ClosedRange<Int>) throws -> any Sendable {
        guard let text else { return Int?.none as any Sendable }
        guard let value = Int(asciiDigits(text)), range.contains(value) else {
            // Told in numbers as QA writes them: too large or too small, and the limit.
            // The regular expressions take an ASCII minus only (`-?\d+`).
            let negative = text.hasPrefix("-")
            let limit = grouped(negative ? range.lowerBound : range.upperBound)
            throw CucumberExpressionError(
                message: negative
                    ? "\"\(text)\" is too small for {\(typeName)}: the smallest is \(limit)"
                    : "\"\(text)\" is too large for {\(typeName)}: the largest is \(limit)")
        }
        return value
    }

    static func double(_ text: String?, typeName: String) throws -> any Sendable {
        guard let text else { return Double?.none as any Sendable }
        guard let value = Double(asciiDigits(text)) else {
            throw CucumberExpressionError(message: "\"\(text)\" is not a number {\(typeName)} can read")
        }
        return value
    }

    /// Arbitrary-precision numbers stay text (ASCII digits): `Decimal` holds only 38
    /// significant digits and Swift has no big integer.
    static func decimalText(_ text: String?, typeName: String) throws -> any Sendable {
        guard let text else { return String?.none as any Sendable }
        return asciiDigits(text)
    }

    /// `9,223,372,036,854,775,807`: digits in groups of three.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    static func asciiDigits(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
                (0...9).contains(value)
            {
                result.append(Unicode.Scalar(UInt8(48 + Int(value))))
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
