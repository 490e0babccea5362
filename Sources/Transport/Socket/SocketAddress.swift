import Glibc

/// An IPv4 address and port, parsed from text.
struct SocketAddress {
    var storage: sockaddr_in

    /// Parses a dotted IPv4 address; `localhost` stands for 127.0.0.1.
    init(host: String, port: UInt16) throws {
        let dotted = host == "localhost" ? "127.0.0.1" : host
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, dotted, &address.sin_addr) == 1 else {
            throw SocketError(call: "inet_pton", errorNumber: EINVAL, detail: "'\(host)' is not an IPv4 address")
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
}
