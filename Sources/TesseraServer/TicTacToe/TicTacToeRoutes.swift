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
                              creatorToken: token.map(Secrets.hash), seed: UInt64.random(in: 0...UInt64.max),
                              playerMark: body.marker ?? .cross)
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

    /// The game as one seat's player sees it (with their `token` and `marker`): what a seat link
    /// opens on another device. A token of neither seat is refused, so a page or a terminal never
    /// believes it holds a seat it has not. Tokens stay across a series, so one link keeps working.
    @Sendable func seat(_ request: Request, context: Context) async throws -> Response {
        let match = try await load(context)
        guard let token = Self.bearerToken(request), let marker = match.marker(forToken: Secrets.hash(token)) else {
            throw APIError(.forbidden, code: "forbidden", say: "tictactoe.errors.notASeat")
        }
        return try JSONBody.response(GameJSON(match: match).seating(token: token, marker: marker, invite: Self.invitePath(match.id)))
    }

    /// The next game of the series. The new game is stored first and then named on the old one in
    /// one atomic update; when two players ask at once, the one whose update lands second answers
    /// with the first one's game (200) and drops its own, so a series never forks.
    @Sendable func rematch(_ request: Request, context: Context) async throws -> Response {
        let previous = try await load(context)
        let token = Self.bearerToken(request).map(Secrets.hash)
        if let existing = previous.rematch, previous.mayAskForRematch(token: token),
           let next = try await store.find(id: existing) {
            return try JSONBody.response(GameJSON(match: next))
        }
        let next = try previous.rematchGame(id: Secrets.id(), token: token, seed: UInt64.random(in: 0...UInt64.max))
        try await store.insert(next)
        let updated = try await store.update(id: previous.id) { match in
            match.recordRematch(next.id)
        }.orNotFound("tictactoe.errors.notFound.game", ["id": .sent(previous.id)])
        guard updated.rematch == next.id else {
            _ = try await store.delete(id: next.id)
            let other = try await store.find(id: updated.rematch ?? "").orNotFound("tictactoe.errors.notFound.gameAny")
            return try JSONBody.response(GameJSON(match: other))
        }
        await publish(updated)
        await publish(next)
        return try JSONBody.response(GameJSON(match: next), status: .created)
    }

    /// Takes back the player's last move (and the computer's reply after it).
    @Sendable func undo(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.gameID(context)
        let match = try await store.update(id: id) { match in
            try match.undo()
        }.orNotFound("tictactoe.errors.notFound.game", ["id": .sent(id)])
        await publish(match)
        return try JSONBody.response(GameJSON(match: match))
    }

    /// The coach: every empty square's result with perfect play; after the game, its review.
    /// Online it answers only once the game is over, so it never plays for one side.
    @Sendable func analysis(_ request: Request, context: Context) async throws -> Response {
        let match = try await load(context)
        if match.mode == .online, match.game.status == .playing { throw MatchError.coachOnline }
        return try JSONBody.response(AnalysisJSON(match: match))
    }

    /// Server-sent events: the game now, then again after every change.
    @Sendable func events(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.gameID(context)
        return try await live.eventStream(Self.topic(id), client: context.caller.client, closed: context.connectionClosed) {
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
