import Foundation
import GridKit

/// Why a puzzle refused a change.
public enum PuzzleError: Error, Equatable, Sendable, CustomStringConvertible {
    case board(PentominoError)
    /// The puzzle allows rotations only, and this orientation needs the tile turned over.
    case flipNotAllowed(TileShape)

    public var code: String {
        switch self {
        case .board(let error): error.code
        case .flipNotAllowed: "flip_not_allowed"
        }
    }

    public var description: String {
        switch self {
        case .board(let error): error.description
        case .flipNotAllowed(let shape): "This puzzle allows rotations only: \(shape) cannot be turned over."
        }
    }
}

/// A puzzle someone is solving: a board, whether tiles may be flipped, and its clock.
/// The server stores it; every rule it applies lives here or in `Board`.
public struct PentominoPuzzle: Sendable, Hashable, Codable {
    public let id: String
    public let flips: Bool
    public private(set) var board: Board
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
        do {
            let placement = try board.remove(shape)
            solvedAt = nil
            return placement
        } catch {
            throw .board(error)
        }
    }

    /// Clears the board and restarts the clock.
    public mutating func reset(now: Date = Date()) {
        board = Board(shape: board.shape)
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
        if flips {
            let count = SolutionCatalogue.shared(for: board.shape).count(agreeingWith: board)
            guard let limit, count > limit else { return (count, true) }
            return (limit, false)
        }
        let result = PentominoSolver.solve(board: board, flips: flips, limit: limit)
        return (result.count, result.isComplete)
    }
}
