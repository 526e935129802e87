import Foundation
import GridKit
import Hummingbird
import MazeClient
import MazeKit
import NIOCore
import ServiceLifecycle
import Synchronization

/// `GET /api/maze/explore`: the server's own Swift explorer walks a new maze over real HTTP against
/// this very server (so the page watches exactly what a remote client would experience) and streams
/// each discovery to the page as a server-sent event. Closing the page's EventSource, or a graceful
/// shutdown, cancels the exploration.
///
/// The explorer only knows coordinates relative to its start room. The page wants to lay the grid
/// out before the first room arrives, so each event is translated into absolute maze positions
/// (row 0 at the top) using the start square the server already knows; the explorer itself never
/// sees the map.
struct MazeExplorations: Sendable {
    let service: MazeService
    let selfAddress: ServerAddress

    func stream(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        func text(_ name: String) -> String? { query[Substring(name)].map(String.init).flatMap { $0.isEmpty ? nil : $0 } }
        let parameters = try MazeRequestRules.parameters(
            seed: text("seed"), width: try MazeRequestRules.int(text("width"), "width"),
            height: try MazeRequestRules.int(text("height"), "height"), algorithm: text("algorithm"))
        let latency = try text("latency").map(LatencyPreset.parse)
        let strategy = try Self.strategy(text("strategy"))
        guard let baseURL = selfAddress.baseURL else {
            throw APIError(.serviceUnavailable, code: "not_ready", message: "The server is still starting; try again.")
        }
        let api = HTTPMazeAPI(baseURL: baseURL,
                              newMaze: NewMazeRequest(seed: parameters.seed, width: parameters.width,
                                                      height: parameters.height, algorithm: parameters.algorithm),
                              latency: latency?.rawValue)
        let explorer = MazeExplorer(api: api, options: ExplorerOptions(strategy: strategy))
        let start = service.maze(for: parameters).start
        let began = ExploreEventJSON.began(parameters: parameters, strategy: strategy, latency: latency, start: start)

        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                try await writer.write(Self.message(began))
                var explored = ExploredMaze()
                // Ending this loop early (client gone: a write throws; or shutdown) terminates the
                // event stream, which cancels the exploration.
                for try await event in explorer.events().cancelOnGracefulShutdown() {
                    let json: ExploreEventJSON
                    switch event {
                    case .began: continue
                    case let .roomAdded(room):
                        explored.add(room)
                        json = .room(room, start: start)
                    case let .finished(stats):
                        let path = explored.shortestPath() ?? []
                        json = .finished(stats, valid: explored.isValid, path: path.map { $0.offset(by: start) })
                    case let .failed(error, stats):
                        json = .failed(String(describing: error), stats)
                    case let .cancelled(stats):
                        json = .cancelled(stats)
                    }
                    try await writer.write(Self.message(json))
                }
                try await writer.finish(nil)
            }
        )
    }

    static func strategy(_ name: String?) throws -> ExplorationStrategy {
        guard let name else { return .eventDriven }
        guard let strategy = ExplorationStrategy(rawValue: name) else {
            throw APIError.badRequest(
                "Unknown strategy '\(name)'; use eventDriven or levelSynchronous.", code: "invalid_strategy")
        }
        return strategy
    }

    private static func message(_ event: ExploreEventJSON) throws -> ByteBuffer {
        ByteBuffer(string: "data: " + String(decoding: try JSONBody.encoder.encode(event), as: UTF8.self) + "\n\n")
    }
}

/// The server's own address, learnt once it is listening (the port may have been 0: "any free").
final class ServerAddress: Sendable {
    private let base = Mutex<String?>(nil)

    /// A wildcard listener (0.0.0.0 or ::) is reached through loopback; a specific address as is.
    func set(_ address: SocketAddress?) {
        guard let address, let port = address.port else { return }
        var host = address.ipAddress ?? "127.0.0.1"
        if host == "0.0.0.0" || host == "::" { host = "127.0.0.1" }
        if host.contains(":") { host = "[\(host)]" }
        base.withLock { $0 = "http://\(host):\(port)" }
    }

    var baseURL: String? { base.withLock { $0 } }
}

extension Square {
    /// This relative coordinate placed with (0, 0) at `origin`.
    func offset(by origin: Square) -> Square { Square(row: origin.row + row, col: origin.col + col) }
}
