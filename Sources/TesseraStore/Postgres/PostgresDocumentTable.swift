import Foundation
import Logging
import PostgresNIO

/// A table of JSON documents keyed by id in the shared PostgreSQL database: the `DocumentStore`
/// every app's documents get when several nodes share one database. It mirrors the SQLite
/// `DocumentTable` (same columns, the document as JSON text so it round-trips exactly, oldest
/// first by an insertion sequence), plus a `version` per row that every write renews.
///
/// Speed: each node keeps recently used documents decoded (`PostgresDocumentCache`). A read asks
/// only for the row's version, and for the body only when it differs from the cached one; a write
/// to a cached document is one statement that lands only if the row is still at the cached
/// version (else the locked path below runs). The busy statements are prepared once per
/// connection (`PostgresDocumentStatements`). Every read still reaches the database, so a write
/// on any node is seen by the next read on every node.
///
/// Atomicity across nodes: the locked path reads the row with `SELECT … FOR UPDATE` in one
/// transaction, so a second node's change to the same document waits for the first to commit and
/// then sees its result; the one-statement path compares versions in the `UPDATE` itself. Two
/// racing moves cannot both land on the same position.
package struct PostgresDocumentTable<Document: PostgresDocument>: DocumentStore {
    package let database: TesseraPostgres
    /// Internal: the purge (PostgresDocumentTable+Purge.swift) forgets what it deletes.
    let cache: PostgresDocumentCache<Document>
    private let reads: PostgresReadBatcher<Document>
    private typealias Statements = PostgresDocumentStatements<Document>

    /// Runs the app's migrations that have not run yet, then serves its table.
    package init(database: TesseraPostgres, cacheCapacity: Int = 4096) async throws {
        // Every document table, whatever its app, gets its owner and listing the same way.
        try await database.migrate([PostgresMigration(name: Document.tableMigration, statements: [Self.create(Document.table)]),
                                    PostgresMigration(name: "\(Document.table)-owner-v1", statements: Self.addOwnership(Document.table)),
                                    PostgresMigration(name: Retention.migrationName(Document.table), statements: Retention.statements(for: Document.self)),
                                    PostgresMigration(name: "\(Document.table)-version-v1", statements: Self.addVersion(Document.table)),
                                    PostgresMigration(name: "\(Document.table)-version-trigger-v1", statements: Self.renewVersionOnEveryUpdate(Document.table))])
        self.database = database
        let cache = PostgresDocumentCache<Document>(capacity: cacheCapacity)
        self.cache = cache
        // A few reads at the database at once, the rest gathered behind them: a quarter of the
        // pool per table. Several busy tables together can still lease the whole pool (then
        // writes wait, up to the 2 s lease limit); a budget shared by all tables would bound that.
        self.reads = PostgresReadBatcher(database: database, maxInFlight: max(1, database.maximumConnections / 4))
        database.caches.register(table: Document.table) { id in
            if let id { cache.forget(id) } else { cache.forgetAll() }
        }
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

    /// A trigger that gives a row a new version on every `UPDATE`.
    package static func renewVersionOnEveryUpdate(_ table: String) -> [String] {
        // Whoever updates a row (an older node during an upgrade, an operator in psql), its
        // version changes, so no node's cache can answer with the copy from before. Our own
        // writes set a new version too; the trigger's is the one `RETURNING` reports.
        ["""
         CREATE OR REPLACE FUNCTION tessera_renew_version() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN NEW.version := nextval('tessera_document_version'); RETURN NEW; END $$
         """,
         "DROP TRIGGER IF EXISTS \(table)_renew_version ON \(table)",
         "CREATE TRIGGER \(table)_renew_version BEFORE UPDATE ON \(table) FOR EACH ROW EXECUTE FUNCTION tessera_renew_version()"]
    }

    /// Each row's version, renewed on every write from one sequence for all tables, so a number
    /// is never reused (a document deleted and made again under the same id gets a new one).
    package static func addVersion(_ table: String) -> [String] {
        ["CREATE SEQUENCE IF NOT EXISTS tessera_document_version",
         "ALTER TABLE \(table) ADD COLUMN IF NOT EXISTS version bigint NOT NULL DEFAULT nextval('tessera_document_version')"]
    }

    private var table: String { Document.table }

    /// Inside a transaction, after the document's row is written: its listing keys.
    private static func list(_ document: Document, in table: String, on connection: PostgresConnection, logger: Logger) async throws {
        let (id, keys) = (document.id, document.listingKeys.sorted())
        try await connection.query("DELETE FROM \(unescaped: table)_listing WHERE id = \(id)", logger: logger)
        if !keys.isEmpty {
            try await connection.query("""
                INSERT INTO \(unescaped: table)_listing (id, key, seq)
                SELECT d.id, k, d.seq FROM \(unescaped: table) AS d, unnest(\(keys)::text[]) AS k WHERE d.id = \(id)
                """, logger: logger)
        }
    }

    package func insert(_ document: Document) async throws {
        let insert = Statements.Insert(id: document.id, body: try Self.encode(document), owner: document.owner)
        let logger = database.logger
        do {
            let version: Int64?
            if document.listingKeys.isEmpty {
                version = try await database.withConnection { connection in try await connection.first(insert, logger: logger) }
            } else {
                version = try await database.transaction { [table] connection in
                    let version = try await connection.first(insert, logger: logger)
                    try await Self.list(document, in: table, on: connection, logger: logger)
                    return version
                }
            }
            if let version { cache.store(document.id, version: version, document) }
        } catch where TesseraPostgres.isServerError(error, state: "23505") {
            throw StoreError.duplicateID(document.id)
        }
    }

    package func find(id: String) async throws -> Document? {
        let held = cache.entry(id)
        guard let (version, body) = try await reads.read(id: id, known: held?.version ?? -1) else {
            cache.forget(id)
            return nil
        }
        if let held, body == nil, held.version == version { return held.document }
        let document = try Self.decode(body ?? "")
        cache.store(id, version: version, document)
        return document
    }

    /// Applies `change` to the stored document atomically; `nil` when there is no such id. An error
    /// thrown by `change` rolls the transaction back and reaches the caller as it was thrown.
    /// `change` may run twice (first on the cached document, then on the stored one if the cached
    /// one turned out to be old), so it must only change the document it is given.
    package func update(id: String, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document? {
        if let document = try await changeCached(id: id, change) { return document }
        let changed = try await database.transaction { [cache, table, logger = database.logger, node = database.nodeID,
                                                        channel = database.liveChannel] connection in
            try await Self.changeLocked(id: id, cached: cache.entry(id), listAlways: false, in: table, node: node,
                                        channel: channel, on: connection, logger: logger, change)
        }
        guard let (document, version) = changed else { return nil }
        cache.store(id, version: version, document)
        return document
    }

    /// Inserts `initial` unless the id exists (`ON CONFLICT DO NOTHING`, so two first writes on two
    /// nodes cannot collide), then changes the locked row like `update`, in one transaction.
    package func upsert(_ initial: Document, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document {
        let id = initial.id
        if let document = try await changeCached(id: id, change) { return document }
        let (initialBody, owner) = (try Self.encode(initial), initial.owner)
        let (document, version) = try await database.transaction { [cache, table, logger = database.logger, node = database.nodeID,
                                                                    channel = database.liveChannel] connection in
            let inserted = try await connection.query("""
                INSERT INTO \(unescaped: table) (id, body, owner) VALUES (\(id), \(initialBody), \(owner))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, logger: logger).collect()
            guard let changed = try await Self.changeLocked(id: id, cached: cache.entry(id), listAlways: !inserted.isEmpty, in: table,
                                                            node: node, channel: channel, on: connection, logger: logger, change) else {
                throw StoreError.unavailable("the row vanished")
            }
            return changed
        }
        cache.store(id, version: version, document)
        return document
    }

    /// The one-statement write: `change` applied to the cached document, written only if the row
    /// is still at the cached version. `nil` (nothing written) when the document is not cached,
    /// `change` throws (the stored document may differ: the locked path decides), the listing
    /// keys change (they are rewritten in a transaction) or another write came first.
    private func changeCached(id: String, _ change: (inout Document) throws -> Void) async throws -> Document? {
        guard let held = cache.entry(id) else { return nil }
        var document = held.document
        guard (try? change(&document)) != nil, document.listingKeys == held.document.listingKeys else { return nil }
        let swap = Statements.Swap(id: id, expected: held.version, body: try Self.encode(document), owner: document.owner,
                                   channel: database.liveChannel,
                                   message: PostgresCacheRegistry.message(node: database.nodeID, table: table, id: id))
        let version = try await database.withConnection { [logger = database.logger] connection in
            try await connection.first(swap, logger: logger)
        }
        guard let version else { return nil }
        cache.store(id, version: version, document)
        return document
    }

    /// Inside a transaction: locks the row (`FOR UPDATE`, so a second node's change waits for this
    /// one), applies `change` and writes the result with its new version (and, when they changed,
    /// its listing keys); `nil` when there is no such id.
    private static func changeLocked(id: String, cached: PostgresDocumentCache<Document>.Entry?, listAlways: Bool, in table: String,
                                     node: String, channel: String, on connection: PostgresConnection, logger: Logger,
                                     _ change: (inout Document) throws -> Void) async throws -> (Document, Int64)? {
        let read = Statements.ReadLocked(read: Statements.Read(id: id, known: cached?.version ?? -1))
        guard let (version, body) = try await connection.first(read, logger: logger) else { return nil }
        var document: Document
        if let body {
            document = try decode(body)
        } else if let cached, cached.version == version {
            document = cached.document
        } else {
            throw StoreError.unavailable("the row's body was not sent")
        }
        let keys = document.listingKeys
        try change(&document)
        let swap = Statements.Swap(id: id, expected: version, body: try encode(document), owner: document.owner, channel: channel,
                                   message: PostgresCacheRegistry.message(node: node, table: table, id: id))
        guard let written = try await connection.first(swap, logger: logger) else {
            throw StoreError.unavailable("the locked row changed")
        }
        if listAlways || keys != document.listingKeys {
            try await list(document, in: table, on: connection, logger: logger)
        }
        return (document, written)
    }

    package func all(limit: Int) async throws -> [Document] {
        let rows = try await database.query("SELECT body FROM \(unescaped: table) ORDER BY seq LIMIT \(max(0, limit))")
        return try rows.map(Self.decode)
    }

    /// Deletes the row and tells the other nodes (on commit) to forget it.
    package func delete(id: String) async throws -> Bool {
        let message = PostgresCacheRegistry.message(node: database.nodeID, table: table, id: id)
        let rows = try await database.query("""
            WITH d AS (DELETE FROM \(unescaped: table) WHERE id = \(id) RETURNING id)
            SELECT d.id, pg_notify(\(database.liveChannel), \(message))::text FROM d
            """)
        cache.forget(id)
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
        try decode(try row.decode(String.self))
    }

    private static func decode(_ body: String) throws -> Document {
        try postgresDocumentDecoder.decode(Document.self, from: Data(body.utf8))
    }

    private static func encode(_ document: Document) throws -> String {
        String(decoding: try postgresDocumentEncoder.encode(document), as: UTF8.self)
    }
}

// Dates as exact numbers (not ISO 8601 text, which drops fractions of a second): a puzzle's clock
// must read back exactly as written, from the cache or from the row alike. One coder each
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
