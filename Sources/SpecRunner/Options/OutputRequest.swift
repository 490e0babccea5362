/// One `--format NAME[:FILE]`: what to write, and where.
struct OutputRequest: Sendable, Equatable {
    /// Every format `--format` takes; the first three are the console's.
    enum Format: String, Sendable, CaseIterable {
        case pretty, progress, summary, junit, html, rerun, message

        /// The console format this is, for `pretty`, `progress` and `summary`.
        var console: ConsoleFormat? { ConsoleFormat(rawValue: rawValue) }

        /// What an earlier run's file of this format looks like, for `ReportPath`: only such
        /// a file (or an empty one) is replaced or removed. `tail` is its end.
        func isEarlierReport(head: [UInt8], tail: [UInt8]? = nil, path: String) -> Bool {
            if head.isEmpty { return true }
            switch self {
            case .junit: return ReportPath.startsWithReportElement(head)
            case .rerun: return RerunFile.looksLikeRerun(head)
            case .html:
                return String(decoding: head, as: UTF8.self).contains("<meta name=\"generator\" content=\"spec-run\">")
            // The stream opens with its `meta` envelope (a `package.json` opens with `{` too).
            case .message: return head.starts(with: Array(#"{"meta":"#.utf8))
            case .pretty, .progress, .summary:
                // Console text has no mark at its start: a log file by its name, and by its
                // last line, the verdict (`12 passed, 1 failed`), as the run writes it.
                let name = path.lowercased()
                let last = String(decoding: tail ?? head, as: UTF8.self).split(separator: "\n").last ?? ""
                return (name.hasSuffix(".txt") || name.hasSuffix(".log"))
                    && last.wholeMatch(of: /\d+ passed, \d+ failed(, \d+ skipped)?/) != nil
            }
        }

        /// Whether the format shows what steps attach: a run keeps attachments only then.
        var showsAttachments: Bool { self == .html || self == .message }

        /// What the file holds, for messages (`the rerun file`), and a name this format's file
        /// could have (`junit.xml`): one that `isEarlierReport` takes for an earlier run's.
        private var names: (document: String, file: String) {
            switch self {
            case .junit: ("the JUnit report", "junit.xml")
            case .rerun: ("the rerun file", "rerun.txt")
            case .html: ("the HTML report", "report.html")
            case .message: ("the Cucumber Messages file", "messages.ndjson")
            case .pretty, .progress, .summary: ("the \(rawValue) output", "\(rawValue).txt")
            }
        }

        var documentName: String { names.document }
        var exampleFile: String { names.file }

        /// What the file's name is written after, for messages (`--junit`, `--format html:`).
        var option: String { self == .junit ? "--junit" : "--format \(rawValue):" }
    }

    var format: Format
    /// Where it goes; nil is standard output.
    var path: String?

    /// `progress:run.txt` as given.
    var written: String { path.map { "\(format.rawValue):\($0)" } ?? format.rawValue }
}

extension OutputRequest {
    /// `NAME` or `NAME:FILE`; the file is everything after the first colon.
    init(parsing text: String) throws(UsageError) {
        let name = text.prefix { $0 != ":" }
        guard let format = Format(rawValue: String(name)) else {
            let names = Format.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("--format '\(name)' is not one of \(names) (write NAME or NAME:FILE)")
        }
        let path = name.count < text.count ? String(text.dropFirst(name.count + 1)) : nil
        guard path?.isEmpty != true else {
            throw UsageError("--format '\(text)' names no file after ':' (write \(name):FILE, or \(name) alone)")
        }
        // `-` is no file: `--junit -` writes no report, and a format alone writes to standard output.
        if path == "-", format != .junit {
            throw UsageError(
                "--format '\(text)': '-' names no file; write --format \(name) for standard output, or \(name):FILE")
        }
        self.init(format: format, path: path)
    }
}
