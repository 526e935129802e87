import Foundation
import Logging
import PostgresNIO

/// A table of JSON documents keyed by id in the shared PostgreSQL database: the `DocumentStore`
/// every app's documents get when several nodes share one database. It mirrors the SQLite
/// `DocumentTable` (same columns, the document as JSON text so it round-trips exactly, oldest
/// first by an insertion sequence) but keeps no in-process cache: another node may have changed
/// any row since this one last read it.
///
/// Atomicity across nodes: `update` and `upsert` read the row with `SELECT … FOR UPDATE` in one
/// transaction, so a second node's change to the same document waits for the first to commit and
/// then sees its result: two racing moves cannot both land on the same position.
package struct PostgresDocumentTable<Document: PostgresDocument>: DocumentStore {
    package let database: TesseraPostgres

    /// Runs the app's migrations that have not run yet, then serves its table.
    package init(database: TesseraPostgres) async throws {
        // Every document table, whatever its app, gets its owner and listing the same way.
        try await database.migrate([PostgresMigration(name: Document.tableMigration, statements: [Self.create(Document.table)]),
                                    PostgresMigration(name: "\(Document.table)-owner-v1", statements: Self.addOwnership(Document.table)),
                                    PostgresMigration(name: Retention.migrationName(Document.table), statements: Retention.statements(for: Document.self))])
        self.database = database
    }

    /// The migration that creates a document table; each app lists its own (`PostgresAppTables`).
    package static func create(_ table: String) -> String {
        """
        CREATE TABLE IF NOT EXISTS \(table) (
            id text PRIMARY KEY,
            seq bigint GENERATED ALWAYS AS IDENTITY,
            body text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            updated_at timestamptz NOT NULL DEFAULT now())
        """
    }

    /// Who owns each document (an indexed `owner` column) and what it is listed under (a
    /// `<table>_listing` row per key with the document's `seq`, so a key's newest come first from
    /// the index), as in SQLite. Both are copied from the document on every write.
    package static func addOwnership(_ table: String) -> [String] {
        ["ALTER TABLE \(table) ADD COLUMN IF NOT EXISTS owner text",
         "CREATE INDEX IF NOT EXISTS \(table)_owner ON \(table) (owner)",
         """
         CREATE TABLE IF NOT EXISTS \(table)_listing (
             id text NOT NULL REFERENCES \(table) (id) ON DELETE CASCADE,
             key text NOT NULL,
             seq bigint NOT NULL,
             PRIMARY KEY (id, key))
         """,
         "CREATE INDEX IF NOT EXISTS \(table)_listing_newest ON \(table)_listing (key, seq DESC)"]
    }

    private var table: String { Document.table }

    /// Inside a transaction, after the document's row is written: its owner and listing keys.
    private static func list(_ document: Document, in table: String, on connection: PostgresConnection, logger: Logger) async throws {
        let (id, owner, keys) = (document.id, document.owner, document.listingKeys.sorted())
        try await connection.query("UPDATE \(unescaped: table) SET owner = \(owner) WHERE id = \(id)", logger: logger)
        try await connection.query("DELETE FROM \(unescaped: table)_listing WHERE id = \(id)", logger: logger)
        if !keys.isEmpty {
            try await connection.query("""
                INSERT INTO \(unescaped: table)_listing (id, key, seq)
                SELECT d.id, k, d.seq FROM \(unescaped: table) AS d, unnest(\(keys)::text[]) AS k WHERE d.id = \(id)
                """, logger: logger)
        }
    }

    package func insert(_ document: Document) async throws {
        let body = try Self.encode(document)
        do {
            try await database.transaction { [table, logger = database.logger] connection in
                try await connection.query("INSERT INTO \(unescaped: table) (id, body) VALUES (\(document.id), \(body))",
                                           logger: logger)
                try await Self.list(document, in: table, on: connection, logger: logger)
            }
        } catch where TesseraPostgres.isServerError(error, state: "23505") {
            throw StoreError.duplicateID(document.id)
        }
    }

    package func find(id: String) async throws -> Document? {
        let rows = try await database.query("SELECT body FROM \(unescaped: table) WHERE id = \(id)")
        return try rows.first.map(Self.decode)
    }

    /// Applies `change` to the stored document atomically; `nil` when there is no such id. An error
    /// thrown by `change` rolls the transaction back and reaches the caller as it was thrown.
    package func update(id: String, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document? {
        try await database.transaction { [table, logger = database.logger] connection in
            try await Self.changeLocked(id: id, in: table, on: connection, logger: logger, change)
        }
    }

    /// Inserts `initial` unless the id exists (`ON CONFLICT DO NOTHING`, so two first writes on two
    /// nodes cannot collide), then changes the locked row like `update`, in one transaction.
    package func upsert(_ initial: Document, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document {
        let initialBody = try Self.encode(initial)
        return try await database.transaction { [table, logger = database.logger] connection in
            let id = initial.id
            try await connection.query("""
                INSERT INTO \(unescaped: table) (id, body) VALUES (\(id), \(initialBody)) ON CONFLICT (id) DO NOTHING
                """, logger: logger)
            guard let document = try await Self.changeLocked(id: id, in: table, on: connection, logger: logger, change) else {
                throw StoreError.unavailable("the row vanished")
            }
            return document
        }
    }

    /// Inside a transaction: locks the row (`FOR UPDATE`, so a second node's change waits for this
    /// one), applies `change` and writes the result; `nil` when there is no such id.
    private static func changeLocked(id: String, in table: String, on connection: PostgresConnection, logger: Logger,
                                     _ change: (inout Document) throws -> Void) async throws -> Document? {
        let rows = try await connection.query("SELECT body FROM \(unescaped: table) WHERE id = \(id) FOR UPDATE",
                                              logger: logger).collect()
        guard let row = rows.first else { return nil }
        var document = try decode(row)
        try change(&document)
        let body = try encode(document)
        try await connection.query("UPDATE \(unescaped: table) SET body = \(body), updated_at = now() WHERE id = \(id)",
                                   logger: logger)
        try await list(document, in: table, on: connection, logger: logger)
        return document
    }

    package func all(limit: Int) async throws -> [Document] {
        let rows = try await database.query("SELECT body FROM \(unescaped: table) ORDER BY seq LIMIT \(max(0, limit))")
        return try rows.map(Self.decode)
    }

    package func delete(id: String) async throws -> Bool {
        let rows = try await database.query("DELETE FROM \(unescaped: table) WHERE id = \(id) RETURNING id")
        return !rows.isEmpty
    }

    package func newest(listedUnder keys: Set<String>, excludingOwners excludedOwners: Set<String>, limit: Int,
                        offset: Int) async throws -> [Document] {
        guard !keys.isEmpty, limit > 0 else { return [] }
        let (sorted, excluded, skip) = (keys.sorted(), excludedOwners.sorted(), max(0, offset))
        let rows = try await database.query("""
            SELECT d.body FROM (SELECT l.id, max(l.seq) AS seq FROM \(unescaped: table)_listing AS l
                                JOIN \(unescaped: table) AS o ON o.id = l.id
                                WHERE l.key = ANY(\(sorted)) AND (o.owner IS NULL OR NOT o.owner = ANY(\(excluded)::text[]))
                                GROUP BY l.id ORDER BY seq DESC LIMIT \(limit) OFFSET \(skip)) AS l
            JOIN \(unescaped: table) AS d ON d.id = l.id ORDER BY l.seq DESC
            """)
        return try rows.map(Self.decode)
    }

    private static func decode(_ row: PostgresRow) throws -> Document {
        let body = try row.decode(String.self)
        return try postgresDocumentDecoder.decode(Document.self, from: Data(body.utf8))
    }

    private static func encode(_ document: Document) throws -> String {
        String(decoding: try postgresDocumentEncoder.encode(document), as: UTF8.self)
    }
}

// Dates as exact numbers (not ISO 8601 text, which drops fractions of a second): with no in-process
// cache, every read decodes, and a puzzle's clock must read back exactly as written. One coder each
// for every table (a generic type cannot hold static stored properties), not one per row.
private let postgresDocumentEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .deferredToDate
    return encoder
}()

private let postgresDocumentDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .deferredToDate
    return decoder
}()

/// A document kept in PostgreSQL: the same table and migration names as in SQLite
/// (`TableDocument`). PostgreSQL never held the old row shapes SQLite had to rewrite, so there
/// are no later migrations here yet.
package protocol PostgresDocument: TableDocument {}
