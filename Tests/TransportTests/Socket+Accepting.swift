import Transport

extension Socket {
    /// The next connection to this listening socket, waited for up to about a second (a
    /// non-blocking listener answers `nil` until the client's connect has arrived).
    func acceptWithinASecond() async throws -> Socket? {
        for _ in 0..<200 {
            if let accepted = try accept() { return accepted }
            try await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }
}
