import GRDB
import PentominoKit

/// Puzzles in SQLite: one JSON puzzle (board, placements, clock) per row of a document table;
/// loading re-places every tile through the rules, so a stored puzzle can never hold an illegal board.
extension PentominoPuzzle: SQLiteDocument {
    package static let table = "pentomino_puzzle"

    /// The pentomino app's migrations, in the order they shipped.
    package static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("pentomino-v1") { db in try DocumentTable<PentominoPuzzle>.create(table, in: db) }
    }
}
