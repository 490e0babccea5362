import Glibc

/// A growable buffer of UTF-8 bytes that the display renderer and the protocol's JSON writer
/// write into, a few bytes at a time, thousands of times per run: an `[UInt8]` checks for
/// a shared buffer and for room on every append, while this one has one owner (it cannot
/// be copied), so an inlined append is a capacity check and a store.
public struct UTF8Buffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var length = 0

    /// An empty buffer with room for `capacity` bytes before it first grows.
    public init(capacity: Int = 512) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The number of bytes written.
    public var count: Int { length }

    /// The last byte written, if any.
    @inlinable public var last: UInt8? { length > 0 ? base[length - 1] : nil }

    /// The bytes written so far, as text (the writers only append whole UTF-8 sequences).
    public var text: String {
        String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF8.self)
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: length)) }

    /// Whether the bytes written equal `bytes`.
    public func equals(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { other in
            guard other.count == length else { return false }
            guard let start = other.baseAddress else { return true }
            return memcmp(base, start, length) == 0
        }
    }

    @inlinable @inline(__always) public mutating func append(_ byte: UInt8) {
        if length == capacity { grow(toHold: length + 1) }
        base[length] = byte
        length += 1
    }

    /// Appends a literal's UTF-8 (fixed markup, JSON member names).
    @inlinable @inline(__always) public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append(contentsOf: $0) }
    }

    @inlinable @inline(__always)
    public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if capacity - length < bytes.count { grow(toHold: length + bytes.count) }
        (base + length).update(from: source, count: bytes.count)
        length += bytes.count
    }

    /// Appends a string's UTF-8 as it is.
    @inlinable public mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends `count` bytes that `initialize` writes in place (it must set every one).
    @inlinable public mutating func append(
        count: Int, initializingWith initialize: (UnsafeMutableBufferPointer<UInt8>) -> Void
    ) {
        if capacity - length < count { grow(toHold: length + count) }
        initialize(UnsafeMutableBufferPointer(start: base + length, count: count))
        length += count
    }

    /// Makes room for `count` more bytes, so that a writer may store them at `base + length`
    /// and then move `length` on.
    @inlinable mutating func reserve(_ count: Int) {
        if capacity - length < count { grow(toHold: length + count) }
    }

    /// Empties the buffer, keeping its capacity.
    public mutating func removeAll() {
        length = 0
    }

    @usableFromInline mutating func grow(toHold minimum: Int) {
        let newCapacity = max(minimum, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: length)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
