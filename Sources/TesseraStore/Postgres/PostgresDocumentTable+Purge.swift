import Foundation
import PostgresNIO

/// The retention purge on PostgreSQL (`Documents/Retention.swift` says what may go). Listings go
/// with their rows (`ON DELETE CASCADE` on `<table>_listing`).
extension PostgresDocumentTable {
    /// One statement: up to `limit` idle anonymous rows from the partial index, oldest first, then
    /// each deleted by its primary key (`= ANY(ARRAY(…))`: with `IN (…)` the planner hash-joins
    /// the batch against a scan of the whole table).
    /// `SKIP LOCKED` passes over a row a request is changing right now (it is not idle), so the
    /// purge never waits behind a request, nor a request behind the purge for more than one batch.
    package func purge(idleSince cutoff: Date, limit: Int) async throws -> Int {
        guard limit > 0 else { return 0 }
        let table = Document.table
        let rows = try await database.query("""
            DELETE FROM \(unescaped: table) WHERE id = ANY(ARRAY(
                SELECT id FROM \(unescaped: table) WHERE \(unescaped: Retention.anonymousCondition) AND updated_at < \(cutoff)
                ORDER BY updated_at LIMIT \(limit) FOR UPDATE SKIP LOCKED))
            RETURNING id
            """)
        // This node's cache forgets them too; other nodes find the row gone on their next read.
        for row in rows { if let id = try? row.decode(String.self) { cache.forget(id) } }
        return rows.count
    }

    /// Counted from the partial index alone.
    package func anonymousCount() async throws -> Int {
        let rows = try await database.query(
            "SELECT count(*) FROM \(unescaped: Document.table) WHERE \(unescaped: Retention.anonymousCondition)")
        return try rows.first?.decode(Int.self) ?? 0
    }

    /// From the owner index: one account's rows only.
    package func ownedBytes(owner: String) async throws -> Int {
        let rows = try await database.query(
            "SELECT coalesce(sum(octet_length(body)), 0)::bigint FROM \(unescaped: Document.table) WHERE owner = \(owner)")
        return try rows.first?.decode(Int.self) ?? 0
    }
}
