import RouterKit

/// Programs and class locks in PostgreSQL: the same document tables as in SQLite.
extension SavedPrograms: PostgresDocument {
    package static var postgresMigrations: [PostgresMigration] {
        [PostgresMigration(name: "router-v1-programs", statements: [PostgresDocumentTable<SavedPrograms>.create(table)])]
    }
}

extension ClassLocks: PostgresDocument {
    package static var postgresMigrations: [PostgresMigration] {
        [PostgresMigration(name: "classes-v1-locks", statements: [PostgresDocumentTable<ClassLocks>.create(table)])]
    }
}
