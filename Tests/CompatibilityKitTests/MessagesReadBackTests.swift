import Foundation
import TestSupport
import Testing

/// Every envelope `--format message` writes is read by the official Python
/// `cucumber-messages` (`JsonDataclassConverter`, which refuses a missing required
/// field) and written back unchanged (a field it does not know would be lost).
@Suite("Cucumber Messages read back by cucumber-messages")
struct MessagesReadBackTests {
    /// Reads each file given, line by line; prints each problem, then `read N envelopes,
    /// M problems`.
    static let script = """
        import json, sys
        from cucumber_messages import Envelope, message_converter
        count, problems = 0, 0
        for path in sys.argv[1:]:
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                count += 1
                data = json.loads(line)
                try:
                    back = message_converter.to_dict(message_converter.from_dict(data, Envelope))
                except Exception as error:
                    problems += 1
                    print(f"{path}:{number}: {error!r}")
                    continue
                if back != data:
                    problems += 1
                    print(f"{path}:{number}: read back as {json.dumps(back)[:400]}")
        print(f"read {count} envelopes, {problems} problems")
        """

    static func readBack(_ paths: [String]) async throws -> Shell.Output {
        try await Shell.execute("/usr/bin/env", ["python3", "-c", script] + paths)
    }

    @Test(
        "the repository's features run with the step library, and every kit sample, read back without a problem",
        .requires(.cucumberMessages), .requires(.sharedFolder))
    func everyEnvelopeReadsBack() async throws {
        let scratch = try BuiltBinary.temporaryDirectory("spec-run-messages")
        let features = scratch.appendingPathComponent("features.ndjson")
        let run = try await BuiltBinary.execute(
            ["--junit", "-", "--format", "message:\(features.path)", "features"], in: SharedTestdata.packageRoot)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        var paths = [features.path]
        for sample in CompatibilityKitTests.samples {
            let written = try await KitRun.messages(of: sample)
            let path = scratch.appendingPathComponent("\(sample).ndjson")
            try Data(written.messages.utf8).write(to: path)
            paths.append(path.path)
        }
        let output = try await Self.readBack(paths)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasSuffix(", 0 problems\n"), "\(output.stdout)")
        let count = Int(output.stdout.split(separator: " ").dropFirst().first ?? "") ?? 0
        #expect(count > 7000, "\(output.stdout)")
    }

    @Test("an envelope without a required field is refused (the reader is strict)", .requires(.cucumberMessages))
    func missingFieldIsRefused() async throws {
        let scratch = try BuiltBinary.temporaryDirectory("spec-run-messages")
        let path = scratch.appendingPathComponent("bad.ndjson")
        try Data(#"{"testRunStarted":{"id":"1"}}"#.utf8 + [0x0A]).write(to: path)
        let output = try await Self.readBack([path.path])
        #expect(output.stdout.contains("Missing required fields: timestamp"), "\(output.stdout)")
        #expect(output.stdout.hasSuffix("read 1 envelopes, 1 problems\n"))
    }
}
