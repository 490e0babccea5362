import Dispatch
import Explorer
import Foundation
import SimulatorServer
import SpecRunner
import StepLibrary

/// `spec-run simulate`: serves the simulator until Ctrl-C (SIGINT), SIGTERM or SIGHUP.
enum SimulateCommand {
    static let usage = """
        usage: spec-run simulate [--host ADDRESS] [--port N]

        Serves the point-of-sale simulator (protocol.md) until Ctrl-C: the customer
        display, the register page (a form for the register's and the calendar's
        actions, with a record switch that writes a scenario) and the endpoints.

          --host ADDRESS  IPv4 or IPv6 address to bind (default 127.0.0.1, loopback
                          only; ::1 is IPv6's loopback; 0.0.0.0 serves every interface)
          --port N        TCP port, 0-65535 (default 8080; 0 lets the OS choose)
          -h, --help      show this help

        """

    /// The parsed command line.
    struct Options {
        var host = "127.0.0.1"
        var port: UInt16 = 8080
    }

    static func run(_ arguments: [String]) -> Int32 {
        ValueOptions.run(
            arguments, command: "simulate", usage: usage, names: ["--host", "--port"], into: Options(), set: set, serve)
    }

    private static func serve(_ options: Options) -> Int32 {
        let simulator: RunningSimulator
        do {
            simulator = try SimulatorServer.start(host: options.host, port: options.port, registerPage: registerPage)
        } catch {
            writeText("spec-run simulate: cannot serve on \(options.host):\(options.port): \(error)\n", error: true)
            return 1
        }
        let stopSignal = DispatchSemaphore(value: 0)
        InterruptSource.signals().onInterrupt { _ in stopSignal.signal() }
        let base =
            simulator.host.contains(":")
            ? "[\(simulator.host)]:\(simulator.port)" : "\(simulator.host):\(simulator.port)"
        writeText(
            """
            spec-run simulate: serving on \(base)
              customer display  http://\(base)/
              register page     http://\(base)/register-page
              health            http://\(base)/health
              display feed      ws://\(base)/display
              register          ws://\(base)/register
              calendar          ws://\(base)/calendar
              recorder          ws://\(base)/record
            Press Ctrl-C to stop.

            """)
        stopSignal.wait()
        simulator.stop()
        writeText("spec-run simulate: stopped\n")
        return 0
    }

    /// The register page's glosses (the step library's rejection codes) and its recorder
    /// (the explorer's scenario writer).
    static var registerPage: RegisterPageSupport {
        // Both lists hold the same codes in the same order (one gloss each).
        let glosses = zip(EditorCatalogue.rejectionCodes("en"), EditorCatalogue.rejectionCodes("ja"))
        return RegisterPageSupport(
            meanings: glosses.map { ($0.code, $0.meaning, $1.meaning) },
            record: RecordedScenario.answer)
    }

    /// Reads `--host A` and `--port N`; what the option expects, when `value` is not that.
    private static func set(_ options: inout Options, _ name: String, _ value: String) -> String? {
        if name == "--host" {
            guard isIPv4(value) || isIPv6(value) || value == "localhost" else {
                return "an IP address such as 127.0.0.1 or ::1"
            }
            options.host = value
        } else {
            guard let port = UInt16(value) else { return "a number from 0 to 65535" }
            options.port = port
        }
        return nil
    }

    private static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && UInt8(part) != nil
            }
    }

    private static func isIPv6(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }
}
