import Foundation
import HTTPTypes
import Hummingbird
import Languages
import MazeKit
import NIOCore

/// `/api/maze`: the original's three calls (start, room, unlock) on stateless MAC'ed ids, new mazes
/// with chosen parameters, tile art, the debug map, and a live exploration stream for the page.
/// No maze is stored: every answer is recomputed from the id (MazeService caches recent mazes).
struct MazeRoutes<Context: CallerRequestContext>: Sendable {
    let service: MazeService
    let options: MazeServerOptions
    let traffic = MazeTraffic()
    let explorations: MazeExplorations

    /// Room ids and locks are well under this; longer ones are not even decoded.
    static var maxTokenBytes: Int { 256 }

    @Sendable func explore(_ request: Request, context: Context) async throws -> Response { try await explorations.stream(request) }

    /// The original call: a new random maze (size 31–63 from a random seed).
    @Sendable func start(_ request: Request, context: Context) async throws -> Response {
        let parameters = try MazeRequestRules.parameters(seed: nil, width: nil, height: nil, algorithm: nil)
        return try await traffic.simulate(.fetch, on: parameters, conditions: conditions(request), arrived: context.receivedAt) {
            try JSONBody.response(RoomID(id: service.startRoom(for: parameters)))
        }
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decodeOptional(CreateMazeRequest.self, from: request) ?? CreateMazeRequest()
        let parameters = try MazeRequestRules.parameters(seed: body.seed, width: body.width, height: body.height,
                                                         algorithm: body.algorithm)
        return try await traffic.simulate(.fetch, on: parameters, conditions: conditions(request), arrived: context.receivedAt) {
            try JSONBody.response(CreatedMazeJSON(id: service.startRoom(for: parameters), parameters: parameters,
                                                  start: service.maze(for: parameters).start),
                                  status: .created)
        }
    }

    @Sendable func room(_ request: Request, context: Context) async throws -> Response {
        let id = try Input.boundedText(try context.parameters.require("id"), maxBytes: Self.maxTokenBytes,
                                       orElse: APIError(.notFound, code: "unknown_room", say: "maze.errors.noRoom"))
        let address = try? service.codec.address(ofRoomID: id)
        return try await traffic.simulate(.fetch, on: address?.parameters, conditions: conditions(request), arrived: context.receivedAt) {
            try JSONBody.response(try service.room(id: id))
        }
    }

    @Sendable func unlock(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(UnlockRequest.self, from: request)
        _ = try Input.boundedText(body.lock, maxBytes: Self.maxTokenBytes,
                                  orElse: APIError(.notFound, code: "invalid_lock", say: "maze.errors.noDoor"))
        let address = try? service.codec.address(ofLock: body.lock)
        return try await traffic.simulate(.unlock, on: address?.parameters, conditions: conditions(request), arrived: context.receivedAt) {
            try JSONBody.response(RoomID(id: try service.unlock(lock: body.lock)))
        }
    }

    /// `GET /api/maze/tiles/1010.svg` and friends: the art is generated, so it never changes.
    @Sendable func tile(_ request: Request, context: Context) async throws -> Response {
        let file = try Input.boundedText(try context.parameters.require("file"), maxBytes: 32,
                                         orElse: APIError.notFound("maze.errors.notFound.tileAny"))
        guard file.hasSuffix(".svg"), let svg = MazeTiles.svg(for: String(file.dropLast(4))) else {
            throw APIError.notFound("maze.errors.notFound.tile", ["file": .sent(file)])
        }
        return Response(status: .ok,
                        headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                        body: .init(byteBuffer: ByteBuffer(string: svg)))
    }

    /// The whole maze as text, for debugging explorers; only with `--maze-debug`.
    @Sendable func map(_ request: Request, context: Context) async throws -> Response {
        guard options.debug else {
            throw APIError(.notFound, code: "debug_disabled", say: "maze.errors.debugDisabled")
        }
        let query = request.uri.queryParameters
        let parameters = try MazeRequestRules.parameters(
            seed: try context.parameters.require("seed"),
            width: try MazeRequestRules.int(query["width"].map(String.init), "width"),
            height: try MazeRequestRules.int(query["height"].map(String.init), "height"),
            algorithm: query["algorithm"].map(String.init))
        return try JSONBody.response(MazeMapJSON(service.maze(for: parameters)))
    }

    /// The conditions this request asked for (`X-Maze-Latency` or `?latency=`), else the server's.
    private func conditions(_ request: Request) throws -> SimulatedConditions {
        let asked = request.headers[values: .mazeLatency].first ?? request.uri.queryParameters["latency"].map(String.init)
        guard let asked else { return options.conditions }
        return try LatencyPreset.parse(asked).conditions
    }
}

extension HTTPField.Name {
    static let mazeLatency = HTTPField.Name(MazeWire.latencyHeader)!
}
