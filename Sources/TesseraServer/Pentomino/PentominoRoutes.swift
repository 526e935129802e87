import Foundation
import GridKit
import Hummingbird
import Languages
import PentominoKit
import TesseraStore

/// `/api/pentomino`: tiles and boards, and puzzles in progress kept in SQLite.
struct PentominoRoutes<Context: CallerRequestContext>: Sendable {
    let puzzles: any PuzzleStore
    /// The solver behind hints and solution counts runs here, a few at a time (`CPUWork`).
    let work: CPUWork
    let rendered = RenderedDocuments<PentominoPuzzle>()

    @Sendable func tiles(_ request: Request, context: Context) async throws -> Response { try JSONBody.response(TileCatalogJSON()) }
    @Sendable func boards(_ request: Request, context: Context) async throws -> Response { try JSONBody.response(BoardCatalogJSON()) }

    @Sendable func create(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(CreatePuzzleRequest.self, from: request)
        // The API takes exactly the listed ids; the kit's looser spellings ("6×10") are for the CLI.
        let shape = try Self.board(body.board)
        let puzzle: PentominoPuzzle
        if let difficulty = try Self.difficulty(body) {
            puzzle = try await made(shape: shape, difficulty: difficulty)
        } else {
            puzzle = PentominoPuzzle(id: Secrets.id(), shape: shape, flips: body.flips ?? true)
        }
        try await puzzles.insert(puzzle)
        return try JSONBody.response(PuzzleJSON(puzzle: puzzle), status: .created)
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let puzzle = try await load(context)
        return try rendered.response(id: puzzle.id, puzzle, for: request) { PuzzleJSON(puzzle: $0) }
    }

    @Sendable func place(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(PlaceRequest.self, from: request)
        let shape = try Self.tile(body.tile)
        // Range-checked here so the kit's square arithmetic only ever sees small numbers.
        let turns = try Input.int(body.quarterTurns, "quarterTurns", in: 0...3, code: "invalid_orientation")
        let row = try Input.int(body.row, "row", in: PlaceRequest.origins, code: "invalid_position")
        let col = try Input.int(body.col, "col", in: PlaceRequest.origins, code: "invalid_position")
        let placement = Placement(shape, Orientation(quarterTurns: turns, flipped: body.flipped),
                                  at: Square(row: row, col: col))
        return try await change(context) { puzzle in try puzzle.place(placement) }
    }

    @Sendable func remove(_ request: Request, context: Context) async throws -> Response {
        let letter = try Input.boundedText(try context.parameters.require("tile"), maxBytes: 8,
                                           orElse: APIError.badRequest("pentomino.errors.tileOneLetter", code: "unknown_tile"))
        let shape = try Self.tile(letter)
        return try await change(context) { puzzle in _ = try puzzle.remove(shape) }
    }

    @Sendable func reset(_ request: Request, context: Context) async throws -> Response {
        try await change(context) { puzzle in puzzle.reset() }
    }

    @Sendable func hint(_ request: Request, context: Context) async throws -> Response {
        let puzzle = try await load(context)
        let hint = try await work.solve { puzzle.hint() }
        return try JSONBody.response(HintJSON(solvable: hint != nil || puzzle.board.isSolved, hint: hint.map { PlacementJSON($0) }))
    }

    /// "Why am I stuck?": the fewest placed tiles to take off so the board can be completed again.
    @Sendable func stuck(_ request: Request, context: Context) async throws -> Response {
        let puzzle = try await load(context)
        let answer = try await work.solve { puzzle.stuck() }
        return try JSONBody.response(StuckJSON(answer))
    }

    /// How many ways the current board can be completed; `?limit=N` stops counting at N.
    @Sendable func solutions(_ request: Request, context: Context) async throws -> Response {
        let puzzle = try await load(context)
        let limit = try request.uri.queryParameters["limit"].map { text -> Int in
            guard let value = Int(String(text)), (1...Self.maxLimit).contains(value) else {
                throw APIError.badRequest("pentomino.errors.limit", ["max": .text(String(Self.maxLimit))], code: "invalid_limit")
            }
            return value
        }
        let result = try await work.solve { puzzle.solutionCount(limit: limit) }
        return try JSONBody.response(SolutionCountJSON(solutions: result.count, complete: result.complete))
    }

    /// A tile as the API names it: one capital letter (the kit also takes lower case, for the CLI).
    static func tile(_ letter: String) throws -> TileShape {
        guard letter.utf8.count == 1, letter.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            throw PentominoError.unknownTile(letter)
        }
        return try TileShape.parse(letter)
    }

    /// No board has more completions than this, so a larger limit would mean nothing.
    static var maxLimit: Int { 1_000_000 }

    static func puzzleID(_ context: Context) throws -> String {
        try Input.boundedText(try context.parameters.require("id"), maxBytes: 64, orElse: APIError.notFound("pentomino.errors.notFound.puzzleAny"))
    }

    func load(_ context: Context) async throws -> PentominoPuzzle {
        let id = try Self.puzzleID(context)
        // The daily puzzle is made again from its id (never stored); everyone plays copies of it.
        if let day = DailyPuzzle.day(inID: id) { return try await dailyPuzzle(day, orNotFound: id) }
        return try await puzzles.find(id: id).orNotFound("pentomino.errors.notFound.puzzle", ["id": .sent(id)])
    }

    private func change(_ context: Context, _ body: @escaping @Sendable (inout PentominoPuzzle) throws -> Void) async throws -> Response {
        let id = try Self.puzzleID(context)
        // Everyone's daily puzzle stays as made (a day outside the window is no puzzle at all: 404).
        if let day = DailyPuzzle.day(inID: id) {
            guard DailyWindow.days(around: PuzzleDay(containing: Date())).contains(day) else {
                throw APIError.notFound("pentomino.errors.notFound.puzzle", ["id": .sent(id)])
            }
            throw APIError(.conflict, code: "daily_read_only", say: "pentomino.errors.dailyReadOnly")
        }
        let puzzle = try await puzzles.update(id: id, body).orNotFound("pentomino.errors.notFound.puzzle", ["id": .sent(id)])
        return try JSONBody.response(PuzzleJSON(puzzle: puzzle))
    }
}
