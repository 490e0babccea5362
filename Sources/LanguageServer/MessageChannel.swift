import Foundation
import Glibc
import SpecRunner
import Wire

/// LSP's base protocol on standard input and output: each message is a `Content-Length: N`
/// header block, an empty line, and N bytes of JSON (JSON-RPC 2.0).
final class MessageChannel {
    enum Incoming {
        case body([UInt8])
        /// A header block without a usable `Content-Length`: the message is skipped.
        case badHeader(String)
        /// The input ended (the client went away).
        case end
    }

    private var buffer: [UInt8] = []
    private var start = 0

    /// The next message; blocks until it has arrived whole. A `Content-Length` after other
    /// bytes on its line starts a message there: what came before it belongs to none (the
    /// rest of a body longer than its `Content-Length` said, or one whose header had none),
    /// so the next message is found whatever the one before was.
    func next() -> Incoming {
        var length: Int?
        var problem: String?
        var header = false
        while var line = readLine() {
            if let found = line.range(of: "content-length:", options: .caseInsensitive),
                found.lowerBound != line.startIndex
            {
                line = String(line[found.lowerBound...])
                (length, problem) = (nil, nil)
            }
            if line.isEmpty {
                if let problem { return .badHeader(problem) }
                guard let length else {
                    if header { return .badHeader("a header block without Content-Length") }
                    // An empty line before any header is a stray newline, not a message.
                    continue
                }
                return readBytes(length).map { .body($0) } ?? .end
            }
            header = true
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else {
                problem = "header line without a colon: \"\(line)\""
                continue
            }
            guard parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            if let count = Int(value), count >= 0 {
                length = count
            } else {
                problem = "Content-Length is not a byte count: \"\(value)\""
            }
        }
        return .end
    }

    /// Whether more input has arrived: bytes read and not yet taken, or bytes waiting to be read.
    var hasWaitingInput: Bool {
        if start < buffer.count { return true }
        var waiting = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) > 0
    }

    /// Writes one JSON-RPC 2.0 message, `members` after its `jsonrpc` member: its header and
    /// its JSON (a write error drops it: the client is gone).
    func send(_ members: JSONObject) {
        var object: JSONObject = ["jsonrpc": "2.0"]
        for member in members.members { object.append(member.name, member.value) }
        let body = JSONValue.object(object).serialized
        FileDescriptorOutput.write("Content-Length: \(body.utf8.count)\r\n\r\n" + body, to: 1)
    }

    /// One header line without its `\r\n` (or `\n`); nil at the input's end.
    private func readLine() -> String? {
        // Bytes after `start` already searched, so a long line is searched once.
        var searched = 0
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                return line
            }
            searched = buffer.count - start
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
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += chunk[..<count]
            return true
        }
    }
}

/// A JSON-RPC 2.0 error, with the codes LSP uses.
struct RPCError: Error {
    enum Code: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
    }

    var code: Code
    var message: String
}
