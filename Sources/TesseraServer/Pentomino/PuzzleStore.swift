import PentominoKit

/// Where pentomino puzzles in progress are kept; `update` is atomic like every app's store.
protocol PuzzleStore: Sendable {
    func insert(_ puzzle: PentominoPuzzle) async throws
    func find(id: String) async throws -> PentominoPuzzle?
    /// `nil` when there is no such puzzle; an error thrown by `change` leaves it unchanged.
    func update(id: String, _ change: @escaping @Sendable (inout PentominoPuzzle) throws -> Void) async throws -> PentominoPuzzle?
}

/// Puzzles in memory, for tests.
struct InMemoryPuzzleStore: PuzzleStore {
    private let puzzles = InMemoryDocuments<PentominoPuzzle>()

    func insert(_ puzzle: PentominoPuzzle) async throws { puzzles.insert(id: puzzle.id, puzzle) }
    func find(id: String) async throws -> PentominoPuzzle? { puzzles.find(id: id) }
    func update(id: String, _ change: @escaping @Sendable (inout PentominoPuzzle) throws -> Void) async throws -> PentominoPuzzle? {
        try puzzles.update(id: id, change)
    }
}
