import CucumberExpressions
import Gherkin

/// Writes the Swift for an undefined step as a bare `StepRegistry.step` call: a start for
/// a step library of one's own. The built-in library declares its steps through its
/// `StepBook` instead (docs/architecture.md, "Adding a step").
enum SnippetBuilder {
    /// A `registry.step` call for the generator's best `expression`, a typed line per
    /// parameter, a line for the step's table or doc string, and a pending body.
    /// `valueType` names the Swift type of a custom parameter type's value (nil: unnamed).
    static func snippet(
        for expression: GeneratedExpression, argument: PickleStepArgument?,
        valueType: (String) -> String? = { _ in nil }
    ) -> String {
        var lines = ["registry.step(\"\(escapeForSwift(expression.source))\") { context in"]
        for (index, (typeName, name)) in zip(expression.parameterTypeNames, expression.parameterNames).enumerated() {
            if let swiftType = swiftType(forParameterType: typeName) ?? valueType(typeName) {
                lines.append("    let \(name): \(swiftType) = try context.argument(\(index))")
            } else {
                lines.append("    let \(name) = context.arguments[\(index)]  // the {\(typeName)} value")
            }
        }
        switch argument {
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
