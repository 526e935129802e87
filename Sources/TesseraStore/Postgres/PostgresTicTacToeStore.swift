import TicTacToeKit

/// Matches in PostgreSQL: the same one-document-per-row table as in SQLite (`Match.table`).
/// (SQLite's `tictactoe-v2-token-hashes` rewrote clear-text tokens of old rows; PostgreSQL never had any.)
extension Match: PostgresDocument {
    package static var postgresMigrations: [PostgresMigration] {
        [PostgresMigration(name: "tictactoe-v1", statements: [PostgresDocumentTable<Match>.create(table)])]
    }
}
