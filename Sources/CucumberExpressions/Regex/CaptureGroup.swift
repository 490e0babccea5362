/// A capturing group of a regular expression's source, with the groups nested in it.
///
/// Non-capturing constructs (`(?:…)`, look-arounds, inline flags, atomic groups) are
/// transparent: their capturing children belong to the enclosing group.
struct CaptureGroup: Sendable, Equatable {
    /// The group's number in the regular expression (1 for the first `(`).
    let number: Int
    /// The source between the group's parentheses.
    let source: String
    let children: [CaptureGroup]

    /// The numbers of this group's descendants, in order of their opening parenthesis.
    var descendantNumbers: [Int] {
        children.flatMap { [$0.number] + $0.descendantNumbers }
    }

    /// The same group and its descendants, numbered `offset` higher.
    func renumbered(by offset: Int) -> CaptureGroup {
        guard offset != 0 else { return self }
        return CaptureGroup(
            number: number + offset, source: source, children: children.map { $0.renumbered(by: offset) })
    }

    /// The top-level capturing groups of `pattern`, numbered from `firstNumber`.
    ///
    /// Understands escapes, `\Q…\E` quoting, character classes (nested, and with a
    /// leading literal `]`) and the group syntaxes of ICU regular expressions.
    static func topLevelGroups(of pattern: String, firstNumber: Int = 1) -> [CaptureGroup] {
        let scalars = Array(pattern.unicodeScalars)
        var builders = [Builder(number: 0, start: 0, capturing: false)]
        var nextNumber = firstNumber
        var index = 0
        var classDepth = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                if index + 1 < scalars.count && scalars[index + 1] == "Q" {
                    index = endOfQuote(scalars, from: index + 2)
                } else {
                    index += 2
                }
                continue
            }
            if classDepth > 0 {
                if scalar == "[" {
                    classDepth += 1
                    index = skipLeadingClassBracket(scalars, from: index + 1)
                    continue
                }
                if scalar == "]" { classDepth -= 1 }
                index += 1
                continue
            }
            switch scalar {
            case "[":
                classDepth = 1
                index = skipLeadingClassBracket(scalars, from: index + 1)
                continue
            case "(":
                let capturing = isCapturing(scalars, at: index)
                builders.append(Builder(number: capturing ? nextNumber : 0, start: index + 1, capturing: capturing))
                if capturing { nextNumber += 1 }
            case ")" where builders.count > 1:
                let finished = builders.removeLast()
                if finished.capturing {
                    let source = String(String.UnicodeScalarView(scalars[finished.start..<index]))
                    builders[builders.count - 1].children.append(
                        CaptureGroup(number: finished.number, source: source, children: finished.children))
                } else {
                    builders[builders.count - 1].children += finished.children
                }
            default:
                break
            }
            index += 1
        }
        // An unbalanced pattern does not compile; whatever was closed is still reported.
        return builders.first?.children ?? []
    }

    private struct Builder {
        let number: Int
        let start: Int
        let capturing: Bool
        var children: [CaptureGroup] = []
    }

    /// `(` starts a capturing group unless followed by `?`, except for a named group
    /// `(?<name>…)` (but not the look-behinds `(?<=`, `(?<!`).
    private static func isCapturing(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 1 < scalars.count, scalars[index + 1] == "?" else { return true }
        guard index + 2 < scalars.count, scalars[index + 2] == "<" else { return false }
        guard index + 3 < scalars.count else { return false }
        return scalars[index + 3] != "=" && scalars[index + 3] != "!"
    }

    /// Past a `]` (or `^]`) that opens a class, where it stands for itself.
    private static func skipLeadingClassBracket(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var index = index
        if index < scalars.count && scalars[index] == "^" { index += 1 }
        if index < scalars.count && scalars[index] == "]" { index += 1 }
        return index
    }

    /// Past the `\E` closing a `\Q` quote (or the end of the pattern).
    private static func endOfQuote(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var index = index
        while index + 1 < scalars.count {
            if scalars[index] == "\\" && scalars[index + 1] == "E" { return index + 2 }
            index += 1
        }
        return scalars.count
    }
}
