/// How the passages are carved. It sets the difficulty: the backtracker makes long winding corridors
/// (deep, narrow exploration), Prim many short branches (shallow, wide), and the hybrid sits between
/// them and adds a few loops. Every algorithm but the hybrid makes a perfect maze (one path between
/// any two rooms); each has its own look, described to people by `maze.descriptions.<name>` in the
/// catalogues. The implementations live in `Generators+<Family>.swift`.
public enum MazeAlgorithm: String, Sendable, Hashable, Codable, CaseIterable {
    /// Growing tree in the spirit of the original server: extend from the newest cell, resume from a
    /// random listed cell when stuck, and with 0.5 % chance per step also open a wall into an
    /// already-carved cell, which makes a loop.
    case hybrid
    /// Recursive backtracker (depth-first): a perfect maze with long corridors.
    case backtracker
    /// Randomised Prim: a perfect maze with many short dead ends.
    case prim
    /// Aldous–Broder: an unbiased random walk (a uniform spanning tree), slow to finish.
    case aldousBroder
    /// Wilson: loop-erased random walks, also a uniform spanning tree, faster than Aldous–Broder.
    case wilson
    /// Randomised Kruskal: random walls removed between unjoined regions; many short dead ends.
    case kruskal
    /// Eller: one row at a time with sets, so memory grows with the width only.
    case eller
    /// Recursive division: walls added to an open field, each with one gap; long straight walls.
    case recursiveDivision
    /// Sidewinder: runs east closed by one passage north; a clear top corridor.
    case sidewinder
    /// Binary tree: every cell opens north or east; strong diagonal bias, two open edges.
    case binaryTree
    /// Growing tree choosing the newest cell half the time and a random one otherwise.
    case growingTree

    /// A stable code for room ids (5 bits, see `RoomCodec`). Not `allCases` order, so reordering
    /// cases cannot silently invalidate ids already handed out.
    var code: UInt32 {
        switch self {
        case .hybrid: 0
        case .backtracker: 1
        case .prim: 2
        case .aldousBroder: 3
        case .wilson: 4
        case .kruskal: 5
        case .eller: 6
        case .recursiveDivision: 7
        case .sidewinder: 8
        case .binaryTree: 9
        case .growingTree: 10
        }
    }

    init?(code: UInt32) {
        guard let found = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = found
    }

    /// False only for the hybrid, which opens a few loops on purpose.
    public var isPerfect: Bool { self != .hybrid }

    /// The catalogue key of the one-line description of the maze's character.
    public var descriptionKey: String { "maze.descriptions.\(rawValue)" }

    /// The catalogue key of the algorithm's display name.
    public var nameKey: String { "maze.algorithms.\(rawValue)" }
}
