// libFuzzer entry point for the Gherkin pipeline; built and run by run-gherkin-fuzzer.sh
// (compiled together with Sources/Gherkin as one module, so no `import Gherkin`).

/// Feeds arbitrary bytes through parse → compile → NDJSON and the token formatter, and
/// checks the invariants every caller relies on. Any trap is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func gherkinFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let parsed = parseFeatureFile(bytes: bytes, uri: "fuzz.feature", ids: .incrementing())
    precondition(parsed.errors.isEmpty != (parsed.document == nil), "a document exactly when there are no errors")
    precondition(parsed.errors.isEmpty || parsed.pickles.isEmpty, "no pickles from a file with errors")
    precondition(parsed.errors.count <= 11, "the parser stops after the eleventh error")
    for error in parsed.errors {
        precondition(error.message.hasPrefix("(\(error.location.line):"), "messages start with the location")
        precondition(error.location.line >= 1, "lines are 1-based")
    }
    if let feature = parsed.document?.feature {
        precondition(feature.location.line >= 1 && (feature.location.column ?? 1) >= 1, "locations are 1-based")
    }
    if let source = parsed.source, String(validating: bytes, as: UTF8.self) != nil {
        // Built lazily from the bytes: for UTF-8 input it must be exactly the file's text.
        precondition(Array(source.utf8) == bytes, "the source is the file's text")
    }
    let output = MessageEncoder.envelopes(for: parsed)
    precondition(output.last == nil || output.last == UInt8(ascii: "\n"), "NDJSON ends with a newline")
    _ = FeatureFileReader(uri: "fuzz.feature", ids: .incrementing()).formattedTokens(bytes)
    return 0
}
