import PentominoKit

/// Puzzles in PostgreSQL: the same document table as in SQLite (`PentominoPuzzle.table`).
extension PentominoPuzzle: PostgresDocument {
    package static var postgresMigrations: [PostgresMigration] {
        [PostgresMigration(name: "pentomino-v1", statements: [PostgresDocumentTable<PentominoPuzzle>.create(table)])]
    }
}
