import Foundation
import GRDB

/// The retention purge on SQLite (`Documents/Retention.swift` says what may go).
extension DocumentTable {
    /// `<table>-retention-v1`: owners for rows from before they were kept, and the partial index
    /// on `updated_at` of anonymous rows that the purge and the count read.
    static func addRetention(in db: Database) throws {
        for statement in Retention.statements(for: Document.self) { try db.execute(sql: statement) }
    }

    /// Up to `?` idle anonymous ids, oldest first, from the partial index alone. `INDEXED BY`: the
    /// planner could otherwise walk the owner index (accounts' rows too), and SQLite refuses the
    /// query rather than scan if the index could not serve it.
    static var idleIDsSQL: String {
        """
        SELECT id FROM \(Document.table) INDEXED BY \(Document.table)_idle
        WHERE \(Retention.anonymousCondition) AND updated_at < ? ORDER BY updated_at LIMIT ?
        """
    }

    static var anonymousCountSQL: String {
        "SELECT count(*) FROM \(Document.table) INDEXED BY \(Document.table)_idle WHERE \(Retention.anonymousCondition)"
    }

    /// One write transaction: picks up to `limit` idle anonymous ids, deletes their listings and
    /// rows, and commits; the read cache forgets them after the commit, so a read that raced the
    /// purge cannot put a deleted document back.
    package func purge(idleSince cutoff: Date, limit: Int) async throws -> Int {
        guard limit > 0 else { return 0 }
        let deleted = try await database.write { [name] db -> [String] in
            let ids = try String.fetchAll(db, sql: Self.idleIDsSQL, arguments: [cutoff, limit])
            guard !ids.isEmpty else { return [] }
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            try db.execute(sql: "DELETE FROM \(name)_listing WHERE id IN (\(marks))", arguments: StatementArguments(ids))
            try db.execute(sql: "DELETE FROM \(name) WHERE id IN (\(marks))", arguments: StatementArguments(ids))
            return ids
        }
        for id in deleted { cache.forget(id) }
        return deleted.count
    }

    package func anonymousCount() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: Self.anonymousCountSQL) ?? 0 }
    }

    /// From the owner index: one account's rows only.
    package func ownedBytes(owner: String) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT coalesce(sum(length(CAST(body AS BLOB))), 0) FROM \(Document.table) WHERE owner = ?",
                             arguments: [owner]) ?? 0
        }
    }
}
