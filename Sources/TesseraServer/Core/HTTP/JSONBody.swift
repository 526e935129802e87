import Foundation
import GridKit
import Hummingbird
import Languages
import NIOCore

/// Reading and writing JSON bodies with the limits and errors every route shares.
public enum JSONBody {
    /// Request bodies larger than this are refused with 413.
    public static let maxBytes = 1 << 20
    /// The routes that take more, by exact path (Rapid Router's whole fixture is about 2 MB); the
    /// early Content-Length check in `ErrorMiddleware` and the route itself both read this.
    static let largerBodies: [String: Int] = ["/api/router/levels/import": 8 << 20]

    static func maxBytes(forPath path: String) -> Int { largerBodies[path] ?? maxBytes }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]  // stable key order in every answer
        encoder.dateEncodingStrategy = .iso8601  // "2026-11-25T14:00:00Z", as the contract's date-time
        return encoder
    }()

    /// Decodes the request body as `T`, turning every failure into a 4xx `APIError` that says
    /// what was wrong (empty body, not JSON, a missing or mistyped field).
    public static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maxBytes)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        }
        guard buffer.readableBytes > 0 else {
            throw APIError.badRequest("shared.errors.bodyMissing", code: "bad_json")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw APIError(.badRequest, code: "bad_json", words: .phrase(describe(error)))
        }
    }

    /// Like `decode`, but an empty body means "nothing given" (nil) rather than an error.
    public static func decodeOptional<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T? {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBytes)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        }
        guard buffer.readableBytes > 0 else { return nil }
        return try await decode(type, from: request)
    }

    static let tooLarge = APIError(.contentTooLarge, code: "payload_too_large", say: "shared.errors.bodyTooLarge", ["mebibytes": .number(1)])

    /// A JSON response with sorted keys.
    public static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try encoder.encode(value)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// What was wrong with the body, said by key. A wire type's own check (`debugDescription`) is
    /// passed on as written: pages never send such bodies, so it reaches only API programmers.
    private static func describe(_ error: DecodingError) -> Phrase {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return Phrase("shared.errors.bodyNotJSON")
        case .dataCorrupted(let context):
            return Phrase("shared.errors.fieldInvalid", ["field": .text(path(context)), "detail": .text(context.debugDescription)])
        case .keyNotFound(let key, _):
            return Phrase("shared.errors.fieldRequired", ["field": .text(key.stringValue)])
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let field = path(context)
            return field.isEmpty ? Phrase("shared.errors.bodyWrongType") : Phrase("shared.errors.fieldWrongType", ["field": .text(field)])
        @unknown default:
            return Phrase("shared.errors.bodyUnreadable")
        }
    }
}

/// Strong entity tags for JSON documents: FNV-1a (64 bit) over the body, quoted. Not a security
/// measure, only "has this exact document changed"; `no-cache` makes browsers always revalidate.
enum ETag {
    static func of(_ data: Data) -> String { "\"" + FNV1a.hex64(data) + "\"" }

    /// `If-None-Match: "a", "b"` or `*` against our tag (weak `W/` prefixes compare equal).
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
        }
    }
}
