import Foundation
import PostgresNIO

/// Expired sessions go in batches, oldest first, from the `last_seen_at` index; `SKIP LOCKED`
/// so the purge never waits behind a request touching a session.
extension PostgresAccountStore {
    package func deleteSessions(lastSeenBefore cutoff: Date, limit: Int) async throws -> Int {
        guard limit > 0 else { return 0 }
        let rows = try await database.query("""
            DELETE FROM sessions WHERE id = ANY(ARRAY(
                SELECT id FROM sessions WHERE last_seen_at < \(cutoff.timeIntervalSinceReferenceDate)
                ORDER BY last_seen_at LIMIT \(limit) FOR UPDATE SKIP LOCKED))
            RETURNING id
            """)
        return rows.count
    }
}
