import Testing

@testable import SpecRunner

/// The reference implementation's cases (cucumber/tag-expressions `testdata/*.yml`),
/// transcribed; YAML single-quoted strings keep backslashes as written.
@Suite("Tag expressions")
struct TagExpressionTests {
    @Test(
        "parses to the reference's canonical form",
        arguments: [
            (#"@a and @b"#, #"( @a and @b )"#),
            (#"@a or @b"#, #"( @a or @b )"#),
            (#"not @a"#, #"not ( @a )"#),
            (#"@a and @b and @c"#, #"( ( @a and @b ) and @c )"#),
            (#"( @a and @b ) or ( @c and @d )"#, #"( ( @a and @b ) or ( @c and @d ) )"#),
            (
                #"not @a or @b and not @c or not @d or @e and @f"#,
                #"( ( ( not ( @a ) or ( @b and not ( @c ) ) ) or not ( @d ) ) or ( @e and @f ) )"#
            ),
            (
                #"not @a\(\) or @b and not @c or not @d or @e and @f"#,
                #"( ( ( not ( @a\(\) ) or ( @b and not ( @c ) ) ) or not ( @d ) ) or ( @e and @f ) )"#
            ),
            (#"not (@a and @b)"#, #"not ( @a and @b )"#),
            (#"not (@a or @b)"#, #"not ( @a or @b )"#),
            (#"not (@a and @b) and @c or not (@d or @f)"#, #"( ( not ( @a and @b ) and @c ) or not ( @d or @f ) )"#),
            (#"@a\\ and @b"#, #"( @a\\ and @b )"#),
            (#"@\\a and @b"#, #"( @\\a and @b )"#),
            (#"@a and @b\\"#, #"( @a and @b\\ )"#),
            (#"( @a and @b\\\\)"#, #"( @a and @b\\\\ )"#),
            (#"@a\\\( and @b\\\)"#, #"( @a\\\( and @b\\\) )"#),
            (#"(@a and @\\b)"#, #"( @a and @\\b )"#),
            (#"@x or(@y) "#, #"( @x or @y )"#),
            (#"@x\(1\) or(@y\(2\))"#, #"( @x\(1\) or @y\(2\) )"#),
            (#"@\\x or @y\\ or @z\\"#, #"( ( @\\x or @y\\ ) or @z\\ )"#),
            (#"@x\\ or(@y\\\)) or(@z\\)"#, #"( ( @x\\ or @y\\\) ) or @z\\ )"#),
            (#"@x\  or @y"#, #"( @x\  or @y )"#),
            ("", "true"),
        ])
    func parsing(source: String, formatted: String) throws {
        #expect(try TagExpression(parsing: source).description == formatted)
    }

    @Test(
        "evaluates as the reference does",
        arguments: [
            (#"not @x"#, ["@x"], false), (#"not @x"#, ["@y"], true),
            (#"@x and @y"#, ["@x", "@y"], true), (#"@x and @y"#, ["@x"], false), (#"@x and @y"#, ["@y"], false),
            (#"@x or @y"#, [], false), (#"@x or @y"#, ["@x", "@y"], true), (#"@x or @y"#, ["@x"], true),
            (#"@x or @y"#, ["@y"], true),
            (#"@x\(1\) or @y\(2\)"#, ["@x(1)"], true), (#"@x\(1\) or @y\(2\)"#, ["@y(2)"], true),
            (#"@x\\ or @y\\\) or @z\\"#, [#"@x\"#], true), (#"@x\\ or @y\\\) or @z\\"#, [#"@y\)"#], true),
            (#"@x\\ or @y\\\) or @z\\"#, [#"@z\"#], true), (#"@x\\ or @y\\\) or @z\\"#, ["@x"], false),
            (#"@x\\ or @y\\\) or @z\\"#, ["@y)"], false), (#"@x\\ or @y\\\) or @z\\"#, ["@z"], false),
            (#"@\\x or @y\\ or @z\\"#, [#"@\x"#], true), (#"@\\x or @y\\ or @z\\"#, [#"@y\"#], true),
            (#"@\\x or @y\\ or @z\\"#, [#"@z\"#], true), (#"@\\x or @y\\ or @z\\"#, ["@x"], false),
            (#"@\\x or @y\\ or @z\\"#, ["@y"], false), (#"@\\x or @y\\ or @z\\"#, ["@z"], false),
            ("@smoke and not (@wip or @slow)", ["@smoke"], true),
            ("@smoke and not (@wip or @slow)", ["@smoke", "@slow"], false),
            ("", [], true),
        ])
    func evaluation(source: String, tags: [String], expected: Bool) throws {
        #expect(try TagExpression(parsing: source).evaluate(Set(tags)) == expected)
    }

    static let comma =
        #"An invalid tag combination operator was detected. The use of a comma (",") to combine tags is not supported. Please replace it with either the "or" or "and" operators for tag combinations. For example, use "@tag1 or @tag2" or "@tag1 and @tag2""#

    @Test(
        "rejects bad expressions with the reference's messages",
        arguments: [
            (#"@a @b or"#, "Expected operator."),
            (#"@a and (@b not)"#, "Expected operator."),
            (#"@a and (@b @c) or"#, "Expected operator."),
            (#"@a and or"#, "Expected operand."),
            (#"@a,@b"#, comma),
            (#"(@a ,@b)"#, comma),
            (#"or or"#, "Expected operand."),
            (#"@a @b"#, "Expected operator."),
            (#"( @a and @b ) )"#, "Unmatched )."),
            (#"( ( @a and @b )"#, "Unmatched (."),
            (#"@x or @\y or @z"#, #"Illegal escape before "y"."#),
            (#"@x\ or @y"#, "Expected operator."),
            (#"@a and"#, "Expected operand."),
            (#"not"#, "Expected operand."),
            (#"@a\"#, #"Illegal escape before "<end>"."#),
        ])
    func errors(source: String, reason: String) {
        #expect(throws: TagExpressionError(expression: source, reason: reason)) {
            try TagExpression(parsing: source)
        }
        let message = (try? TagExpression(parsing: source)).map(\.description)
        #expect(message == nil)
    }

    @Test("the error message is the reference's sentence")
    func message() {
        let error = TagExpressionError(expression: "@a and or", reason: "Expected operand.")
        #expect(
            error.description
                == #"Tag expression "@a and or" could not be parsed because of syntax error: Expected operand."#)
    }
}
