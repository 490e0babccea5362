import CucumberExpressions

/// Writes the Swift for an undefined step as a bare `StepRegistry.step` call: a start for
/// a step library of one's own. The built-in library declares its steps through its
/// `StepBook` instead (docs/architecture.md, "Adding a step").
enum SnippetBuilder {
    /// What the step carries besides its text.
    enum Attachment: Sendable {
        case none, dataTable, docString
    }

    /// A `registry.step` call for `text`, using the generator's best expression (or the
    /// escaped text when it proposes none), a typed line per parameter and a pending body.
    /// `valueType` names the Swift type of a custom parameter type's value (nil: unnamed).
    static func snippet(
        for text: String, generated: [GeneratedExpression], attachment: Attachment,
        valueType: (String) -> String? = { _ in nil }
    ) -> String {
        let expression = generated.first
        let source = expression?.source ?? escapeForExpression(text)
        var lines = ["registry.step(\"\(escapeForSwift(source))\") { context in"]
        if let expression {
            for (index, typeName) in expression.parameterTypeNames.enumerated() {
                let name =
                    index < expression.parameterNames.count ? expression.parameterNames[index] : "value\(index + 1)"
                if let swiftType = swiftType(forParameterType: typeName) ?? valueType(typeName) {
                    lines.append("    let \(name): \(swiftType) = try context.argument(\(index))")
                } else {
                    lines.append("    let \(name) = context.arguments[\(index)]  // the {\(typeName)} value")
                }
            }
        }
        switch attachment {
        case .none: break
        case .dataTable: lines.append("    let table = context.dataTable  // rows of cells, header first")
        case .docString: lines.append("    let docString = context.docString?.content ?? \"\"")
        }
        return (lines + ["    throw PendingStep()", "}"]).joined(separator: "\n")
    }

    /// The Swift type of a built-in parameter type's value; nil for custom types.
    static func swiftType(forParameterType name: String) -> String? {
        switch name {
        case "int", "byte", "short", "long", "biginteger": "Int"
        case "float", "double", "bigdecimal": "Double"
        case "word", "string", "": "String"
        default: nil
        }
    }

    /// Text as a Cucumber Expression that matches it literally.
    static func escapeForExpression(_ text: String) -> String {
        text.reduce(into: "") { out, character in
            if "\\(){}/".contains(character) { out.append("\\") }
            out.append(character)
        }
    }

    static func escapeForSwift(_ text: String) -> String {
        let escapes: [Unicode.Scalar: String] = ["\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
        var out = ""
        for scalar in text.unicodeScalars {
            if let escaped = escapes[scalar] {
                out += escaped
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
