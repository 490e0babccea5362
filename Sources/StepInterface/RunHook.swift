// Part of the interface between the runner and step libraries (docs/architecture.md).
import Foundation

/// What a `beforeAll` or `afterAll` hook gets: somewhere to attach.
public struct RunContext: Sendable, Attaching {
    /// Collects what the hook attaches (`attach`, `log`, `link`).
    public package(set) var attachmentSink = AttachmentSink()
    package init() {}
}

/// A hook that runs once for the whole run, before the first scenario or after the last.
package struct RunHook: Sendable {
    package enum Phase: Sendable { case beforeRun, afterRun }
    package var phase: Phase
    package var name: String?
    /// Where the hook is defined (`StepLibrary/Hooks.swift:12`).
    package var sourceLocation: String
    package var body: @Sendable (RunContext) async throws -> Void
}
