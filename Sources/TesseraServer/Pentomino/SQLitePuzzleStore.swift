import GRDB
import PentominoKit

/// Puzzles in SQLite through GRDB. A puzzle is stored as JSON (board, placements, clock); loading
/// re-places every tile through the rules, so a stored puzzle can never hold an illegal board.
struct SQLitePuzzleStore: PuzzleStore {
    static let table = "pentomino_puzzle"
    private let puzzles: DocumentTable<PentominoPuzzle>

    init(database: TesseraDatabase) throws {
        try database.migrate(Self.migrator)
        puzzles = DocumentTable(database: database, name: Self.table)
    }

    func insert(_ puzzle: PentominoPuzzle) async throws { try await puzzles.insert(id: puzzle.id, puzzle) }
    func find(id: String) async throws -> PentominoPuzzle? { try await puzzles.find(id: id) }
    func update(id: String, _ change: @escaping @Sendable (inout PentominoPuzzle) throws -> Void) async throws -> PentominoPuzzle? {
        try await puzzles.update(id: id, change)
    }

    /// The pentomino app's migrations, in the order they shipped.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("pentomino-v1") { db in try DocumentTable<PentominoPuzzle>.create(table, in: db) }
        return migrator
    }
}
