import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// The JSON bytes and `ETag` last rendered for each stored document, reused while the document is
/// unchanged. Equality of the document itself decides "unchanged" (comparing a few moves is far
/// cheaper than encoding them again), so a changed document can never be answered with old bytes.
final class RenderedDocuments<Document: Equatable & Sendable>: Sendable {
    private struct Rendered {
        let document: Document
        let body: ByteBuffer
        let tag: String
    }
    private let entries = Mutex<[String: Rendered]>([:])
    private let capacity: Int

    init(capacity: Int = 4096) { self.capacity = capacity }

    /// `document`'s JSON (rendered by `render` only when it changed) with an `ETag`, or 304 when
    /// the request's `If-None-Match` already names it.
    func response(id: String, _ document: Document, for request: Request,
                  render: (Document) throws -> some Encodable) throws -> Response {
        let rendered: Rendered
        if let cached = entries.withLock({ $0[id] }), cached.document == document {
            rendered = cached
        } else {
            let data = try JSONBody.encoder.encode(try render(document))
            rendered = Rendered(document: document, body: ByteBuffer(bytes: data), tag: ETag.of(data))
            entries.withLock { entries in
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }  // rare; simple beats clever
                entries[id] = rendered
            }
        }
        if let match = request.headers[.ifNoneMatch], ETag.matches(match, rendered.tag) {
            return Response(status: .notModified, headers: [.eTag: rendered.tag, .cacheControl: "no-cache"])
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .eTag: rendered.tag, .cacheControl: "no-cache"],
            body: .init(byteBuffer: rendered.body))
    }
}
