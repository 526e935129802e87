import GridCore

/// A fully covered board.
public struct Solution: Sendable, Hashable, Codable, CustomStringConvertible {
    public let shape: BoardShape
    /// All twelve pieces, F first.
    public let placements: [Placement]
    /// The letter grid, one string per row (holes as `#`), e.g. `"FFLLLIIIII"`.
    public let rows: [String]

    init(shape: BoardShape, placements: [Placement]) {
        self.shape = shape
        self.placements = placements.sorted { $0.shape < $1.shape }
        var letters = Grid<Character>(rows: shape.rows, cols: shape.cols, fill: Board.emptySymbol)
        for hole in shape.holes { letters[hole] = Board.holeSymbol }
        for placement in placements {
            for cell in placement.cells where shape.contains(cell) {
                letters[cell] = Character(placement.shape.letter)
            }
        }
        rows = letters.nestedRows.map { String($0) }
    }

    /// The rows joined by `\n`.
    public var text: String { rows.joined(separator: "\n") }

    /// The solution as a board (every piece placed), e.g. to show it or to continue from it.
    public var board: Board { Board(shape: shape, trusted: placements) }

    public var description: String { text }
}

/// What a callback tells the search to do next.
public enum SearchControl: Sendable, Hashable, Codable {
    case proceed
    case stop
}

/// A snapshot of a running search, handed to the progress handler.
public struct SolveProgress: Sendable, Hashable, Codable {
    /// Search nodes (pieces tried) so far, summed over all threads.
    public var nodes: Int
    /// Solutions found so far.
    public var solutions: Int
    /// Work items (subtrees of the search) finished, out of `itemsTotal`.
    public var itemsDone: Int
    public var itemsTotal: Int

    /// A rough 0…1 completion estimate: subtrees differ in size, so it moves unevenly.
    public var fractionDone: Double {
        itemsTotal == 0 ? 1 : Double(itemsDone) / Double(itemsTotal)
    }
}

/// Called when the search starts and then about ten times a second while it runs (possibly from a worker thread, but never
/// from two threads at once). Return `.stop` to cancel: the search then ends early with
/// `SolveResult.isComplete == false`.
public typealias SolveProgressHandler = @Sendable (SolveProgress) -> SearchControl

/// How to search.
public struct SolveOptions: Sendable, Hashable, Codable {
    /// Whether pieces may be mirrored. Without flipping, each chiral piece (F L N P Y Z) keeps the
    /// handedness it is drawn with, unless listed in `mirroredPieces`.
    public var flips: Bool
    /// Pieces used in their mirror image when `flips` is off (ignored otherwise). Trying all 64
    /// subsets of the six chiral pieces adds up to the count with flips.
    public var mirroredPieces: Set<TileShape>
    /// Count each solution once up to the board's symmetries (rotations and reflections; only
    /// rotations without flips) that keep the already placed pieces in place. On an empty board
    /// this gives the published "distinct" counts, e.g. 2339 for 6×10.
    public var distinct: Bool
    /// Stop after this many solutions; `nil` finds them all.
    public var limit: Int?
    /// How many solutions to return as letter grids (the first ones found, in a deterministic
    /// order that does not depend on `threads`).
    public var keep: Int
    /// Worker threads; 1 runs on the calling thread. Values below 1 count as 1.
    public var threads: Int

    public init(flips: Bool = true, mirroredPieces: Set<TileShape> = [], distinct: Bool = false,
                limit: Int? = nil, keep: Int = 0, threads: Int = 1) {
        self.flips = flips
        self.mirroredPieces = mirroredPieces
        self.distinct = distinct
        self.limit = limit
        self.keep = keep
        self.threads = threads
    }
}

/// The outcome of a search.
public struct SolveResult: Sendable, Hashable, Codable {
    public let shape: BoardShape
    /// Solutions found: all of them when `isComplete`.
    public let count: Int
    /// Families of solutions found (one per class under the board's symmetries that keep the
    /// placed pieces in place): the distinct count when `isComplete`, whichever of raw or
    /// distinct was asked for. Both counts come from the same search, so asking for one never
    /// costs a second search.
    public let distinctCount: Int
    /// The raw solutions each family holds (the symmetries counted by `distinctCount`): 4 or 8 on
    /// an empty board, fewer once pieces are placed.
    public let symmetryCount: Int
    /// Every solution, rotated and mirrored boards counted apart: `distinctCount × symmetryCount`,
    /// exact because no solution is its own turn or mirror image (see `SearchPlan`). Complete
    /// when `isComplete`.
    public var rawCount: Int { distinctCount * symmetryCount }
    /// The first `keep` solutions (fewer if there are fewer).
    public let solutions: [Solution]
    /// The whole search space was explored (not stopped by `limit` or cancelled).
    public let isComplete: Bool
    /// The progress handler or task cancellation stopped the search.
    public let wasCancelled: Bool
    /// Search nodes visited: a machine-independent measure of the work done.
    public let nodes: Int
}
