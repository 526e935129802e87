import Foundation
import Hummingbird
import TicTacToeKit
import TesseraStore

/// `/api/tictactoe`: decode, let `Match` apply the rules, store, answer, and tell watchers.
/// Seat tokens are handed to players once and stored only as SHA-256 hashes: the kit compares
/// the hash of the presented token with the stored one.
struct TicTacToeRoutes<Context: CallerRequestContext>: Sendable {
    let store: any TicTacToeStore
    let live: LiveUpdates
    let rendered = RenderedDocuments<Match>()

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(CreateGameRequest.self, from: request)
        let token = body.mode == .online ? Secrets.token() : nil
        let match = try Match(id: Secrets.id(), mode: body.mode, names: body.players, difficulty: body.difficulty,
                              creatorToken: token.map(Secrets.hash), seed: UInt64.random(in: 0...UInt64.max))
        try await store.insert(match)
        var answer = GameJSON(match: match)
        if let token { answer = answer.seating(token: token, marker: .cross, invite: Self.invitePath(match.id)) }
        return try JSONBody.response(answer, status: .created)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let match = try await load(context)
        return try rendered.response(id: match.id, match, for: request) { GameJSON(match: $0) }
    }

    @Sendable func move(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.gameID(context)
        let body = try await JSONBody.decode(MoveRequest.self, from: request)
        let token = Self.bearerToken(request).map(Secrets.hash)
        let match = try await store.update(id: id) { match in
            try match.play(Position(row: body.row, col: body.col), token: token)
        }.orNotFound("tictactoe.errors.notFound.game", ["id": .sent(id)])
        await publish(match)
        return try JSONBody.response(GameJSON(match: match))
    }

    @Sendable func join(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.gameID(context)
        let body = try await JSONBody.decode(JoinRequest.self, from: request)
        let token = Secrets.token()
        let match = try await store.update(id: id) { match in
            try match.join(name: body.name, token: Secrets.hash(token))
        }.orNotFound("tictactoe.errors.notFound.game", ["id": .sent(id)])
        await publish(match)
        return try JSONBody.response(GameJSON(match: match).seating(token: token, marker: .circle, invite: Self.invitePath(id)))
    }

    /// Server-sent events: the game now, then again after every change.
    @Sendable func events(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.gameID(context)
        return try await live.eventStream(Self.topic(id)) {
            try Self.json(GameJSON(match: try await store.find(id: id).orNotFound("tictactoe.errors.notFound.game", ["id": .sent(id)])))
        }
    }

    private func load(_ context: Context) async throws -> Match {
        let id = try Self.gameID(context)
        return try await store.find(id: id).orNotFound("tictactoe.errors.notFound.game", ["id": .sent(id)])
    }

    private func publish(_ match: Match) async {
        guard let json = try? Self.json(GameJSON(match: match)) else { return }
        await live.publish(Self.topic(match.id), payload: json)
    }

    /// Ids are 12 characters; anything much longer cannot be a game and is not looked up.
    static func gameID(_ context: Context) throws -> String {
        let id = try context.parameters.require("id")
        return try Input.boundedText(id, maxBytes: 64, orElse: APIError.notFound("tictactoe.errors.notFound.gameAny"))
    }

    static func topic(_ id: String) -> String { "tictactoe/\(id)" }
    static func invitePath(_ id: String) -> String { "/tictactoe/?join=\(id)" }

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONBody.encoder.encode(value), as: UTF8.self)
    }

    /// The bearer token, if one of a plausible size was sent (a huge one is simply wrong).
    static func bearerToken(_ request: Request) -> String? {
        guard let header = request.headers[.authorization], header.utf8.count <= 256,
              header.lowercased().hasPrefix("bearer ") else { return nil }
        return String(header.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
    }
}
