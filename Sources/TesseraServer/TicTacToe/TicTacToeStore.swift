import Foundation
import GRDB
import TicTacToeKit

/// Where matches are kept. `update` is atomic: it reads, lets the rules change the match and
/// writes it back in one transaction, so two moves racing on one game cannot both land.
/// A PostgreSQL implementation can follow the same protocol.
public protocol TicTacToeStore: Sendable {
    func insert(_ match: Match) async throws
    func find(id: String) async throws -> Match?
    func update(id: String, _ change: @escaping @Sendable (inout Match) throws -> Void) async throws -> Match?
}

enum TicTacToeMigrations {
    static let table = "tictactoe_match"

    static func register(in migrator: inout DatabaseMigrator) {
        // A match is stored as JSON (players and moves) and replayed through the rules on load.
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

/// The SQLite implementation through GRDB.
public struct SQLiteTicTacToeStore: TicTacToeStore {
    private let table: DocumentTable<Match>

    public init(database: TesseraDatabase) {
        table = DocumentTable(database: database, name: TicTacToeMigrations.table)
    }

    public func insert(_ match: Match) async throws { try await table.insert(id: match.id, match) }
    public func find(id: String) async throws -> Match? { try await table.find(id: id) }
    public func update(id: String, _ change: @escaping @Sendable (inout Match) throws -> Void) async throws -> Match? {
        try await table.update(id: id, change)
    }
}
