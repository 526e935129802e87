import Foundation
import GRDB

/// Who in a class is signed in, for the teacher's "who needs me now".
extension SQLiteAccountStore {
    package func lastSeen(classID: String) async throws -> [String: Date] {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT s.account_id, MAX(s.last_seen_at) FROM sessions s JOIN accounts a ON a.id = s.account_id
                WHERE a.class_id = ? GROUP BY s.account_id
                """, arguments: [classID])
            var seen: [String: Date] = [:]
            for row in rows {
                let id: String = row[0]
                let time: Double = row[1]
                seen[id] = Date(timeIntervalSinceReferenceDate: time)
            }
            return seen
        }
    }
}
