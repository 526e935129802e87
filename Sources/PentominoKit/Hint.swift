import GridKit
import Synchronization

/// What to do next on a board, according to the solver.
public enum Hint: Sendable, Hashable {
    /// Put this piece here: the board can still be completed with it.
    case place(Placement)
    /// Every piece is already down.
    case solved
    /// No way to complete the board from here: some placed piece has to move.
    case noSolution
}

extension Hint: Codable {
    enum CodingKeys: String, CodingKey { case kind, placement }

    /// `{"kind": "place", "placement": {...}}`, `{"kind": "solved"}` or `{"kind": "noSolution"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .place(let placement):
            try container.encode("place", forKey: .kind)
            try container.encode(placement, forKey: .placement)
        case .solved: try container.encode("solved", forKey: .kind)
        case .noSolution: try container.encode("noSolution", forKey: .kind)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "place": self = .place(try container.decode(Placement.self, forKey: .placement))
        case "solved": self = .solved
        case "noSolution": self = .noSolution
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                   debugDescription: "unknown hint kind \(other)")
        }
    }
}

extension PentominoSolver {
    /// One placement that still leads to a full solution, `.solved`, or `.noSolution`.
    ///
    /// The hint covers the first empty cell in reading order (top row first), so following hints
    /// fills the board from the top-left. Pieces may be flipped. The first hint for a board shape
    /// finds all its solutions once (about 0.1 s in a release build) and keeps them; after that
    /// every hint is a scan of that list, a few milliseconds at most, whatever the board holds.
    public static func hint(for board: Board) -> Hint {
        if board.isSolved { return .solved }
        let catalogue = SolutionCatalogue.shared(for: board.shape)
        let found = catalogue.isComplete ? catalogue.hint(for: board) : searchedHint(for: board)
        guard let placement = found else { return .noSolution }
        return .place(placement)
    }

    /// A hint from one search, for a drawn board whose solution list is too long to keep: the
    /// first solution's piece covering the first empty cell.
    static func searchedHint(for board: Board) -> Placement? {
        var first: Solution?
        forEachSolution(of: board) { solution in
            first = solution
            return .stop
        }
        guard let first, let corner = board.emptySquares.first else { return nil }
        return first.placements.first { $0.cells.contains(corner) }
    }

    /// Builds the solution list `hint(for:)` uses for `shape` now, e.g. when a server starts, so
    /// the first hint is as quick as the rest. Safe to call from any thread, any number of times.
    public static func prepareHints(for shape: BoardShape) {
        _ = SolutionCatalogue.shared(for: shape)
    }

    /// Whether the pieces on `board` can be completed to a solution (with flips).
    public static func isSolvable(_ board: Board) -> Bool {
        hint(for: board) != .noSolution
    }
}

/// Every solution of one empty board (with flips), as one mask per piece, for hints.
///
/// A named board's list is kept for good. A drawn board's is kept among the most recently used
/// few, and only when it is short enough to make quickly: a board with more than
/// `drawnSolutionLimit` solutions, or whose list takes longer than `drawnBudget` to make, gets an
/// empty list that says so (`isComplete` false), and its callers ask the solver instead.
struct SolutionCatalogue: Sendable {
    private static let cache = Mutex<[BoardShape: SolutionCatalogue]>([:])
    private static let drawnCache = Mutex(BoundedCache<BoardShape, SolutionCatalogue>(
        countLimit: 16, costLimit: 64 << 20, cost: { $0.masks.count * MemoryLayout<UInt64>.size }))
    /// The 6×10 board has 9356; a drawn board's list of this many takes 10 MB.
    static let drawnSolutionLimit = 100_000
    static let drawnBudget = Duration.seconds(2)

    let geometry: BoardGeometry
    let list: PlacementList
    /// Solution `s`, piece `p` covers `masks[s * 12 + p]`.
    let masks: [UInt64]

    static func shared(for shape: BoardShape) -> SolutionCatalogue {
        if case .drawn = shape {
            if let cached = drawnCache.withLock({ $0.value(forKey: shape) }) { return cached }
            let built = SolutionCatalogue(shape: shape, limit: drawnSolutionLimit, budget: drawnBudget)
            drawnCache.withLock { $0.insert(built, forKey: shape) }
            return built
        }
        if let cached = cache.withLock({ $0[shape] }) { return cached }
        // Built outside the lock so one slow board does not hold up hints on the others; two
        // threads may both build the same catalogue once, which is harmless.
        let built = SolutionCatalogue(shape: shape)
        return cache.withLock { cache in
            if let existing = cache[shape] { return existing }
            cache[shape] = built
            return built
        }
    }

    /// False when the list was abandoned (more than `limit` solutions, or past `budget`): then it is empty.
    let isComplete: Bool

    init(shape: BoardShape, limit: Int = .max, budget: Duration? = nil) {
        let plan = SearchPlan(board: Board(shape: shape), options: SolveOptions())
        let clock = ContinuousClock()
        let deadline = budget.map { clock.now + $0 }
        var masks: [UInt64] = []
        var abandoned = false
        for item in plan.items where !abandoned {
            let engine = SearchEngine(table: item.table, limit: Int.max, onSolution: { entries in
                guard masks.count / SearchTable.pieceCount + plan.expansion.count <= limit else {
                    abandoned = true
                    return false
                }
                for symmetry in plan.expansion {
                    var solution = Array(repeating: UInt64(0), count: SearchTable.pieceCount)
                    for index in plan.image(of: entries, under: symmetry) {
                        let entry = plan.list.entries[Int(index)]
                        solution[entry.piece] = entry.mask
                    }
                    masks += solution
                }
                return true
            }, accept: plan.acceptance(of: item), poll: { _ in
                guard let deadline, clock.now > deadline else { return true }
                abandoned = true
                return false
            })
            engine.run(occupied: item.occupied, remaining: item.remaining, prefix: item.prefix)
        }
        self.geometry = plan.list.geometry
        self.list = plan.list
        self.masks = abandoned ? [] : masks
        isComplete = !abandoned
    }

    var count: Int { masks.count / SearchTable.pieceCount }

    /// The placement covering the board's first empty cell in the first solution that agrees with
    /// every piece already placed.
    func hint(for board: Board) -> Placement? {
        let placed: [(piece: Int, mask: UInt64)] = board.placements.compactMap { placement in
            geometry.mask(placement.cells).map { (placement.shape.index, $0) }
        }
        guard placed.count == board.placements.count,
              let firstEmpty = board.emptySquares.first else { return nil }
        let target: UInt64 = 1 << UInt64(geometry.bit(firstEmpty))
        for solution in 0..<count {
            let base = solution * SearchTable.pieceCount
            guard placed.allSatisfy({ masks[base + $0.piece] == $0.mask }) else { continue }
            for piece in 0..<SearchTable.pieceCount where masks[base + piece] & target != 0 {
                guard let index = list.index(piece: piece, mask: masks[base + piece]) else { return nil }
                return list.entries[index].placement
            }
        }
        return nil
    }
}
