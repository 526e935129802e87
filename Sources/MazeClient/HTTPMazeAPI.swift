import AsyncHTTPClient
import ClientHTTP
import Foundation
import GridKit
import MazeKit
import NIOCore
import NIOHTTP1

/// The live `MazeAPI`: the three calls of a Tessera (or original-style) maze server over HTTP.
///
/// Status codes become the errors the explorer understands: 502/503/504, 408 and 429 and every
/// transport failure (timeouts, dropped connections) are `retryable`; 400/401/403/404 are
/// `notFound`; an undecodable body is `badResponse`. Cancelling the calling task cancels the request.
public struct HTTPMazeAPI: MazeAPI {
    /// The server's root, e.g. `http://127.0.0.1:8080` (no trailing slash needed).
    public let baseURL: String
    /// What `startRoom()` asks for: nil calls the original `GET /api/maze/start` (a random maze);
    /// otherwise `POST /api/maze/mazes` with these parameters.
    public var newMaze: NewMazeRequest?
    /// Sent as `X-Maze-Latency` on every call, so one exploration can ask a Tessera server for a
    /// latency preset (`original`, `fast`, `slow`, `none`) without restarting it.
    public var latency: String?
    /// Per-request deadline; a request that takes longer is a retryable failure.
    public var timeout: Duration
    private let client: HTTPClient
    private let decoder = JSONDecoder()

    public init(baseURL: String, newMaze: NewMazeRequest? = nil, latency: String? = nil,
                timeout: Duration = .seconds(10), client: HTTPClient = MazeHTTP.client) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.newMaze = newMaze
        self.latency = latency
        self.timeout = timeout
        self.client = client
    }

    public func startRoom() async throws -> String {
        let answer: RoomID = if let newMaze {
            try await call(.POST, MazeWire.mazes, body: try JSONEncoder().encode(newMaze))
        } else {
            try await call(.GET, MazeWire.start)
        }
        return answer.id
    }

    public func room(id: String) async throws -> RoomResponse {
        try await call(.GET, MazeWire.rooms + Self.pathSegment(id))
    }

    public func unlock(lock: String) async throws -> String {
        let answer: RoomID = try await call(.POST, MazeWire.unlock, body: try JSONEncoder().encode(UnlockRequest(lock: lock)))
        return answer.id
    }

    /// Every generator the server has, with a description in `language` (a code such as `fr`).
    public func algorithms(language: String? = nil) async throws -> [MazeAlgorithmInfo] {
        let query = language.flatMap { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-"])) }
        return try await call(.GET, MazeWire.algorithms + (query.map { "?lang=" + $0 } ?? ""))
    }

    private func call<Answer: Decodable>(_ method: HTTPMethod, _ path: String, body: Data? = nil) async throws -> Answer {
        let status: HTTPResponseStatus, bytes: ByteBuffer
        do {
            (status, bytes) = try await HTTPExchange.call(client, method, url: baseURL + path,
                                                          headers: latency.map { [(MazeWire.latencyHeader, $0)] } ?? [],
                                                          json: body, timeout: timeout, limit: 1 << 20)
        } catch {
            try Task.checkCancellation()
            throw MazeAPIError.retryable("\(method) \(path): \(error)")
        }
        switch status.code {
        case 200..<300:
            do {
                return try decoder.decode(Answer.self, from: Data(bytes.readableBytesView))
            } catch {
                throw MazeAPIError.badResponse("\(method) \(path): \(error)")
            }
        case 408, 429, 502, 503, 504:
            throw MazeAPIError.retryable("\(method) \(path) answered \(status.code)")
        case 400, 401, 403, 404, 410:
            throw MazeAPIError.notFound("\(method) \(path) answered \(status.code): " + String(buffer: bytes))
        default:
            throw MazeAPIError.badResponse("\(method) \(path) answered \(status.code): " + String(buffer: bytes))
        }
    }

    /// Room ids are URL-safe in Tessera, but another server's ids might not be. The check for the
    /// common case comes first: building the character set and encoding cost about 0.1 ms a call,
    /// paid on every room of an exploration's critical path.
    static func pathSegment(_ id: String) -> String {
        if !id.isEmpty, id.utf8.allSatisfy(isUnreserved) { return id }
        return id.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? id
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }
    private static let segmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
}

/// The process-wide HTTP client for maze calls. One pool serves every exploration, with room for a
/// whole explorer's fetch and unlock pools on one host (AsyncHTTPClient's default allows only 8).
/// A connection that cannot be made fails within 2 s instead of being retried inside the client:
/// the explorer has its own backoff, and a vanished server should fail the run, not stall it.
/// It lives as long as the process, so it is never shut down.
public enum MazeHTTP {
    public static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .seconds(2)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
}
