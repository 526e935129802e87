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
        try await database.migrate(Document.postgresMigrations)
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

    private var table: String { Document.table }

    package func insert(_ document: Document) async throws {
        let body = try Self.encode(document)
        do {
            _ = try await database.query("INSERT INTO \(unescaped: table) (id, body) VALUES (\(document.id), \(body))")
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
        return document
    }

    package func all(limit: Int) async throws -> [Document] {
        let rows = try await database.query("SELECT body FROM \(unescaped: table) ORDER BY seq LIMIT \(max(0, limit))")
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

/// A document kept in PostgreSQL: its table (the same name as in SQLite) and the migrations that
/// made it. Migration names follow the SQLite ones (`<app>-v1`, …) and are never renamed.
package protocol PostgresDocument: StoredDocument {
    static var table: String { get }
    static var postgresMigrations: [PostgresMigration] { get }
}
