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
