import AsyncHTTPClient
import ClientHTTP
import Foundation
import GridKit
import NIOCore
import NIOHTTP1
import PostsKit

/// The live `PostsOrigin`: plain GETs of `{origin}/posts`, `/comments`, `/users`, `/albums` and `/photos` on
/// any jsonplaceholder-compatible server (http or https). A status other than 2xx, a body that is
/// not a JSON list of the records, or a transport failure throws `PostsOriginError`; nothing is
/// retried here (the sync fails as a whole and can be run again).
public struct HTTPPostsOrigin: PostsOrigin {
    /// e.g. `http://127.0.0.1:8080/origin` or `https://jsonplaceholder.typicode.com`.
    public let baseURL: String
    public var timeout: Duration
    /// jsonplaceholder's photos list is about 1 MB; this leaves room for larger compatible origins.
    public static let maxListBytes = 32 << 20
    private let client: HTTPClient

    public init(baseURL: String, timeout: Duration = .seconds(30), client: HTTPClient = PostsHTTP.client) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.timeout = timeout
        self.client = client
    }

    public func posts() async throws -> [Post] { try await list("posts") }
    public func users() async throws -> [Author] { try await list("users") }
    public func albums() async throws -> [Album] { try await list("albums") }
    public func photos() async throws -> [Photo] { try await list("photos") }
    public func comments() async throws -> [Comment] { try await list("comments") }

    private func list<Record: Decodable>(_ name: String) async throws -> [Record] {
        let bytes = try await PostsHTTP.get(baseURL + "/" + name, accept: "application/json", limit: Self.maxListBytes,
                                            timeout: timeout, client: client, describe: name)
        do {
            return try JSONDecoder().decode([Record].self, from: bytes)
        } catch let error as DecodingError {
            throw PostsOriginError.undecodable(name, reason: Self.explain(error))
        }
    }

    /// A short reason a person can act on, instead of DecodingError's whole dump.
    private static func explain(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context),
             let .dataCorrupted(context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// The process-wide HTTP client for the reader (origin lists and photos), and its one GET.
public enum PostsHTTP {
    public static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .seconds(5)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 16))
        configuration.redirectConfiguration = .follow(max: 3, allowCycles: false)
        // A refused connection fails at once instead of being retried until the connect timeout:
        // a dead photo host must not hold a page's image requests for seconds each.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// The body of a 2xx answer to `GET url`, at most `limit` bytes; `PostsOriginError` otherwise.
    static func get(_ url: String, accept: String, limit: Int, timeout: Duration, client: HTTPClient,
                    describe name: String) async throws -> Data {
        let status: HTTPResponseStatus, bytes: ByteBuffer
        do {
            (status, bytes) = try await HTTPExchange.call(client, url: url, accept: accept, timeout: timeout, limit: limit)
        } catch is NIOTooManyBytesError {
            throw PostsOriginError.tooLarge(name, limit: limit)
        } catch {
            try Task.checkCancellation()
            throw PostsOriginError.unreachable(name, reason: "\(error)")
        }
        guard (200..<300).contains(status.code) else { throw PostsOriginError.status(name, code: Int(status.code)) }
        return Data(bytes.readableBytesView)
    }
}

extension PostsHTTP {
    /// Photos are small (a few hundred KB at most for a 600 px image); anything larger is refused.
    public static let maxImageBytes = 8 << 20

    /// The bytes of the image at `url` (http or https only).
    public static func image(_ url: String, timeout: Duration = .seconds(15), client: HTTPClient = PostsHTTP.client) async throws -> Data {
        let lower = url.lowercased()
        guard url.utf8.count <= 2048, lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw PostsOriginError.unreachable("photos", reason: "not an http(s) image address")
        }
        return try await get(url, accept: "image/*", limit: maxImageBytes, timeout: timeout, client: client, describe: "photos")
    }
}

/// The `PhotoLoader`'s live downloads: a GET of the photo's address (http or https).
public struct HTTPPhotoFetcher: PhotoFetching {
    public init() {}

    public func fetch(_ url: String) async throws -> Data { try await PostsHTTP.image(url) }
}
