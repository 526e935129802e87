import Foundation
import GridKit
import PentominoKit

/// The pentomino API's JSON shapes. Squares are `[row, col]` pairs; an orientation is
/// `quarterTurns` (clockwise, 0–3) plus `flipped` (mirrored left to right first).
struct PuzzleJSON: Encodable {
    let id: String
    let board: String
    let rows: Int
    let cols: Int
    let holes: [[Int]]
    let flips: Bool
    let placements: [PlacementJSON]
    let grid: [String]
    let solved: Bool
    let createdAt: String
    @Nullable var solvedAt: String?
    /// `easy`, `medium` or `hard` for a puzzle made with tiles given, else null.
    @Nullable var difficulty: String?
    /// The day (`YYYY-MM-DD`, UTC) of a daily puzzle or a copy of one, else null.
    @Nullable var daily: String?

    init(puzzle: PentominoPuzzle) {
        let board = puzzle.board
        id = puzzle.id
        self.board = board.shape.id
        rows = board.shape.rows
        cols = board.shape.cols
        holes = board.shape.holes.sorted().map(\.pair)
        flips = puzzle.flips
        placements = board.placements.map { PlacementJSON($0, given: puzzle.given.contains($0.shape)) }
        grid = board.letterRows
        solved = board.isSolved
        createdAt = Self.timestamp(puzzle.startedAt)
        solvedAt = puzzle.solvedAt.map(Self.timestamp)
        difficulty = puzzle.difficulty?.rawValue
        daily = puzzle.daily?.description
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    }
}


struct PlacementJSON: Encodable {
    let tile: String
    let quarterTurns: Int
    let flipped: Bool
    let row: Int
    let col: Int
    let cells: [[Int]]
    /// Placed when the puzzle was made: it cannot be moved or removed.
    let given: Bool

    init(_ placement: Placement, given: Bool = false) {
        self.given = given
        tile = placement.shape.letter
        quarterTurns = placement.orientation.quarterTurns
        flipped = placement.orientation.flipped
        row = placement.origin.row
        col = placement.origin.col
        cells = placement.cells.map(\.pair)
    }
}

struct HintJSON: Encodable {
    let solvable: Bool
    @Nullable var hint: PlacementJSON?
}

/// `{"solvable","remove"}`: `remove` names the tiles in the way (empty when the board can be
/// completed, or when not even the empty board can: then `boardSolvable` is false).
struct StuckJSON: Encodable {
    let solvable: Bool
    let boardSolvable: Bool
    let remove: [String]

    init(_ answer: StuckAnswer) {
        switch answer {
        case .solvable: (solvable, boardSolvable, remove) = (true, true, [])
        case .remove(let tiles): (solvable, boardSolvable, remove) = (false, true, tiles.map(\.letter))
        case .unsolvableBoard: (solvable, boardSolvable, remove) = (false, false, [])
        }
    }
}

struct TileCatalogJSON: Encodable {
    struct TileJSON: Encodable {
        struct OrientationJSON: Encodable {
            let quarterTurns: Int
            let flipped: Bool
            let cells: [[Int]]
        }
        let letter: String
        let blogLetter: String
        let distinct: Int
        let orientations: [OrientationJSON]
    }
    let tiles: [TileJSON] = TileShape.allCases.map { shape in
        TileJSON(
            letter: shape.letter, blogLetter: shape.blogLetter, distinct: shape.orientations.count,
            orientations: Orientation.all.map { orientation in
                .init(quarterTurns: orientation.quarterTurns, flipped: orientation.flipped,
                      cells: shape.gridCells(orientation).map(\.pair))
            })
    }
}

struct BoardCatalogJSON: Encodable {
    struct BoardJSON: Encodable {
        let id: String
        let rows: Int
        let cols: Int
        let holes: [[Int]]
    }
    let boards: [BoardJSON] = BoardShape.allCases.map {
        BoardJSON(id: $0.id, rows: $0.rows, cols: $0.cols, holes: $0.holes.sorted().map(\.pair))
    }
}

struct SolutionCountJSON: Encodable {
    /// Completions found (counting rotated and mirrored boards as different).
    let solutions: Int
    /// False when counting stopped at the requested limit.
    let complete: Bool
}

struct CreatePuzzleRequest: Decodable {
    let board: String
    let flips: Bool?
    /// Tiles given to start with, so many ways are left (`Difficulty.waysLeft`); none when absent.
    let difficulty: String?

    private enum CodingKeys: String, CodingKey { case board, flips, difficulty }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        board = try container.decode(String.self, forKey: .board)
        flips = try container.decodeUnlessNull(Bool.self, forKey: .flips)
        difficulty = try container.decodeUnlessNull(String.self, forKey: .difficulty)
    }
}

/// `{"date": "YYYY-MM-DD"}`: which day's puzzle to play; today (UTC) when absent.
struct PlayDailyRequest: Decodable {
    let date: String?

    private enum CodingKeys: String, CodingKey { case date }

    init() { date = nil }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decodeUnlessNull(String.self, forKey: .date)
    }
}

/// A tile to place. The origin is the board square under the top-left corner of the tile's 5×5
/// grid, so it may lie up to 4 squares above or left of the board; the largest board side is 20.
struct PlaceRequest: Decodable {
    static let origins = -4...19

    let tile: String
    let quarterTurns: Int
    let flipped: Bool
    let row: Int
    let col: Int

    private enum CodingKeys: String, CodingKey { case tile, quarterTurns, flipped, row, col }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tile = try container.decode(String.self, forKey: .tile)
        quarterTurns = try container.decodeUnlessNull(Int.self, forKey: .quarterTurns) ?? 0
        flipped = try container.decodeUnlessNull(Bool.self, forKey: .flipped) ?? false
        row = try container.decode(Int.self, forKey: .row)
        col = try container.decode(Int.self, forKey: .col)
    }
}
