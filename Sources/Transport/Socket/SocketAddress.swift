import Glibc
import Synchronization

/// An IPv4 or IPv6 address and port, parsed from text.
struct SocketAddress: Sendable {
    private var storage: sockaddr_storage
    private var length: socklen_t
    /// `AF_INET` or `AF_INET6`.
    let family: Int32

    /// The addresses `host` names, in the order to try them: a dotted IPv4 address or an
    /// IPv6 one (`::1`, or `[::1]` as a URL writes it) is itself; `localhost` is 127.0.0.1,
    /// then ::1 (a register started on `localhost` by Node.js 17 or later listens on ::1
    /// only); a host name is what the resolver gives, IPv4 first. Names are resolved once
    /// per process: a `--target` run opens a display connection every scenario.
    static func candidates(host: String, port: UInt16) throws -> [SocketAddress] {
        if let literal = literal(host, port: port) { return [literal] }
        if host == "localhost" {
            return [literal("127.0.0.1", port: port), literal("::1", port: port)].compactMap { $0 }
        }
        return try resolve(host).map { $0.withPort(port) }
    }

    /// The first of `candidates(host:port:)`.
    init(host: String, port: UInt16) throws {
        guard let first = try Self.candidates(host: host, port: port).first else {
            throw SocketError(call: "resolve", errorNumber: 0, detail: "'\(host)': no address")
        }
        self = first
    }

    private init(storage: sockaddr_storage, length: socklen_t, family: Int32) {
        self.storage = storage
        self.length = length
        self.family = family
    }

    /// A numeric address with `port`, or nil when `host` is not one.
    private static func literal(_ host: String, port: UInt16) -> SocketAddress? {
        var storage = sockaddr_storage()
        if withUnsafeMutablePointer(
            to: &storage,
            {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    address.pointee.sin_family = sa_family_t(AF_INET)
                    address.pointee.sin_port = port.bigEndian
                    return inet_pton(AF_INET, host, &address.pointee.sin_addr)
                }
            }) == 1
        {
            return SocketAddress(storage: storage, length: socklen_t(MemoryLayout<sockaddr_in>.size), family: AF_INET)
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        storage = sockaddr_storage()
        if withUnsafeMutablePointer(
            to: &storage,
            {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    address.pointee.sin6_family = sa_family_t(AF_INET6)
                    address.pointee.sin6_port = port.bigEndian
                    return inet_pton(AF_INET6, bare, &address.pointee.sin6_addr)
                }
            }) == 1
        {
            return SocketAddress(storage: storage, length: socklen_t(MemoryLayout<sockaddr_in6>.size), family: AF_INET6)
        }
        return nil
    }

    /// The same address with `port`.
    private func withPort(_ port: UInt16) -> SocketAddress {
        var copy = self
        withUnsafeMutablePointer(to: &copy.storage) { pointer in
            if family == AF_INET6 {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port = port.bigEndian }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port = port.bigEndian }
            }
        }
        return copy
    }

    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> R) throws -> R {
        var copy = storage
        return try withUnsafePointer(to: &copy) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0, length) }
        }
    }

    private static let resolved = Mutex<[String: [SocketAddress]]>([:])

    /// The addresses of `host` (`getaddrinfo`), IPv4 first, from the cache when asked
    /// before; their port is 0.
    private static func resolve(_ host: String) throws -> [SocketAddress] {
        if let known = resolved.withLock({ $0[host] }) { return known }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        defer { if let list { freeaddrinfo(list) } }
        guard status == 0 else {
            throw SocketError(
                call: "resolve", errorNumber: 0, detail: "'\(host)': \(String(cString: gai_strerror(status)))")
        }
        var found: [SocketAddress] = []
        var entry = list
        while let current = entry {
            let info = current.pointee
            if let address = info.ai_addr, info.ai_family == AF_INET || info.ai_family == AF_INET6 {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) { target in
                    target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.ai_addrlen)))
                }
                found.append(SocketAddress(storage: storage, length: info.ai_addrlen, family: info.ai_family))
            }
            entry = info.ai_next
        }
        let ordered = found.filter { $0.family == AF_INET } + found.filter { $0.family == AF_INET6 }
        guard !ordered.isEmpty else {
            throw SocketError(call: "resolve", errorNumber: 0, detail: "'\(host)': no address")
        }
        resolved.withLock { $0[host] = ordered }
        return ordered
    }

    // MARK: The address that answered

    private static let answered = Mutex<[String: Int]>([:])

    /// `candidates` with the one that last connected for `key` first: a `localhost` that
    /// listens on ::1 costs one refused connection a run, not one a scenario.
    static func ordered(_ candidates: [SocketAddress], key: String) -> [SocketAddress] {
        guard candidates.count > 1, let index = answered.withLock({ $0[key] }), candidates.indices.contains(index),
            index > 0
        else { return candidates }
        var ordered = candidates
        ordered.swapAt(0, index)
        return ordered
    }

    /// Remembers that `address` (one of `candidates(host:port:)`) connected for `key`.
    static func remember(_ address: SocketAddress, among candidates: [SocketAddress], key: String) {
        guard candidates.count > 1,
            let index = candidates.firstIndex(where: { $0.family == address.family && $0.bytes == address.bytes })
        else { return }
        answered.withLock { $0[key] = index }
    }

    /// The address's bytes, for comparing two.
    private var bytes: [UInt8] {
        var copy = storage
        return withUnsafeBytes(of: &copy) { Array($0.prefix(Int(length))) }
    }
}
