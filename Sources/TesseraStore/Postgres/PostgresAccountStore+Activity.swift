import Foundation
import PostgresNIO

/// Who in a class is signed in, for the teacher's "who needs me now".
extension PostgresAccountStore {
    package func lastSeen(classID: String) async throws -> [String: Date] {
        let rows = try await database.query("""
            SELECT s.account_id, MAX(s.last_seen_at) FROM sessions s JOIN accounts a ON a.id = s.account_id
            WHERE a.class_id = \(classID) GROUP BY s.account_id
            """)
        var seen: [String: Date] = [:]
        for row in rows {
            let (id, time) = try row.decode((String, Double).self)
            seen[id] = Date(timeIntervalSinceReferenceDate: time)
        }
        return seen
    }
}
