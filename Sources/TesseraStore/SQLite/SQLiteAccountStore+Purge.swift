import Foundation
import GRDB

/// Expired sessions go in batches, oldest first, from the `last_seen_at` index.
extension SQLiteAccountStore {
    package func deleteSessions(lastSeenBefore cutoff: Date, limit: Int) async throws -> Int {
        guard limit > 0 else { return 0 }
        return try await database.write { db in
            try db.execute(sql: """
                DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE last_seen_at < ? ORDER BY last_seen_at LIMIT ?)
                """, arguments: [cutoff.timeIntervalSinceReferenceDate, limit])
            return db.changesCount
        }
    }
}
