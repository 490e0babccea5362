import Glibc
import Synchronization

/// Fresh client masking keys (RFC 6455 §5.3) and handshake nonces from the system's
/// random source, fetched a thousand keys at a time so a message does not cost a
/// `getrandom` call.
enum MaskingKeys {
    private struct Pool {
        var bytes = [UInt8](repeating: 0, count: 4096)
        var next = 4096
    }

    private static let pool = Mutex(Pool())

    /// An unpredictable 4-byte key.
    static func next() -> [UInt8] {
        let key = nextKey()
        return [key.0, key.1, key.2, key.3]
    }

    /// An unpredictable 4-byte key, without allocating.
    static func nextKey() -> (UInt8, UInt8, UInt8, UInt8) {
        pool.withLock { pool in
            if pool.next + 4 > pool.bytes.count {
                let count = pool.bytes.count
                arc4random_buf(&pool.bytes, count)
                pool.next = 0
            }
            defer { pool.next += 4 }
            let bytes = pool.bytes
            let index = pool.next
            return (bytes[index], bytes[index + 1], bytes[index + 2], bytes[index + 3])
        }
    }
}
