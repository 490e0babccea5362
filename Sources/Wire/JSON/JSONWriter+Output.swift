import Glibc

/// Nesting by closure, fields Cucumber Messages omit when absent, NDJSON lines, and the
/// output itself: a writer fills one buffer and hands it to a file descriptor in large
/// chunks (`write(to:)`, then `removeAll()`), so a stream of millions of values costs a
/// system call per chunk, not per value.
extension JSONWriter {
    /// Writes an object whose members `body` writes.
    @inlinable public mutating func object(_ body: (inout JSONWriter) -> Void) {
        beginObject()
        body(&self)
        endObject()
    }

    /// Writes an array of `elements`, each written by `body`.
    @inlinable
    public mutating func array<Element>(_ elements: [Element], _ body: (inout JSONWriter, Element) -> Void) {
        beginArray()
        for element in elements { body(&self, element) }
        endArray()
    }

    /// Writes a member whose value is an object `body` writes.
    @inlinable public mutating func object(_ name: StaticString, _ body: (inout JSONWriter) -> Void) {
        key(name)
        object(body)
    }

    /// Writes a member whose value is an array of `elements`, each written by `body`.
    @inlinable
    public mutating func array<Element>(
        _ name: StaticString, _ elements: [Element], _ body: (inout JSONWriter, Element) -> Void
    ) {
        key(name)
        array(elements, body)
    }

    /// Writes the member only when `value` is not nil (an absent field is left out, not null).
    @inlinable public mutating func member(_ name: StaticString, ifPresent value: String?) {
        if let value { member(name, value) }
    }

    @inlinable public mutating func member(_ name: StaticString, ifPresent value: Int?) {
        if let value { member(name, value) }
    }

    /// Ends the line: the next value starts a new one, without a comma (NDJSON: one value
    /// per line).
    @inlinable public mutating func newline() {
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Appends text as it is (a header or usage text around the JSON), without a separator.
    public mutating func append(text: String) {
        buffer.append(contentsOf: text)
    }

    /// Calls `body` with the bytes written so far, in place (no copy).
    public func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: buffer.base, count: buffer.count))
    }

    /// How many bytes are written and not yet removed: flush when this passes a chunk size.
    public var count: Int { buffer.count }

    /// Forgets everything written, keeping the buffer's capacity for the next chunk.
    public mutating func removeAll() {
        buffer.removeAll()
    }

    /// Why `write(to:)` failed: the C library's `errno`.
    public struct WriteError: Error, CustomStringConvertible {
        public var code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    /// Writes every byte written so far to `fileDescriptor` with write(2), retrying short
    /// writes and interruptions. The writer keeps its bytes: call `removeAll()` after.
    public func write(to fileDescriptor: Int32) throws(WriteError) {
        var written = 0
        while written < buffer.length {
            let result = Glibc.write(fileDescriptor, buffer.base + written, buffer.length - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw WriteError(code: errno)
            }
            written += result
        }
    }
}
