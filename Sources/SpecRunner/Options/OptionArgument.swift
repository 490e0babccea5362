/// How every spec-run command reads `--name=value`: the name, and the value written after
/// the first `=`. Any other argument is a name with no value written in it, and the
/// command takes the option's value from the next argument.
package enum OptionArgument {
    package static func split(_ argument: String) -> (name: String, inlineValue: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
