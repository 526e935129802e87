import Foundation
import GRDB
import PentominoKit
import RouterKit
import TicTacToeKit

// Every document kind kept in SQLite. `DocumentTable` creates each table from the names in
// `Documents/DocumentTables.swift`; what is here is only what SQLite had to change later.

extension PentominoPuzzle: SQLiteDocument {}
extension StoredLevel: SQLiteDocument {}
extension PlayerProgress: SQLiteDocument {}
extension SavedPrograms: SQLiteDocument {}
extension ClassLocks: SQLiteDocument {}

extension Match: SQLiteDocument {
    package static func registerLaterMigrations(in migrator: inout DatabaseMigrator) {
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
