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
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("tictactoe-v1") { db in
            try db.create(table: "tictactoe_match") { table in
                table.primaryKey("id", .text)
                table.column("mode", .text).notNull()
                table.column("status", .text).notNull()
                // The match itself as JSON: players and moves, replayed through the rules on load.
                table.column("body", .text).notNull()
                table.column("created_at", .datetime).notNull()
                table.column("updated_at", .datetime).notNull()
            }
        }
    }
}

/// The SQLite implementation through GRDB.
public struct SQLiteTicTacToeStore: TicTacToeStore {
    let database: TesseraDatabase

    public init(database: TesseraDatabase) { self.database = database }

    public func insert(_ match: Match) async throws {
        let body = try Self.encode(match)
        try await database.writer.write { db in
            try db.execute(
                sql: "INSERT INTO tictactoe_match (id, mode, status, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [match.id, match.mode.rawValue, match.game.status.rawValue, body, Date(), Date()])
        }
    }

    public func find(id: String) async throws -> Match? {
        try await database.writer.read { db in try Self.load(id: id, db) }
    }

    public func update(id: String, _ change: @escaping @Sendable (inout Match) throws -> Void) async throws -> Match? {
        try await database.writer.write { db in
            guard var match = try Self.load(id: id, db) else { return nil }
            try change(&match)
            try db.execute(
                sql: "UPDATE tictactoe_match SET status = ?, body = ?, updated_at = ? WHERE id = ?",
                arguments: [match.game.status.rawValue, try Self.encode(match), Date(), id])
            return match
        }
    }

    private static func load(id: String, _ db: Database) throws -> Match? {
        guard let body = try String.fetchOne(db, sql: "SELECT body FROM tictactoe_match WHERE id = ?", arguments: [id])
        else { return nil }
        return try JSONDecoder().decode(Match.self, from: Data(body.utf8))
    }

    private static func encode(_ match: Match) throws -> String {
        String(decoding: try JSONEncoder().encode(match), as: UTF8.self)
    }
}
