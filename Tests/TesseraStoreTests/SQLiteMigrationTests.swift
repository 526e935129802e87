import Foundation
import GRDB
import RouterKit
import Testing
import TicTacToeKit
@testable import TesseraStore

/// Rows written by older versions of the server still load after an upgrade: each test writes a
/// row exactly as an old version did (raw SQL, migrations stopped at the old schema), then opens
/// the store as the new server does and checks what a player would get back.
@Suite struct SQLiteMigrationTests {
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tessera-store-\(UUID().uuidString)").path
    }

    /// Creates the data folder with the app's tables as of `migration` and one row in `table`.
    static func writeOldRow<Document: SQLiteDocument>(
        _ type: Document.Type, upTo migration: String, table: String, id: String, body: String, in folder: String
    ) async throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: folder + "/tessera.sqlite")
        try DocumentTable<Document>.migrator.migrate(pool, upTo: migration)
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO \(table) (id, body, created_at, updated_at) VALUES (?, ?, ?, ?)",
                           arguments: [id, body, Date(), Date()])
        }
        try pool.close()
    }

    /// A new data folder with one old row (as `writeOldRow` writes it), opened as the new server
    /// opens it (the migrations since `migration` run): the store, and the folder.
    static func upgraded<Document: SQLiteDocument>(
        _ type: Document.Type, upTo migration: String, table: String, id: String, body: String
    ) async throws -> (store: DocumentTable<Document>, folder: String) {
        let folder = temporaryDirectory()
        try await writeOldRow(type, upTo: migration, table: table, id: id, body: body, in: folder)
        return (try DocumentTable<Document>(database: TesseraDatabase(directory: folder)), folder)
    }

    static func storedBody(_ table: String, id: String, in folder: String) async throws -> String? {
        try await TesseraDatabase(directory: folder).writer.read { db in
            try String.fetchOne(db, sql: "SELECT body FROM \(table) WHERE id = ?", arguments: [id])
        }
    }

    /// A `router_progress` row exactly as the server wrote it before the rules moved into RouterKit.
    static let oldProgress = #"{"id":"player-0001","levels":{"1":{"attempts":3,"best":18,"max":20,"seconds":42.5,"solved":true}}}"#

    @Test func progressStoredBeforeTheMoveLoadsAndKeepsItsShape() async throws {
        let (store, folder) = try await Self.upgraded(PlayerProgress.self, upTo: "router-v1-progress", table: "router_progress",
                                                      id: "player-0001", body: Self.oldProgress)
        let loaded = try #require(try await store.find(id: "player-0001"))
        #expect(loaded.levels["1"] == PlayerProgress.LevelResult(best: 18, max: 20, attempts: 3, solved: true, seconds: 42.5))

        // A worse, failed run counts as an attempt and changes nothing else but the time.
        _ = try await store.update(id: "player-0001") { progress in
            progress.record(levelID: "1", score: 4, max: 20, solved: false, seconds: 2)
        }
        let body = try #require(try await Self.storedBody("router_progress", id: "player-0001", in: folder))
        let row = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(Set(row.keys) == ["id", "levels", "recent"], "the recent runs (who needs help) are the one key added")
        let level = try #require((row["levels"] as? [String: Any])?["1"] as? [String: Any])
        #expect(Set(level.keys) == ["attempts", "best", "lastPlayed", "max", "seconds", "solved"], "stars are computed, never stored; the date of the run is")
        #expect(level["attempts"] as? Int == 4 && level["best"] as? Int == 18 && level["solved"] as? Bool == true)
        #expect(level["seconds"] as? Double == 44.5)
    }

    @Test func existingClearTokensAreMigratedToHashes() async throws {
        let match = try Match(id: "oldgame", mode: .online, names: ["Ann"], creatorToken: "clear-token")
        let (store, folder) = try await Self.upgraded(Match.self, upTo: "tictactoe-v1", table: "tictactoe_match", id: "oldgame",
                                                      body: String(decoding: try JSONEncoder().encode(match), as: UTF8.self))
        let body = try #require(try await Self.storedBody("tictactoe_match", id: "oldgame", in: folder))
        #expect(!body.contains("clear-token"), "no clear token is left on disk")
        let loaded = try #require(try await store.find(id: "oldgame"))
        #expect(loaded.tokens == [Secrets.hash("clear-token")], "the old token still plays: its hash is what is kept")
    }

    @Test func aSecondInsertOfOneIDIsAConflictNotACrash() async throws {
        let store = try DocumentTable<Match>(database: TesseraDatabase(directory: Self.temporaryDirectory()))
        let match = try Match(id: "same", mode: .local, names: ["Ann", "Bob"])
        try await store.insert(match)
        await #expect(throws: StoreError.duplicateID("same")) { try await store.insert(match) }
    }
}
