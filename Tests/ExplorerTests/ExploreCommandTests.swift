import FaultyRegisters
import Foundation
import TestSupport
import Testing

/// `spec-run explore` as CI runs it: exit statuses, the seed printed and repeatable, the
/// scenario file, the JUnit report, Ctrl-C.
@Suite struct ExploreCommandTests {
    @Test func aUsageErrorExitsWith2AndNamesTheValue() async throws {
        let output = try await BuiltBinary.execute(["explore", "--actions", "0"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("invalid --actions '0' (expected a whole number from 1)"), "\(output.stderr)")
        let lang = try await BuiltBinary.execute(["explore", "--lang", "fr"])
        #expect(lang.status == 2)
        #expect(lang.stderr.contains("invalid --lang 'fr' (expected en or ja)"), "\(lang.stderr)")
        let time = try await BuiltBinary.execute(["explore", "--time", "1e16"])
        #expect(time.status == 2)
        #expect(time.stderr.contains("invalid --time '1e16' (expected seconds, from 0.001 to 86400)"), "\(time.stderr)")
        // --target is read as a run reads it.
        let port = try await BuiltBinary.execute(["explore", "--target", "ws://127.0.0.1:99999"])
        #expect(port.status == 2)
        #expect(
            port.stderr.hasPrefix(
                "spec-run explore: --target 'ws://127.0.0.1:99999' has port 99999: a port is 1 to 65535"),
            "\(port.stderr)")
        // An empty name is no file: refused before anything runs, as a run refuses `--junit ''`.
        for option in ["--junit", "--out"] {
            let unnamed = try await BuiltBinary.execute(["explore", option, "", "--actions", "1"])
            #expect(unnamed.status == 2, "\(unnamed.stderr)")
            #expect(unnamed.stderr.contains("invalid \(option) '' (expected a file name, or '-' "), "\(unnamed.stderr)")
        }
        // `--out $FILE --junit x` with the variable empty: no file named `--junit`.
        let folder = try BuiltBinary.temporaryDirectory("explore-usage")
        let empty = try await BuiltBinary.execute(["explore", "--out", "--junit", "x.xml"], in: folder)
        #expect(empty.status == 2)
        #expect(
            empty.stderr.contains("--out needs a value, and the next argument is the option '--junit'"),
            "\(empty.stderr)")
        // One file for the scenario and the report: refused before exploring, as two formats
        // of a run sharing one are.
        let shared = try await BuiltBinary.execute(
            ["explore", "--actions", "10", "--out", "found.x", "--junit", "./found.x"], in: folder)
        #expect(
            shared.status == 2 && shared.stderr.contains("--junit ./found.x names the same file"), "\(shared.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        // The report on standard output would be mixed with explore's own lines.
        let stdout = try await BuiltBinary.execute(
            ["explore", "--actions", "10", "--junit", "/dev/stdout"], in: folder)
        #expect(stdout.status == 2 && stdout.stderr.contains("it is standard output"), "\(stdout.stderr)")
        #expect(!stdout.stdout.contains("<?xml"))
    }

    @Test func oneOfAnythingIsCountedInTheSingular() async throws {
        let folder = try BuiltBinary.temporaryDirectory("explore-one")
        let output = try await BuiltBinary.execute(
            ["explore", "--seed", "5", "--actions", "1", "--junit", "report.xml"], in: folder)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("up to 1 action against the built-in simulator"), "\(output.stdout)")
        #expect(
            output.stdout.contains("nothing found after 1 action in 1 episode, 1 distinct state "), "\(output.stdout)")
        let report = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(report.contains(#"name="explore seed 5: 1 action""#), "\(report)")
    }

    @Test func nothingFoundOnTheBuiltInSimulatorExits0WithAPassingReport() async throws {
        let folder = try BuiltBinary.temporaryDirectory("explore-clean")
        let output = try await BuiltBinary.execute(
            ["explore", "--seed", "5", "--actions", "2000", "--junit", "report.xml"], in: folder)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("seed 5"))
        #expect(output.stdout.contains("nothing found after 2000 actions"), "\(output.stdout)")
        let report = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(report.contains(#"<testsuite name="spec-run explore" tests="1" failures="0""#), "\(report)")
        // A finding an earlier run left at --out goes when this run finds none; a file of
        // the user's stays.
        let earlier = folder.appendingPathComponent("found.feature")
        let finding = """
            # language: ja
            # spec-run explore --seed 1: a refused action names the rule's error code
            機能: spec-run explore が見つけた問題

              シナリオ: 拒否された操作は規則のエラーコードを返す
                もし お会計に進もうとする
                ならば 「emptyCart」で拒否される

            """
        try finding.write(to: earlier, atomically: true, encoding: .utf8)
        let clean = try await BuiltBinary.execute(
            ["explore", "--seed", "5", "--actions", "10", "--out", "found.feature"], in: folder)
        #expect(clean.status == 0 && !FileManager.default.fileExists(atPath: earlier.path), "\(clean.stdout)")
        #expect(clean.stdout.contains("removed the scenario an earlier run wrote at found.feature"), "\(clean.stdout)")
        // A file of the user's, a finding edited (renamed, grown), or a folder, is refused
        // before exploring, and stays.
        let edited = finding + "  シナリオ: 手で書いたもの\n    もし お会計に進もうとする\n"
        try edited.write(to: earlier, atomically: true, encoding: .utf8)
        let grown = try await BuiltBinary.execute(
            ["explore", "--seed", "5", "--actions", "10", "--out", "found.feature"], in: folder)
        #expect(grown.status == 2 && grown.stderr.contains("something other than a scenario explore wrote"))
        #expect(try String(contentsOf: earlier, encoding: .utf8) == edited)
        try "Feature: mine\n".write(to: earlier, atomically: true, encoding: .utf8)
        let mine = try await BuiltBinary.execute(
            ["explore", "--seed", "5", "--actions", "10", "--out", "found.feature"], in: folder)
        #expect(mine.status == 2 && !mine.stdout.contains("seed"), "\(mine.stdout)")
        #expect(
            mine.stderr
                == "spec-run explore: error: the scenario cannot be written to found.feature: it holds something other"
                + " than a scenario explore wrote, which the scenario would replace: name another file\n")
        #expect(try String(contentsOf: earlier, encoding: .utf8) == "Feature: mine\n")
        let folderOut = try await BuiltBinary.execute(["explore", "--actions", "10", "--out", "."], in: folder)
        #expect(folderOut.status == 2 && folderOut.stderr.contains("it is a folder"), "\(folderOut.stderr)")
        // `--junit -` writes no report, as in a run (no file named `-`).
        let none = try await BuiltBinary.execute(
            ["explore", "--seed", "5", "--actions", "10", "--junit", "-"], in: folder)
        #expect(none.status == 0, "\(none.stdout)\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
        // Nor `--out -`: the scenario is printed only.
        let printed = try await BuiltBinary.execute(
            ["explore", "--seed", "5", "--actions", "10", "--out", "-"], in: folder)
        #expect(printed.status == 0 && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    }

    @Test func theJUnitPathIsCheckedAndWrittenAsARunDoesIt() async throws {
        let folder = try BuiltBinary.temporaryDirectory("explore-paths")
        // A device is refused before exploring (it stays a device), as is a file of the user's.
        let device = try await BuiltBinary.execute(["explore", "--actions", "10", "--junit", "/dev/full"], in: folder)
        #expect(device.status == 2 && device.stderr.contains("/dev/full: it is a device"), "\(device.stderr)")
        #expect(!device.stdout.contains("seed"))
        let kind = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        #expect(kind == .typeCharacterSpecial)
        let notes = folder.appendingPathComponent("notes.txt")
        try "mine\n".write(to: notes, atomically: true, encoding: .utf8)
        let mine = try await BuiltBinary.execute(["explore", "--actions", "10", "--junit", "notes.txt"], in: folder)
        #expect(mine.status == 2 && mine.stderr.contains("something other than a JUnit report"), "\(mine.stderr)")
        #expect(try String(contentsOf: notes, encoding: .utf8) == "mine\n")
        // A link stays a link, the report written where it leads, in a folder made for it.
        let link = folder.appendingPathComponent("link.xml")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "reports/explore.xml")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
        let linked = try await BuiltBinary.execute(["explore", "--actions", "10", "--junit", "link.xml"], in: folder)
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "reports/explore.xml")
        let report = try String(contentsOf: folder.appendingPathComponent("reports/explore.xml"), encoding: .utf8)
        #expect(report.contains("<testsuite name=\"spec-run explore\""), "\(report)")
        // A named pipe at --out is not opened to look for an earlier finding there.
        #expect(mkfifo(folder.appendingPathComponent("out.fifo").path, 0o644) == 0)
        let fifo = try await BuiltBinary.execute(["explore", "--actions", "10", "--out", "out.fifo"], in: folder)
        #expect(fifo.status == 0, "\(fifo.stderr)")
    }

    @Test func aFullStandardOutputLosesTheTextNotTheCommand() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltBinary.path)
        process.arguments = ["explore", "--seed", "1", "--actions", "10"]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(process.terminationStatus)")
    }

    @Test func aFindingExits1WritesTheScenarioAndTheReportAndRepeatsWithItsSeed() async throws {
        let server = try FaultyRegister.start(.changeHiddenWhenZero)
        defer { server.stop() }
        let folder = try BuiltBinary.temporaryDirectory("explore-found")
        let arguments = [
            "explore", "--target", "ws://127.0.0.1:\(server.port)", "--seed", "11", "--actions", "20000", "--lang",
            "ja",
        ]
        let first = try await BuiltBinary.execute(
            arguments + ["--out", "one.feature", "--junit", "one.xml"], in: folder)
        #expect(first.status == 1, "\(first.stdout)\(first.stderr)")
        #expect(first.stdout.contains("rule broken: each screen shows exactly the fields the rules list for it"))
        let scenario = try String(contentsOf: folder.appendingPathComponent("one.feature"), encoding: .utf8)
        #expect(scenario.hasPrefix("# language: ja\n"))
        #expect(scenario.contains("\n  シナリオ: 各画面は規則が挙げる項目を過不足なく表示する\n"), "\(scenario)")
        #expect(scenario.contains("カスタマーディスプレイにお釣り¥0が表示される"), "\(scenario)")
        let report = try String(contentsOf: folder.appendingPathComponent("one.xml"), encoding: .utf8)
        #expect(report.contains(#"failures="1""#) && report.contains("<failure message="), "\(report)")
        let second = try await BuiltBinary.execute(arguments + ["--out", "two.feature"], in: folder)
        #expect(second.status == 1)
        #expect(try String(contentsOf: folder.appendingPathComponent("two.feature"), encoding: .utf8) == scenario)
    }

    @Test func aTimeBudgetEndsTheRunBeforeItsActions() async throws {
        let output = try await BuiltBinary.execute(["explore", "--seed", "8", "--actions", "100000000", "--time", "1"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("nothing found after"), "\(output.stdout)")
        #expect(output.stdout.contains("(seed 8): --time 1 s ran out before --actions 100000000\n"), "\(output.stdout)")
    }

    /// A register that cannot be reached is a usage problem (exit 2), but the report says
    /// so: an earlier green report at the path never stands for this run.
    @Test func anUnreachableTargetExits2WithAnErrorInTheReport() async throws {
        let folder = try BuiltBinary.temporaryDirectory("explore-unreachable")
        let report = folder.appendingPathComponent("report.xml")
        let output = try await BuiltBinary.execute(
            ["explore", "--target", "ws://127.0.0.1:9", "--seed", "3", "--junit", report.path], in: folder)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        #expect(
            output.stderr.contains("cannot reach the register at ws://127.0.0.1:9: nothing is listening there"),
            "\(output.stderr)")
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.contains(#"failures="0" errors="1""#) && xml.contains(#"type="unreachable""#), "\(xml)")
    }

    /// As a run: Ctrl-C ends with 130, SIGTERM (a CI's cancel) with 143, each with a report;
    /// a finding an earlier run left at --out stays, as nothing shows it is gone.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] as [(Int32, Int32)])
    func aSignalStopsWithWhatWasFoundSoFarAndAnErrorInTheReport(_ signal: Int32, _ status: Int32) async throws {
        let folder = try BuiltBinary.temporaryDirectory("explore-interrupted-\(signal)")
        let earlier = folder.appendingPathComponent("found.feature")
        let finding = ScenarioWriterTests.findingText
        try finding.write(to: earlier, atomically: true, encoding: .utf8)
        let child = try Child(
            BuiltBinary.path,
            ["explore", "--seed", "3", "--actions", "100000000", "--junit", "report.xml", "--out", "found.feature"],
            currentDirectory: folder)
        try await Task.sleep(for: .seconds(2))
        child.signal(signal)
        let stopped = try await offPool { child.wait(within: .seconds(20)) }
        if stopped == nil {
            child.signal(SIGKILL)
            _ = try await offPool { child.wait() }
        }
        let ending = try #require(stopped, "explore did not stop after SIGINT")
        let output = String(decoding: child.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        #expect(ending.status == status, "\(output)")
        #expect(try String(contentsOf: earlier, encoding: .utf8) == finding)
        #expect(output.contains("spec-run explore: interrupted after"), "\(output)")
        // Not a green test case: the exploration did not finish.
        let report = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(report.contains(#"failures="0" errors="1""#), "\(report)")
        #expect(report.contains(#"type="interrupted">interrupted after "#), "\(report)")
    }
}
