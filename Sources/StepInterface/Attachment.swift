// Part of the interface between the runner and step libraries (docs/architecture.md).
import Foundation
import Synchronization

/// Something a step or hook attached to its result: text or bytes with a media type, for
/// reports (the Cucumber Messages `attachment`, the HTML report). Bytes are kept as base64.
public struct Attachment: Sendable, Equatable {
    /// How `body` holds the content.
    public enum Encoding: String, Sendable, Equatable {
        /// `body` is the text itself.
        case identity = "IDENTITY"
        /// `body` is the bytes in base64.
        case base64 = "BASE64"
    }

    public var body: String
    /// `text/plain`, `image/png`, `text/x.cucumber.log+plain`, `text/uri-list`…
    public var mediaType: String
    public var encoding: Encoding
    /// The name a reader saves it under, when the step gave one.
    public var fileName: String?
    /// When it was attached.
    public var timestamp: Date

    public init(
        body: String, mediaType: String, encoding: Encoding = .identity, fileName: String? = nil,
        timestamp: Date = Date()
    ) {
        self.body = body
        self.mediaType = mediaType
        self.encoding = encoding
        self.fileName = fileName
        self.timestamp = timestamp
    }

    /// The media type of `log(_:)`.
    public static let logMediaType = "text/x.cucumber.log+plain"
    /// The media type of `link(_:)`.
    public static let linkMediaType = "text/uri-list"
}

/// Collects what one step or hook attaches, in order. Shared by the copies of its context.
/// A run whose formats show no attachment keeps none (`isKept` false): a display snapshot
/// per check held to the run's end would cost the run time and memory for nothing.
public final class AttachmentSink: Sendable {
    private let attachments = Mutex<[Attachment]>([])
    /// Whether what is attached is kept for the reports.
    public let isKept: Bool

    public init(keeping: Bool = true) { isKept = keeping }

    package func add(_ attachment: Attachment) {
        guard isKept else { return }
        attachments.withLock { $0.append(attachment) }
    }

    /// Everything attached so far.
    package var all: [Attachment] { attachments.withLock { $0 } }
}

/// A context a step body or hook can attach to (`StepContext`, `ScenarioContext`).
public protocol Attaching {
    var attachmentSink: AttachmentSink { get }
}

extension Attaching {
    /// Whether attachments are kept in this run (a report shows them): a step library
    /// checks it before it makes something costly to attach.
    public var keepsAttachments: Bool { attachmentSink.isKept }

    /// Attaches `text` as it is, with its media type.
    public func attach(_ text: String, mediaType: String, fileName: String? = nil) {
        attachmentSink.add(Attachment(body: text, mediaType: mediaType, fileName: fileName))
    }

    /// Attaches bytes (an image, a PDF), kept as base64.
    public func attach(_ data: Data, mediaType: String, fileName: String? = nil) {
        attachmentSink.add(
            Attachment(body: data.base64EncodedString(), mediaType: mediaType, encoding: .base64, fileName: fileName))
    }

    /// Attaches a line of log text (`text/x.cucumber.log+plain`).
    public func log(_ text: String) {
        attachmentSink.add(Attachment(body: text, mediaType: Attachment.logMediaType))
    }

    /// Attaches a link (`text/uri-list`).
    public func link(_ uri: String) {
        attachmentSink.add(Attachment(body: uri, mediaType: Attachment.linkMediaType))
    }
}
