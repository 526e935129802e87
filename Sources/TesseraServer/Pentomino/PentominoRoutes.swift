import Foundation
import GRDB
import GridKit
import Hummingbird
import PentominoKit

enum PentominoMigrations {
    static let table = "pentomino_puzzle"

    static func register(in migrator: inout DatabaseMigrator) {
        // A puzzle is stored as JSON (board, placements, clock); loading re-places every tile
        // through the rules, so a stored puzzle can never hold an illegal board.
        migrator.registerMigration("pentomino-v1") { db in try DocumentTable<PentominoPuzzle>.create(table, in: db) }
    }
}

/// `/api/pentomino`: tiles and boards, and puzzles in progress kept in SQLite.
struct PentominoRoutes<Context: RequestContext>: Sendable {
    let puzzles: DocumentTable<PentominoPuzzle>

    init(database: TesseraDatabase) {
        puzzles = DocumentTable(database: database, name: PentominoMigrations.table)
    }

    func register(on router: Router<Context>) {
        let api = router.group("api/pentomino")
        api.get("tiles") { _, _ in try JSONBody.response(TileCatalogJSON()) }
        api.get("boards") { _, _ in try JSONBody.response(BoardCatalogJSON()) }
        api.post("puzzles", use: create)
        api.get("puzzles/:id", use: show)
        api.post("puzzles/:id/placements", use: place)
        api.delete("puzzles/:id/placements/:tile", use: remove)
        api.post("puzzles/:id/reset", use: reset)
        api.get("puzzles/:id/hint", use: hint)
        api.get("puzzles/:id/solutions", use: solutions)
    }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(CreatePuzzleRequest.self, from: request)
        let shape = try Self.rules { try BoardShape.parse(body.board) }
        let puzzle = PentominoPuzzle(id: Secrets.id(), shape: shape, flips: body.flips ?? true)
        try await puzzles.insert(id: puzzle.id, puzzle)
        return try JSONBody.response(PuzzleJSON(puzzle: puzzle), status: .created)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        try JSONBody.response(PuzzleJSON(puzzle: try await load(context)))
    }

    @Sendable func place(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(PlaceRequest.self, from: request)
        let shape = try Self.rules { try TileShape.parse(body.tile) }
        let placement = Placement(shape, Orientation(quarterTurns: body.quarterTurns ?? 0, flipped: body.flipped ?? false),
                                  at: Square(row: body.row, col: body.col))
        return try await change(context) { puzzle in try Self.rules { try puzzle.place(placement) } }
    }

    @Sendable func remove(_ request: Request, context: Context) async throws -> Response {
        let letter = try context.parameters.require("tile")
        let shape = try Self.rules { try TileShape.parse(letter) }
        return try await change(context) { puzzle in try Self.rules { _ = try puzzle.remove(shape) } }
    }

    @Sendable func reset(_ request: Request, context: Context) async throws -> Response {
        try await change(context) { puzzle in puzzle.reset() }
    }

    @Sendable func hint(_ request: Request, context: Context) async throws -> Response {
        let puzzle = try await load(context)
        let hint = puzzle.hint()
        return try JSONBody.response(HintJSON(solvable: hint != nil || puzzle.board.isSolved, hint: hint.map(PlacementJSON.init)))
    }

    /// How many ways the current board can be completed; `?limit=N` stops counting at N.
    @Sendable func solutions(_ request: Request, context: Context) async throws -> Response {
        let puzzle = try await load(context)
        let limit = try request.uri.queryParameters["limit"].map { text -> Int in
            guard let value = Int(String(text)), value > 0 else { throw APIError.badRequest("limit must be a positive whole number.", code: "invalid_limit") }
            return value
        }
        let result = puzzle.solutionCount(limit: limit)
        return try JSONBody.response(SolutionCountJSON(solutions: result.count, complete: result.complete))
    }

    private func load(_ context: Context) async throws -> PentominoPuzzle {
        let id = try context.parameters.require("id")
        guard let puzzle = try await puzzles.find(id: id) else { throw APIError.notFound("Puzzle '\(id)'") }
        return puzzle
    }

    private func change(_ context: Context, _ body: @escaping @Sendable (inout PentominoPuzzle) throws -> Void) async throws -> Response {
        let id = try context.parameters.require("id")
        guard let puzzle = try await puzzles.update(id: id, body) else { throw APIError.notFound("Puzzle '\(id)'") }
        return try JSONBody.response(PuzzleJSON(puzzle: puzzle))
    }

    /// Runs kit rules and turns their refusals into API errors: unknown names are bad requests,
    /// placements that break the rules are conflicts with the board as it stands.
    static func rules<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PentominoError {
            throw apiError(code: error.code, message: error.description)
        } catch let error as PuzzleError {
            throw apiError(code: error.code, message: error.description)
        }
    }

    private static func apiError(code: String, message: String) -> APIError {
        let badRequest = ["unknown_tile", "unknown_board", "invalid_tile_text", "invalid_board_text"]
        return APIError(badRequest.contains(code) ? .badRequest : .conflict, code: code, message: message)
    }
}
