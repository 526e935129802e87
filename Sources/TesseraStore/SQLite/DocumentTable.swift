import Foundation
import GRDB
import GridKit
import Synchronization

/// A table of JSON documents keyed by id — how apps keep values that the kit rebuilds and
/// validates on load (a TicTacToe match replays its moves; a pentomino puzzle re-places its tiles).
/// `update` reads, changes and writes in one transaction, so concurrent changes never interleave.
///
/// Reads are served from a small cache of decoded documents when possible: loading means a
/// database read plus replaying the document through the rules, which is most of a GET's cost.
/// The cache is written when each write transaction commits (GRDB's `afterNextTransaction`, on the
/// serialised writer, so it sees writes in commit order) and never inside it: a reader never sees
/// a document that is not committed yet, and a rollback leaves the cache as it was. A read only
/// fills it if no write committed while it was reading, so it never holds a state older than the
/// database's. It assumes this process is the only writer, which is
/// true of the embedded SQLite file; a shared database (several nodes) must not use it.
package struct DocumentTable<Document: SQLiteDocument>: DocumentStore {
    package let database: TesseraDatabase
    package let name: String
    let cache: DocumentCache<Document>  // internal: the purge (DocumentTable+Purge.swift) forgets what it deletes

    /// Runs the app's migrations that have not run yet, then serves its table.
    package init(database: TesseraDatabase, cacheCapacity: Int = 4096) throws {
        try database.migrate(Self.migrator)
        self.database = database
        self.name = Document.table
        self.cache = DocumentCache(capacity: cacheCapacity)
    }

    /// The app's migrations, in the order they shipped.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(Document.tableMigration) { db in try create(Document.table, in: db) }
        Document.registerLaterMigrations(in: &migrator)
        // Every document table, whatever its app, gets its owner and listing the same way.
        migrator.registerMigration("\(Document.table)-owner-v1") { db in try addOwnership(Document.table, in: db) }
        migrator.registerMigration(Retention.migrationName(Document.table)) { db in try addRetention(in: db) }
        return migrator
    }

    /// Who owns each document (an indexed `owner` column) and what it is listed under (a
    /// `<table>_listing` row per key, with the document's rowid so a key's newest come first from
    /// the index). Both are copied from the document on every write.
    package static func addOwnership(_ name: String, in db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE \(name) ADD COLUMN owner TEXT;
            CREATE INDEX \(name)_owner ON \(name)(owner);
            CREATE TABLE \(name)_listing (
                id TEXT NOT NULL REFERENCES \(name)(id) ON DELETE CASCADE,
                key TEXT NOT NULL,
                seq INTEGER NOT NULL,
                PRIMARY KEY (id, key));
            CREATE INDEX \(name)_listing_newest ON \(name)_listing(key, seq);
            """)
    }

    /// Copies the document's listing keys into `<table>_listing` (after its row is written).
    private static func list(_ document: Document, in table: String, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM \(table)_listing WHERE id = ?", arguments: [document.id])
        for key in document.listingKeys.sorted() {
            try db.execute(sql: "INSERT INTO \(table)_listing (id, key, seq) SELECT id, ?, rowid FROM \(table) WHERE id = ?",
                           arguments: [key, document.id])
        }
    }

    /// The migration that creates a document table; each app registers its own.
    package static func create(_ name: String, in db: Database) throws {
        try db.create(table: name) { table in
            table.primaryKey("id", .text)
            table.column("body", .text).notNull()
            table.column("created_at", .datetime).notNull()
            table.column("updated_at", .datetime).notNull()
        }
    }

    package func insert(_ document: Document) async throws {
        let body = try Self.encode(document)
        do {
            try await database.write { [name, cache] db in
                try db.execute(
                    sql: "INSERT INTO \(name) (id, body, created_at, updated_at, owner) VALUES (?, ?, ?, ?, ?)",
                    arguments: [document.id, body, Date(), Date(), document.owner])
                try Self.list(document, in: name, db)
                cache.storeOnCommit(document.id, document, db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            throw StoreError.duplicateID(document.id)
        }
    }

    package func find(id: String) async throws -> Document? {
        if let cached = cache.document(id) { return cached }
        let epoch = cache.epoch
        let document = try await database.read { [name] db in try Self.load(id: id, from: name, db) }
        if let document { cache.fill(id, document, ifUnchangedSince: epoch) }
        return document
    }

    /// Applies `change` to the stored document atomically; `nil` when there is no such id.
    /// An error thrown by `change` rolls the transaction back and reaches the caller.
    package func update(id: String, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document? {
        return try await database.write { [name, cache] db in
            guard var document = try Self.load(id: id, from: name, db) else { return nil }
            try change(&document)
            try db.execute(
                sql: "UPDATE \(name) SET body = ?, updated_at = ?, owner = ? WHERE id = ?",
                arguments: [try Self.encode(document), Date(), document.owner, id])
            try Self.list(document, in: name, db)
            cache.storeOnCommit(id, document, db)
            return document
        }
    }

    package func upsert(_ initial: Document, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document {
        return try await database.write { [name, cache] db in
            let existing = try Self.load(id: initial.id, from: name, db)
            var document = existing ?? initial
            try change(&document)
            let body = try Self.encode(document)
            if existing == nil {
                try db.execute(sql: "INSERT INTO \(name) (id, body, created_at, updated_at, owner) VALUES (?, ?, ?, ?, ?)",
                               arguments: [initial.id, body, Date(), Date(), document.owner])
            } else {
                try db.execute(sql: "UPDATE \(name) SET body = ?, updated_at = ?, owner = ? WHERE id = ?",
                               arguments: [body, Date(), document.owner, initial.id])
            }
            try Self.list(document, in: name, db)
            cache.storeOnCommit(initial.id, document, db)
            return document
        }
    }

    package func all(limit: Int) async throws -> [Document] {
        try await database.read { [name] db in
            try String.fetchAll(db, sql: "SELECT body FROM \(name) ORDER BY created_at, rowid LIMIT ?", arguments: [limit])
                .map { try Self.decoder.decode(Document.self, from: Data($0.utf8)) }
        }
    }

    package func delete(id: String) async throws -> Bool {
        return try await database.write { [name, cache] db in
            try db.execute(sql: "DELETE FROM \(name)_listing WHERE id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM \(name) WHERE id = ?", arguments: [id])
            let deleted = db.changesCount > 0
            cache.forgetOnCommit(id, db)
            return deleted
        }
    }

    package func newest(listedUnder keys: Set<String>, excludingOwners excludedOwners: Set<String>, limit: Int,
                        offset: Int) async throws -> [Document] {
        guard !keys.isEmpty, limit > 0 else { return [] }
        let marks = Array(repeating: "?", count: keys.count).joined(separator: ", ")
        let ownerMarks = Array(repeating: "?", count: excludedOwners.count).joined(separator: ", ")
        var arguments = StatementArguments(keys.sorted())
        arguments += StatementArguments(excludedOwners.sorted())
        arguments += [limit, max(0, offset)]
        return try await database.read { [name, arguments] db in
            try String.fetchAll(db, sql: """
                SELECT d.body FROM (SELECT l.id, MAX(l.seq) AS seq FROM \(name)_listing AS l JOIN \(name) AS o ON o.id = l.id
                                    WHERE l.key IN (\(marks)) AND (o.owner IS NULL OR o.owner NOT IN (\(ownerMarks)))
                                    GROUP BY l.id ORDER BY seq DESC LIMIT ? OFFSET ?) AS l
                JOIN \(name) AS d ON d.id = l.id ORDER BY l.seq DESC
                """, arguments: arguments)
                .map { try Self.decoder.decode(Document.self, from: Data($0.utf8)) }
        }
    }

    private static func load(id: String, from table: String, _ db: Database) throws -> Document? {
        guard let body = try String.fetchOne(db, sql: "SELECT body FROM \(table) WHERE id = ?", arguments: [id])
        else { return nil }
        return try decoder.decode(Document.self, from: Data(body.utf8))
    }

    private static func encode(_ document: Document) throws -> String {
        String(decoding: try encoder.encode(document), as: UTF8.self)
    }

    // Dates as exact numbers, as PostgreSQL stores them: ISO 8601 text drops fractions of a
    // second, so a puzzle's clock read back from the file differed from the cached one. Rows
    // written before keep their text dates, which still decode.
    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .deferredToDate
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
            let text = try container.decode(String.self)
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a date")
            }
            return date
        }
        return decoder
    }
}

/// A document kept in SQLite. Its table is created by the migration `TableDocument` names; a
/// document whose rows needed rewriting later adds those migrations here. GRDB records
/// migrations by name, so apps sharing the database file never need to know about each other.
package protocol SQLiteDocument: TableDocument {
    static func registerLaterMigrations(in migrator: inout DatabaseMigrator)
}

extension SQLiteDocument {
    package static func registerLaterMigrations(in migrator: inout DatabaseMigrator) {}
}

/// Recently used documents by id, at most `capacity` (the shared `BoundedCache`), and an epoch
/// that every write bumps so a read that raced a write does not fill the cache with what it read.
package final class DocumentCache<Document: Sendable>: Sendable {
    private struct State {
        var documents: BoundedCache<String, Document>
        var epoch: UInt64 = 0
    }
    private let state: Mutex<State>

    package init(capacity: Int) { state = Mutex(State(documents: BoundedCache(countLimit: capacity))) }

    package var epoch: UInt64 { state.withLock { $0.epoch } }

    package func document(_ id: String) -> Document? {
        state.withLock { $0.documents.value(forKey: id) }
    }

    /// A write's result: always stored.
    package func store(_ id: String, _ document: Document) {
        state.withLock { state in
            state.epoch += 1
            state.documents.insert(document, forKey: id)
        }
    }

    /// A read's result: stored only if no write happened since `epoch`.
    package func fill(_ id: String, _ document: Document, ifUnchangedSince epoch: UInt64) {
        state.withLock { state in
            guard state.epoch == epoch else { return }
            state.documents.insert(document, forKey: id)
        }
    }

    package func forget(_ id: String) {
        state.withLock { state in
            state.epoch += 1
            state.documents.removeValue(forKey: id)
        }
    }

    /// Stores a write's result once its transaction commits (nothing if it rolls back).
    package func storeOnCommit(_ id: String, _ document: Document, _ db: Database) {
        db.afterNextTransaction(onCommit: { [self] _ in store(id, document) })
    }

    /// Forgets a deleted document once its transaction commits (nothing if it rolls back).
    package func forgetOnCommit(_ id: String, _ db: Database) {
        db.afterNextTransaction(onCommit: { [self] _ in forget(id) })
    }
}
