// Part of the interface between the runner and step libraries (docs/architecture.md).
import Foundation
import Synchronization

/// Something a step or hook attached to its result: text or bytes with a media type, for
/// reports (the Cucumber Messages `attachment`, the HTML report). Bytes are kept as base64.
/// Text attached as `DeferredText` is made when a report first reads `body`, after the run.
public struct Attachment: Sendable, Equatable {
    /// How `body` holds the content: the text itself, or the bytes in base64.
    public enum Encoding: String, Sendable, Equatable {
        case identity = "IDENTITY"
        case base64 = "BASE64"
    }

    /// The content: the text itself, or the bytes in base64.
    public var body: String { deferred?.text ?? stored }
    private var stored: String
    private var deferred: DeferredText?
    /// `text/plain`, `image/png`, `text/x.cucumber.log+plain`, `text/uri-list`…
    public var mediaType: String
    public var encoding: Encoding
    /// The name a reader saves it under, when the step gave one.
    public var fileName: String?
    /// When it was attached.
    public var timestamp = Date()

    public init(body: String, mediaType: String, encoding: Encoding = .identity, fileName: String? = nil) {
        self.stored = body
        self.mediaType = mediaType
        self.encoding = encoding
        self.fileName = fileName
    }

    /// Text made when a report first reads it (`Attaching.attach(_:mediaType:fileName:)`
    /// with a `DeferredText`).
    public init(deferred: DeferredText, mediaType: String, fileName: String? = nil) {
        self.init(body: "", mediaType: mediaType, fileName: fileName)
        self.deferred = deferred
    }

    public static func == (left: Attachment, right: Attachment) -> Bool {
        left.body == right.body && left.mediaType == right.mediaType && left.encoding == right.encoding
            && left.fileName == right.fileName && left.timestamp == right.timestamp
    }
}

/// Text an attachment holds that is made once, when a report first reads it: a step
/// attaches what costs time to write (the display's readable text) without making the run
/// wait for it, as reports are written after the run, on every core.
public final class DeferredText: Sendable {
    private let make: @Sendable () -> String
    private let made = Mutex<String?>(nil)

    public init(_ make: @escaping @Sendable () -> String) { self.make = make }

    /// The text, made on the first read.
    public var text: String {
        made.withLock { made in
            if let made { return made }
            let text = make()
            made = text
            return text
        }
    }
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

    /// Attaches text made when a report first reads it (`DeferredText`).
    public func attach(_ text: DeferredText, mediaType: String, fileName: String? = nil) {
        attachmentSink.add(Attachment(deferred: text, mediaType: mediaType, fileName: fileName))
    }

    /// Attaches bytes (an image, a PDF), kept as base64.
    public func attach(_ data: Data, mediaType: String, fileName: String? = nil) {
        attachmentSink.add(
            Attachment(body: data.base64EncodedString(), mediaType: mediaType, encoding: .base64, fileName: fileName))
    }

    /// Attaches a line of log text (`text/x.cucumber.log+plain`).
    public func log(_ text: String) {
        attachmentSink.add(Attachment(body: text, mediaType: "text/x.cucumber.log+plain"))
    }

    /// Attaches a link (`text/uri-list`).
    public func link(_ uri: String) {
        attachmentSink.add(Attachment(body: uri, mediaType: "text/uri-list"))
    }
}
