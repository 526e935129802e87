import Hummingbird
import PentominoKit

/// Boards people draw: `POST /api/pentomino/boards/count` says how many solutions a drawing has
/// before anyone plays it, and a puzzle is made on one by its id (`drawn:` and its rows) as on a
/// named board.
extension PentominoRoutes {
    /// The solver counts every solution of the drawn board within `SolveBudget.drawnBoard`, on the
    /// solver's threads and the client's share of solver requests (the `.solver` rate limit), as hints
    /// and solution counts do; past the budget the answer is what it found, `complete: false`.
    @Sendable func countDrawn(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(DrawnCountRequest.self, from: request)
        let shape = try BoardShape.drawn(rows: body.rows)
        let flips = body.flips ?? true
        let result = try await work.solve {
            PentominoSolver.solve(board: Board(shape: shape), flips: flips,
                                  progress: SolveBudget.handler(SolveBudget.drawnBoard))
        }
        return try JSONBody.response(DrawnCountJSON(board: shape.id, flips: flips, solutions: result.count,
                                                    distinct: result.distinctCount, complete: result.isComplete))
    }

    /// A board as the API names it: exactly one of the listed ids, or a drawn board's id (whose rows
    /// say what is wrong with them, if anything).
    static func board(_ id: String) throws -> BoardShape {
        if id.hasPrefix(DrawnBoard.idPrefix) { return try BoardShape.parse(id) }
        // The kit's looser spellings ("6×10") are for the CLI.
        guard let shape = BoardShape(rawValue: id) else { throw PentominoError.unknownBoard(id) }
        return shape
    }
}

/// `{"rows": [".....", …], "flips": true}`: the drawing, `.` for a cell and `#` for none.
struct DrawnCountRequest: Decodable {
    let rows: [String]
    let flips: Bool?

    private enum CodingKeys: String, CodingKey { case rows, flips }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rows = try container.decode([String].self, forKey: .rows)
        flips = try container.decodeUnlessNull(Bool.self, forKey: .flips)
    }
}

/// How many ways the drawn board can be covered: `solutions` counts turned and mirrored boards
/// apart, `distinct` once each; `board` is the id to make a puzzle with (the drawing trimmed, or
/// the named board it is).
struct DrawnCountJSON: Encodable {
    let board: String
    let flips: Bool
    let solutions: Int
    let distinct: Int
    /// False when the time budget ran out: there are at least this many.
    let complete: Bool
}
