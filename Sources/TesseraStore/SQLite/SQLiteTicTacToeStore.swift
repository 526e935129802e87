import Foundation
import GRDB
import TicTacToeKit

/// Matches in SQLite: one JSON match per row of a document table, replayed through the rules on load.
extension Match: SQLiteDocument {
    package static let table = "tictactoe_match"

    /// TicTacToe's migrations, in the order they shipped.
    package static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("tictactoe-v1") { db in try DocumentTable<Match>.create(table, in: db) }
        // Seat tokens used to be stored in clear; from v2 only their SHA-256 is kept.
        migrator.registerMigration("tictactoe-v2-token-hashes") { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, body FROM \(table)")
            for row in rows {
                let id: String = row["id"], body: String = row["body"]
                guard var object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
                      let tokens = object["tokens"] as? [String], !tokens.isEmpty else { continue }
                object["tokens"] = tokens.map(Secrets.hash)
                let updated = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
                try db.execute(sql: "UPDATE \(table) SET body = ? WHERE id = ?", arguments: [updated, id])
            }
        }
    }
}
