import GridKit

/// How a maze was made, step by step, for the page's "watch it made": the generator records each
/// change it makes to the tile grid, in order. Every step is a straight run of tiles (`from` and `to`
/// inclusive, in one row or one column) that all become rooms — or, for recursive division, which
/// builds walls into an open field, that all become walls. Replaying the steps over the `initial`
/// grid gives the carved maze before doors, exit and start are placed.
///
/// Bounded by the maze: one step per cell joined (at most 100 × 100 on a 201×201 maze) plus the
/// hybrid's few loops, or two per wall for recursive division. Random walks that revisit cells
/// (Aldous–Broder, Wilson) record only what they carve, never their wandering.
public struct MazeCarving: Sendable, Hashable {
    public enum Initial: String, Sendable, Hashable {
        /// Everything is wall; steps open passages.
        case walls
        /// Inside the outer wall every cell and connector is open; steps build walls.
        case open
    }

    public let parameters: MazeParameters
    public let initial: Initial
    public let steps: [CarvingStep]
}

/// One straight run of tiles changed at once (see `MazeCarving`).
public struct CarvingStep: Sendable, Hashable {
    public let from: Square
    public let to: Square

    public init(from: Square, to: Square) {
        self.from = from
        self.to = to
    }
}
