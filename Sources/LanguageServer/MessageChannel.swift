import Foundation
import Glibc
import Wire

/// LSP's base protocol on two file descriptors: each message is a `Content-Length: N`
/// header block, an empty line, and N bytes of JSON (JSON-RPC 2.0).
final class MessageChannel {
    /// What reading the next message gave.
    enum Incoming {
        /// A whole message body.
        case body([UInt8])
        /// A header block without a usable `Content-Length`: the message is skipped.
        case badHeader(String)
        /// The input ended (the client went away).
        case end
    }

    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// The next message; blocks until it has arrived whole.
    func next() -> Incoming {
        var length: Int?
        var problem: String?
        while true {
            guard let line = readLine() else { return .end }
            if line.isEmpty {
                // An empty line before any header is a stray newline, not a message.
                if length == nil && problem == nil { continue }
                break
            }
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else {
                problem = "header line without a colon: \"\(line)\""
                continue
            }
            let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                if let count = Int(value), count >= 0 {
                    length = count
                } else {
                    problem = "Content-Length is not a byte count: \"\(value)\""
                }
            }
        }
        if let problem { return .badHeader(problem) }
        guard let length else { return .badHeader("the header has no Content-Length") }
        guard let body = readBytes(length) else { return .end }
        return .body(body)
    }

    /// Writes one message: its header and `json`.
    func send(_ json: JSONValue) {
        let body = Array(json.serialized.utf8)
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes += body
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(output, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                return
            }
            written += result
        }
    }

    /// One header line without its `\r\n` (or `\n`); nil at the input's end.
    private func readLine() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                return line
            }
            guard fill() else { return nil }
        }
    }

    private func readBytes(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        return bytes
    }

    /// Reads what the input has; false at its end.
    private func fill() -> Bool {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += chunk[..<count]
            return true
        }
    }
}
