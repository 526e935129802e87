import RouterKit

/// Custom and imported levels and players' progress in PostgreSQL: the same document tables as in SQLite.
extension StoredLevel: PostgresDocument {
    package static var postgresMigrations: [PostgresMigration] {
        [PostgresMigration(name: "router-v1-levels", statements: [PostgresDocumentTable<StoredLevel>.create(table)])]
    }
}

extension PlayerProgress: PostgresDocument {
    package static var postgresMigrations: [PostgresMigration] {
        [PostgresMigration(name: "router-v1-progress", statements: [PostgresDocumentTable<PlayerProgress>.create(table)])]
    }
}
