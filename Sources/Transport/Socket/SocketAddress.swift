import Glibc
import Synchronization

/// An IPv4 address and port, parsed from text.
struct SocketAddress {
    var storage: sockaddr_in

    /// A dotted IPv4 address, or a host name resolved to its first IPv4 address
    /// (`localhost` is 127.0.0.1 without asking the resolver). Names are resolved once per
    /// process: a `--target` run opens a display connection every scenario.
    init(host: String, port: UInt16) throws {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        let dotted = host == "localhost" ? "127.0.0.1" : host
        if inet_pton(AF_INET, dotted, &address.sin_addr) != 1 {
            address.sin_addr = try Self.resolve(host)
        }
        storage = address
    }

    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> R) throws -> R {
        var copy = storage
        return try withUnsafePointer(to: &copy) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                try body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    private static let resolved = Mutex<[String: UInt32]>([:])

    /// The first IPv4 address of `host` (`getaddrinfo`), from the cache when asked before.
    private static func resolve(_ host: String) throws -> in_addr {
        if let known = resolved.withLock({ $0[host] }) { return in_addr(s_addr: known) }
        var hints = addrinfo()
        hints.ai_family = AF_INET
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        defer { if let list { freeaddrinfo(list) } }
        guard status == 0, let first = list, let found = first.pointee.ai_addr else {
            let reason = status == 0 ? "no IPv4 address" : String(cString: gai_strerror(status))
            throw SocketError(call: "resolve", errorNumber: 0, detail: "'\(host)': \(reason)")
        }
        let address = found.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
        resolved.withLock { $0[host] = address.s_addr }
        return address
    }
}
