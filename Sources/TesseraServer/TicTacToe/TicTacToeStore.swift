import TicTacToeKit

/// Where matches are kept. `update` is atomic: it reads, lets the rules change the match and
/// writes it back in one step, so two moves racing on one game cannot both land.
protocol TicTacToeStore: Sendable {
    func insert(_ match: Match) async throws
    func find(id: String) async throws -> Match?
    /// `nil` when there is no such game; an error thrown by `change` leaves it unchanged.
    func update(id: String, _ change: @escaping @Sendable (inout Match) throws -> Void) async throws -> Match?
}

/// Matches in memory, for tests.
struct InMemoryTicTacToeStore: TicTacToeStore {
    private let matches = InMemoryDocuments<Match>()

    func insert(_ match: Match) async throws { matches.insert(id: match.id, match) }
    func find(id: String) async throws -> Match? { matches.find(id: id) }
    func update(id: String, _ change: @escaping @Sendable (inout Match) throws -> Void) async throws -> Match? {
        try matches.update(id: id, change)
    }
}
