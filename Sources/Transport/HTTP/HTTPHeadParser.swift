/// Finds and parses an HTTP/1.1 message head (start line + header fields) incrementally.
///
/// Feed it everything received so far; it remembers how far it has searched for the
/// blank line, so a head that arrives one byte at a time costs linear time. Pure: no I/O.
public struct HTTPHeadParser: Sendable {
    /// The largest head accepted (start line, fields, and the blank line).
    public static let defaultMaximumHeadSize = 16 * 1024

    public let maximumHeadSize: Int
    private var searchedUpTo = 0

    public init(maximumHeadSize: Int = HTTPHeadParser.defaultMaximumHeadSize) {
        self.maximumHeadSize = maximumHeadSize
    }

    /// The outcome of one parse step.
    public enum Step<Head: Sendable & Equatable>: Sendable, Equatable {
        /// The head is not complete yet; feed more bytes.
        case insufficientData
        /// A whole head; `length` bytes (including the blank line) were used.
        case head(Head, length: Int)
        /// The head is malformed or too large; the connection answers and closes.
        case failure(HTTPParseError)
    }

    /// Parses a request head from `bytes` (everything received so far).
    public mutating func parseRequest(_ bytes: [UInt8]) -> Step<HTTPRequest> {
        switch findHead(bytes) {
        case .insufficientData: return .insufficientData
        case .failure(let error): return .failure(error)
        case .head(let length, length: _):
            do {
                return .head(try HTTPHeadParser.request(from: bytes[0..<length]), length: length)
            } catch {
                return .failure(error)
            }
        }
    }

    /// Parses a response head from `bytes` (everything received so far).
    public mutating func parseResponse(_ bytes: [UInt8]) -> Step<HTTPResponseHead> {
        switch findHead(bytes) {
        case .insufficientData: return .insufficientData
        case .failure(let error): return .failure(error)
        case .head(let length, length: _):
            do {
                return .head(try HTTPHeadParser.response(from: bytes[0..<length]), length: length)
            } catch {
                return .failure(error)
            }
        }
    }

    private mutating func findHead(_ bytes: [UInt8]) -> Step<Int> {
        let limit = min(bytes.count, maximumHeadSize)
        var index = max(searchedUpTo, 1)
        while index < limit {
            if index >= 3, bytes[index] == 0x0A, bytes[index - 1] == 0x0D, bytes[index - 2] == 0x0A,
                bytes[index - 3] == 0x0D
            {
                return .head(index + 1, length: index + 1)
            }
            // A blank line ended by a bare LF, or a CR without its LF: a head with lines
            // ended that way, which is refused at once (400) instead of waiting for a
            // CRLF CRLF that never comes.
            if bytes[index - 1] == 0x0A && bytes[index] == 0x0A || bytes[index - 1] == 0x0D && bytes[index] != 0x0A {
                return .head(index + 1, length: index + 1)
            }
            index += 1
        }
        searchedUpTo = index
        if bytes.count >= maximumHeadSize {
            return .failure(
                HTTPParseError(
                    status: .requestHeaderFieldsTooLarge,
                    reason: "the head is over \(maximumHeadSize) bytes"))
        }
        return .insufficientData
    }

    // MARK: Pure parsing of a complete head

    /// Parses a complete request head (ending with the blank line).
    public static func request(from head: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPRequest {
        let (startLine, headers) = try lines(of: head)
        let parts = startLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("the request line is not 'METHOD target HTTP/1.1'") }
        let method = String(decoding: parts[0], as: UTF8.self)
        let target = String(decoding: parts[1], as: UTF8.self)
        let version = String(decoding: parts[2], as: UTF8.self)
        guard !parts[0].isEmpty, parts[0].allSatisfy(isTokenCharacter) else {
            throw .malformed("invalid method '\(method)'")
        }
        guard parts[1].first == UInt8(ascii: "/"), parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .malformed("invalid request target '\(target)'")
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            throw .malformed("unsupported HTTP version '\(version)'")
        }
        // RFC 9112 §3.2: a server answers 400 to an HTTP/1.1 request without a Host header.
        guard version == "HTTP/1.0" || headers["host"] != nil else {
            throw .malformed("an HTTP/1.1 request needs a Host header")
        }
        // RFC 9112 §3.2 and §6.3: two Host fields, or a Content-Length that is not one
        // number, leave the request's target or its end in doubt.
        guard headers.values("host").count <= 1 else { throw .malformed("more than one Host header") }
        let lengths = headers.values("content-length")
        if let length = lengths.first(where: { $0.isEmpty || !$0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) {
            throw .malformed("Content-Length '\(length)' is not a number of bytes")
        }
        if let first = lengths.first, let other = lengths.first(where: { $0 != first }) {
            throw .malformed("two Content-Length headers, '\(first)' and '\(other)'")
        }
        return HTTPRequest(method: method, target: target, version: version, headers: headers)
    }

    /// Parses a complete response head (ending with the blank line).
    public static func response(from head: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPResponseHead {
        let (statusLine, headers) = try lines(of: head)
        let parts = statusLine.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].starts(with: "HTTP/1.".utf8), parts[1].count == 3,
            parts[1].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else {
            throw .malformed("the status line is not 'HTTP/1.1 code reason'")
        }
        let code = parts[1].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        let reason = parts.count == 3 ? String(decoding: parts[2], as: UTF8.self) : ""
        return HTTPResponseHead(status: HTTPStatus(code: code, reason: reason), headers: headers)
    }

    /// Splits a complete head into its start line (bytes) and its header fields, checking
    /// the line endings, the names and the values on the bytes themselves.
    private static func lines(of head: ArraySlice<UInt8>) throws(HTTPParseError) -> (ArraySlice<UInt8>, HTTPHeaders) {
        // Almost every head is ASCII; only one that is not needs the full UTF-8 check.
        guard head.allSatisfy({ $0 < 0x80 }) || String(validating: head, as: UTF8.self) != nil else {
            throw .malformed("the head is not UTF-8")
        }
        var lines: [Range<Int>] = []
        var lineStart = head.startIndex
        var index = head.startIndex
        while index + 1 < head.endIndex {
            if head[index] == 0x0D, head[index + 1] == 0x0A {
                lines.append(lineStart..<index)
                index += 2
                lineStart = index
            } else {
                guard head[index] != 0x0A, head[index] != 0x0D else {
                    throw .malformed("a bare CR or LF in the head")
                }
                index += 1
            }
        }
        // The head ends with CRLF CRLF, which leaves one empty line at the end.
        guard lineStart == head.endIndex, lines.count >= 2, lines.removeLast().isEmpty else {
            throw .malformed("the head does not end with an empty line")
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            let bytes = head[line]
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
                throw .malformed("header line without ':'")
            }
            let name = bytes[..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else {
                throw .malformed("invalid header name '\(String(decoding: name, as: UTF8.self))'")
            }
            let value = bytes[(colon + 1)...]
            guard value.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
                throw .malformed("control character in header '\(String(decoding: name, as: UTF8.self))'")
            }
            headers.add(
                String(decoding: name, as: UTF8.self), String(decoding: value.trimmingSpaceBytes(), as: UTF8.self))
        }
        return (head[lines[0]], headers)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"),
            UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
            UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}

/// A parsed HTTP response head (what a WebSocket client reads back).
public struct HTTPResponseHead: Sendable, Equatable {
    public let status: HTTPStatus
    public let headers: HTTPHeaders
}
