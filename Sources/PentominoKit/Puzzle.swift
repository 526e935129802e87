import Foundation
import GridKit

/// Why a puzzle refused a change.
public enum PuzzleError: Error, Equatable, Sendable, CustomStringConvertible {
    case board(PentominoError)
    /// The puzzle allows rotations only, and this orientation needs the tile turned over.
    case flipNotAllowed(TileShape)
    /// The tile was placed when the puzzle was made (Easy, Medium, Hard, the daily): it stays.
    case givenTile(TileShape)

    public var code: String {
        switch self {
        case .board(let error): error.code
        case .flipNotAllowed: "flip_not_allowed"
        case .givenTile: "given_tile"
        }
    }

    public var description: String {
        switch self {
        case .board(let error): error.description
        case .flipNotAllowed(let shape): "This puzzle allows rotations only: \(shape) cannot be turned over."
        case .givenTile(let shape): "\(shape) was placed when the puzzle was made: it stays where it is."
        }
    }
}

/// A puzzle someone is solving: a board, whether tiles may be flipped, and its clock.
/// The server stores it; every rule it applies lives here or in `Board`.
public struct PentominoPuzzle: Sendable, Hashable, Codable {
    public private(set) var id: String
    public let flips: Bool
    public private(set) var board: Board
    /// Tiles placed when the puzzle was made (`PuzzleMaker`), F first: they cannot be moved or
    /// removed, and a reset leaves them.
    public private(set) var given: [TileShape] = []
    /// How the puzzle was made: a difficulty, or the day's puzzle (`DailyPuzzle`); both `nil` for an empty board.
    public private(set) var difficulty: Difficulty?
    public private(set) var daily: PuzzleDay?
    /// When the current attempt began (a reset starts a new one).
    public private(set) var startedAt: Date
    /// When the last tile went in.
    public private(set) var solvedAt: Date?

    public init(id: String, shape: BoardShape, flips: Bool = true, now: Date = Date()) {
        self.id = id
        self.flips = flips
        board = Board(shape: shape)
        startedAt = now
    }

    /// A puzzle that starts with `givens` placed for good (tiles may flip: the givens come from the
    /// board's solution list, which is made with flips).
    public init(id: String, shape: BoardShape, givens: [Placement], difficulty: Difficulty? = nil,
                daily: PuzzleDay? = nil, now: Date = Date()) throws(PentominoError) {
        self.init(id: id, shape: shape, flips: true, now: now)
        board = try Board(shape: shape, placements: givens)
        given = board.placements.map(\.shape)
        self.difficulty = difficulty
        self.daily = daily
    }

    /// The same puzzle, as made, for someone else to play: a new id and clock.
    public func copy(id: String, now: Date = Date()) -> PentominoPuzzle {
        var copy = self
        copy.id = id
        copy.reset(now: now)
        return copy
    }

    /// Places a tile. In no-flip mode a flipped orientation is accepted only when the same
    /// cells can be reached by turning alone (symmetric tiles such as T or X).
    public mutating func place(_ placement: Placement, now: Date = Date()) throws(PuzzleError) {
        guard isAllowed(placement.orientation, for: placement.shape) else { throw .flipNotAllowed(placement.shape) }
        do {
            try board.place(placement)
        } catch {
            throw .board(error)
        }
        if board.isSolved, solvedAt == nil { solvedAt = now }
    }

    /// Takes a placed tile off the board.
    @discardableResult
    public mutating func remove(_ shape: TileShape) throws(PuzzleError) -> Placement {
        guard !given.contains(shape) else { throw .givenTile(shape) }
        do {
            let placement = try board.remove(shape)
            solvedAt = nil
            return placement
        } catch {
            throw .board(error)
        }
    }

    /// Clears the board but for the given tiles, and restarts the clock.
    public mutating func reset(now: Date = Date()) {
        let kept = board.placements.filter { given.contains($0.shape) }
        board = Board(shape: board.shape)
        for placement in kept { try? board.place(placement) }  // they fitted together before
        startedAt = now
        solvedAt = nil
    }

    public func isAllowed(_ orientation: Orientation, for shape: TileShape) -> Bool {
        guard !flips, orientation.flipped else { return true }
        let cells = Set(Tile(shape, orientation).normalisedCells)
        return (0..<4).contains { Set(Tile(shape, Orientation(quarterTurns: $0)).normalisedCells) == cells }
    }

    /// One placement that still leads to a full solution (covering the first empty cell, in
    /// reading order, as a person filling the board from the corner would), or `nil` when the
    /// tiles on the board cannot be completed.
    public func hint() -> Placement? {
        var first: Solution?
        PentominoSolver.forEachSolution(of: board, options: SolveOptions(flips: flips, limit: 1)) { solution in
            first = solution
            return .stop
        }
        guard let solution = first else { return nil }
        let placed = Set(board.placements.map(\.shape))
        let missing = solution.placements.filter { !placed.contains($0.shape) }
        guard let corner = board.emptySquares.min() else { return nil }
        return missing.first { $0.cells.contains(corner) } ?? missing.first
    }

    /// How many ways the board can still be completed (counting rotated and mirrored boards).
    /// With flips this is a scan of the board's whole solution list (kept per shape, as for
    /// hints): exact and quick enough to show after every move; without flips the solver counts.
    public func solutionCount(limit: Int? = nil) -> (count: Int, complete: Bool) {
        let catalogue = flips ? SolutionCatalogue.shared(for: board.shape) : nil
        if let catalogue, catalogue.isComplete {
            let count = catalogue.count(agreeingWith: board)
            guard let limit, count > limit else { return (count, true) }
            return (limit, false)
        }
        // No flips, or a drawn board with too many solutions to list: the solver counts, within
        // the drawn boards' time budget.
        let result = PentominoSolver.solve(board: board, flips: flips, limit: limit,
                                           progress: SolveBudget.handler(for: board.shape))
        return (result.count, result.isComplete)
    }
}

extension PentominoPuzzle {
    /// Puzzles stored before tiles could be given have none; a given tile must be on the board.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        flips = try container.decode(Bool.self, forKey: .flips)
        board = try container.decode(Board.self, forKey: .board)
        startedAt = try container.decode(Date.self, forKey: .startedAt)
        solvedAt = try container.decodeIfPresent(Date.self, forKey: .solvedAt)
        given = try container.decodeIfPresent([TileShape].self, forKey: .given) ?? []
        difficulty = try container.decodeIfPresent(Difficulty.self, forKey: .difficulty)
        daily = try container.decodeIfPresent(PuzzleDay.self, forKey: .daily)
        let placed = Set(board.placements.map(\.shape))
        guard given.allSatisfy(placed.contains) else {
            throw DecodingError.dataCorruptedError(forKey: .given, in: container, debugDescription: "a given tile is not placed")
        }
    }
}
