import Foundation
import Wire

/// What the run's Cucumber Messages envelopes need of the one JSON writer (Wire's): an
/// envelope a line, timestamps and durations. Gherkin's `MessageEncoder` writes the source,
/// document and pickle envelopes with the same writer.
extension JSONWriter {
    /// One envelope: `{"name":{…}}` and a newline.
    mutating func envelope(_ name: StaticString, _ body: (inout JSONWriter) -> Void) {
        object { json in
            json.key(name)
            json.object(body)
        }
        newline()
    }

    /// `{"seconds":…,"nanos":…}` since 1970 (a Timestamp).
    mutating func timestamp(_ name: StaticString, _ date: Date) {
        let interval = date.timeIntervalSince1970
        let seconds = interval.rounded(.down)
        object(name) { json in
            json.member("seconds", Int(seconds))
            json.member("nanos", min(999_999_999, Int((interval - seconds) * 1e9)))
        }
    }

    /// `{"seconds":…,"nanos":…}` (a Duration).
    mutating func duration(_ name: StaticString, _ duration: Duration) {
        let nanos = duration.components.attoseconds / 1_000_000_000
        object(name) { json in
            json.member("seconds", Int(duration.components.seconds))
            json.member("nanos", Int(nanos))
        }
    }
}
