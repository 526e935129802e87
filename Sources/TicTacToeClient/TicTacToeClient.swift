import AsyncHTTPClient
import ClientHTTP
import Foundation
import GridKit
import NIOCore
import NIOHTTP1
import TicTacToeKit

/// An online TicTacToe game over HTTP, as the page plays it: read it, take the free seat, open a
/// seat, move, and follow its live updates (server-sent events). The CLI's `tictactoe join` plays
/// against a browser through it.
public struct TicTacToeClient: Sendable {
    /// The server's root, `http(s)://host[:port]`.
    public let server: String
    /// Per call (not per event stream, which lives as long as the game).
    public var timeout: Duration
    /// The biggest answer read: a game is about a kilobyte.
    static let maxAnswerBytes = 64 * 1024
    private let client: HTTPClient

    public init(server: String, timeout: Duration = .seconds(10), client: HTTPClient = TicTacToeHTTP.client) {
        self.server = server.hasSuffix("/") ? String(server.dropLast()) : server
        self.timeout = timeout
        self.client = client
    }

    public func game(_ id: String) async throws -> OnlineGame {
        try await call(.GET, Self.path(id))
    }

    /// Takes the free seat (O) with `name`; the answer carries the seat's token.
    public func join(_ id: String, name: String) async throws -> OnlineGame {
        try await call(.POST, Self.path(id, "join"), body: try JSONEncoder().encode(["name": name]))
    }

    /// The game as the seat of `token` sees it (its marker included): what a seat link opens.
    public func seat(_ id: String, token: String) async throws -> OnlineGame {
        try await call(.GET, Self.path(id, "seat"), token: token)
    }

    public func move(_ id: String, at position: Position, token: String) async throws -> OnlineGame {
        try await call(.POST, Self.path(id, "moves"), body: try JSONEncoder().encode(["row": position.row, "col": position.col]), token: token)
    }

    /// The game now and after every change, until the stream drops (an error) or the server ends it.
    /// An idle connection is noticed by the client's read timeout: the server writes every 15 s.
    public func events(_ id: String) -> AsyncThrowingStream<OnlineGame, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: OnlineGame.self)
        let task = Task {
            do {
                var request = HTTPClientRequest(url: server + Self.path(id, "events"))
                request.headers.add(name: "Accept", value: "text/event-stream")
                let response = try await client.execute(request, timeout: .hours(24))
                guard response.status == .ok else {
                    let bytes = try await response.body.collect(upTo: Self.maxAnswerBytes)
                    throw Self.refusal(response.status, bytes)
                }
                var parser = EventStreamParser()
                for try await chunk in response.body {
                    for data in try parser.feed(chunk.readableBytesView) {
                        continuation.yield(try Self.decode(Data(data.utf8)))
                    }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: Self.described(error))
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func call(_ method: HTTPMethod, _ path: String, body: Data? = nil, token: String? = nil) async throws -> OnlineGame {
        let status: HTTPResponseStatus, bytes: ByteBuffer
        do {
            (status, bytes) = try await HTTPExchange.call(client, method, url: server + path,
                                                          headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [],
                                                          json: body, timeout: timeout, limit: Self.maxAnswerBytes)
        } catch {
            throw Self.described(error)
        }
        guard (200..<300).contains(status.code) else { throw Self.refusal(status, bytes) }
        return try Self.decode(Data(bytes.readableBytesView))
    }

    static func path(_ id: String, _ action: String? = nil) -> String {
        "/api/tictactoe/games/\(id)" + (action.map { "/\($0)" } ?? "")
    }

    static func decode(_ data: Data) throws -> OnlineGame {
        do {
            return try JSONDecoder().decode(OnlineGame.self, from: data)
        } catch {
            throw TicTacToeClientError.badAnswer("\(error)")
        }
    }

    /// The API's `{"error":{"code","message"}}` as an error, or the status alone.
    static func refusal(_ status: HTTPResponseStatus, _ bytes: ByteBuffer) -> TicTacToeClientError {
        struct Envelope: Decodable {
            struct Body: Decodable { let code: String; let message: String }
            let error: Body
        }
        let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(bytes.readableBytesView))
        return .refused(status: Int(status.code), code: envelope?.error.code ?? "", message: envelope?.error.message ?? status.reasonPhrase)
    }

    static func described(_ error: any Error) -> any Error {
        if error is TicTacToeClientError || error is CancellationError { return error }
        return TicTacToeClientError.unreachable("\(error)")
    }
}

/// Why a call did not give a game.
public enum TicTacToeClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server was not reached, or the connection dropped.
    case unreachable(String)
    /// The server answered with an error: its status, stable code and message.
    case refused(status: Int, code: String, message: String)
    /// The server answered something that is not a game.
    case badAnswer(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "The server cannot be reached: \(reason)"
        case .refused(let status, let code, let message): "The server refused (\(status) \(code)): \(message)"
        case .badAnswer(let reason): "The server's answer is not a game: \(reason)"
        }
    }
}

/// The process-wide HTTP client for TicTacToe calls. A read timeout of 45 s finds a dead event
/// stream (the server writes at least every 15 s); it lives as long as the process.
public enum TicTacToeHTTP {
    public static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5), read: .seconds(45)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
}
