import Foundation

/// The opening handshake of RFC 6455 §4, as pure functions of the request or response.
public enum WebSocketHandshake {
    /// The GUID appended to the key before hashing (§1.3).
    public static let magicGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// Why a handshake was refused.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The status a server answers with.
        public let status: HTTPStatus
        public let reason: String

        public var description: String { "\(status): \(reason)" }
    }

    /// `Sec-WebSocket-Accept` for `key`: base64(SHA-1(key + GUID)).
    public static func acceptValue(forKey key: String) -> String {
        Data(SHA1.digest(Array((key + magicGUID).utf8))).base64EncodedString()
    }

    /// Checks each step of the server's reading of the client handshake (§4.2.1) and
    /// returns the `101 Switching Protocols` response, or the failure to answer.
    public static func serverResponse(to request: HTTPRequest) -> Result<HTTPResponse, Failure> {
        // 1. An HTTP/1.1 or higher GET request with a Request-URI.
        guard request.method == "GET" else {
            return .failure(Failure(status: .methodNotAllowed, reason: "the handshake must be a GET request"))
        }
        guard request.version == "HTTP/1.1" else {
            return .failure(Failure(status: .badRequest, reason: "the handshake needs HTTP/1.1"))
        }
        // 2. A Host header field.
        guard let host = request.headers["Host"], !host.isEmpty else {
            return .failure(Failure(status: .badRequest, reason: "missing Host header"))
        }
        // 3. An Upgrade header field containing "websocket".
        guard request.headers.contains(token: "websocket", in: "Upgrade") else {
            return .failure(Failure(status: .badRequest, reason: "Upgrade header must contain 'websocket'"))
        }
        // 4. A Connection header field including the "Upgrade" token.
        guard request.headers.contains(token: "upgrade", in: "Connection") else {
            return .failure(Failure(status: .badRequest, reason: "Connection header must contain 'Upgrade'"))
        }
        // 5. A Sec-WebSocket-Key that is base64 of 16 bytes; §11.3.1: the field appears once
        // in a request, as does Sec-WebSocket-Version (§11.3.5).
        for name in ["Sec-WebSocket-Key", "Sec-WebSocket-Version"] where request.headers.values(name).count > 1 {
            return .failure(Failure(status: .badRequest, reason: "more than one \(name) header"))
        }
        guard let key = request.headers["Sec-WebSocket-Key"], Data(base64Encoded: key)?.count == 16 else {
            return .failure(Failure(status: .badRequest, reason: "Sec-WebSocket-Key must be base64 of 16 bytes"))
        }
        // 6. Sec-WebSocket-Version 13; otherwise 426 naming the version we speak (§4.4).
        guard request.headers["Sec-WebSocket-Version"] == "13" else {
            return .failure(Failure(status: .upgradeRequired, reason: "Sec-WebSocket-Version must be 13"))
        }
        // 7.–10. Origin, subprotocols and extensions are optional; we accept any origin
        // and negotiate none, so no Sec-WebSocket-Protocol/Extensions header is answered.
        return .success(
            HTTPResponse(
                status: .switchingProtocols,
                headers: HTTPHeaders([
                    ("Upgrade", "websocket"),
                    ("Connection", "Upgrade"),
                    ("Sec-WebSocket-Accept", acceptValue(forKey: key)),
                ])))
    }

    /// The response a server sends when `failure` refuses a handshake.
    public static func refusal(_ failure: Failure) -> HTTPResponse {
        var response = HTTPResponse.text(failure.status, failure.reason + "\n")
        if failure.status == .upgradeRequired {
            response.headers.add("Sec-WebSocket-Version", "13")
        }
        return response
    }

    /// A fresh random `Sec-WebSocket-Key`.
    public static func makeKey() -> String {
        // From the pooled random bytes: sixteen `getrandom` calls cost more than the rest
        // of opening a loopback connection.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for _ in 0..<4 {
            let key = MaskingKeys.nextKey()
            bytes += [key.0, key.1, key.2, key.3]
        }
        return Data(bytes).base64EncodedString()
    }

    /// The client's opening request for `path` on `host` (`host:port`).
    public static func clientRequest(host: String, path: String, key: String) -> [UInt8] {
        let head =
            "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        return Array(head.utf8)
    }

    /// The client's check of the server's answer (§4.1, the five steps after the
    /// response arrives).
    public static func validateServerResponse(_ response: HTTPResponseHead, key: String) -> Failure? {
        validateServerResponse(response, expectedAccept: acceptValue(forKey: key))
    }

    /// `validateServerResponse(_:key:)` with the key's `Sec-WebSocket-Accept` worked out
    /// already (a client computes it while it waits for the answer).
    public static func validateServerResponse(_ response: HTTPResponseHead, expectedAccept: String) -> Failure? {
        guard response.status.code == 101 else {
            return Failure(status: response.status, reason: "the server answered \(response.status)")
        }
        guard response.headers.contains(token: "websocket", in: "Upgrade") else {
            return Failure(status: response.status, reason: "the response lacks 'Upgrade: websocket'")
        }
        guard response.headers.contains(token: "upgrade", in: "Connection") else {
            return Failure(status: response.status, reason: "the response lacks 'Connection: Upgrade'")
        }
        guard response.headers["Sec-WebSocket-Accept"] == expectedAccept else {
            return Failure(status: response.status, reason: "Sec-WebSocket-Accept does not match the key")
        }
        guard response.headers["Sec-WebSocket-Extensions"] == nil, response.headers["Sec-WebSocket-Protocol"] == nil
        else {
            return Failure(
                status: response.status, reason: "the server chose an extension or subprotocol we did not offer")
        }
        return nil
    }
}
