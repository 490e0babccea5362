/// A reporter whose output is one document written when the run ends (and again, saying
/// so, when an interrupt comes while it is written): the JUnit report, the rerun file,
/// a console format sent to a file.
protocol DocumentReporter: RunReporter {
    /// Writes the document for what has been seen so far, ended by `end`, in pieces.
    func render(ending end: RunEnd, into write: (String) -> Void)
}

extension JUnitReporter: DocumentReporter {
    func render(ending end: RunEnd, into write: (String) -> Void) {
        handle(.runFinished(end))
        document().render(into: write)
    }
}
