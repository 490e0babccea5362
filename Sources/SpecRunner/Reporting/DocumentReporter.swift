/// A reporter whose output is one document written when the run ends (and again, saying
/// so, when an interrupt comes while it is written): the JUnit report, the HTML report,
/// the Cucumber Messages, the rerun file, a console format sent to a file.
protocol DocumentReporter: RunReporter {
    /// Writes the document for what has been seen so far, ended by `end`, in pieces.
    func render(ending end: RunEnd, into write: (String) -> Void)
    /// The same document as UTF-8 bytes, for a file; by default `render`'s text.
    func renderBytes(ending end: RunEnd, into write: (UnsafeBufferPointer<UInt8>) -> Void)
}

extension DocumentReporter {
    func renderBytes(ending end: RunEnd, into write: (UnsafeBufferPointer<UInt8>) -> Void) {
        render(ending: end) { piece in
            var text = piece
            text.withUTF8 { write($0) }
        }
    }
}
