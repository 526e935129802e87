import Foundation
import GRDB
import RouterKit
import Synchronization
import Testing
import TicTacToeKit
@testable import TesseraStore

/// SQLite's read cache holds only what is committed: a write that does not commit is never seen
/// by a reader, not even while it is about to commit, and leaves the cache as it was. Rows
/// written before dates were stored as numbers still load.
@Suite struct DocumentCacheCommitTests {
    struct Refused: Error {}

    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tessera-store-\(UUID().uuidString)").path
    }

    /// Makes the next commit fail (as a full disk or a failing constraint check at commit would),
    /// after asking `during` what a reader sees while the write is about to commit.
    final class FailingCommit: TransactionObserver, @unchecked Sendable {
        let during: @Sendable () async -> Void
        init(during: @escaping @Sendable () async -> Void) { self.during = during }

        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) {}
        func databaseDidRollback(_ db: Database) {}

        func databaseWillCommit() throws {
            // The writer's thread waits for the reader (which needs no writer: the cache, or a
            // WAL reader), so the read happens while the write is ready but not committed.
            let done = DispatchSemaphore(value: 0)
            Task { [during] in
                await during()
                done.signal()
            }
            done.wait()
            throw Refused()
        }
    }

    @Test func aWriteThatDoesNotCommitNeverReachesTheCache() async throws {
        let table = try DocumentTable<Match>(database: TesseraDatabase(directory: Self.temporaryDirectory()))
        let match = try Match(id: "g1", mode: .local, names: ["Ann", "Bob"])
        try await table.insert(match)
        #expect(try await table.find(id: "g1") == match)  // cached now

        let seenDuringCommit = Mutex<Match?>(nil)
        let failing = FailingCommit {
            let seen = try? await table.find(id: "g1")
            seenDuringCommit.withLock { $0 = seen }
        }
        table.database.writer.add(transactionObserver: failing, extent: .nextTransaction)
        await #expect(throws: Refused.self) {
            _ = try await table.update(id: "g1") { try $0.play(Position(row: 1, col: 1)) }
        }
        #expect(seenDuringCommit.withLock { $0 } == match, "a reader never sees a move that is not committed")
        #expect(try await table.find(id: "g1") == match, "after the rollback the next read shows the game as it was")
        #expect(try await table.find(id: "g1")?.game.moves.isEmpty == true)

        // The same write, committing this time, is what the next read shows.
        let moved = try await table.update(id: "g1") { try $0.play(Position(row: 1, col: 1)) }
        #expect(moved?.game.moves.count == 1)
        #expect(try await table.find(id: "g1") == moved)
    }

    @Test func aDeleteThatDoesNotCommitLeavesTheDocument() async throws {
        let table = try DocumentTable<Match>(database: TesseraDatabase(directory: Self.temporaryDirectory()))
        let match = try Match(id: "g1", mode: .local, names: ["Ann", "Bob"])
        try await table.insert(match)
        table.database.writer.add(transactionObserver: FailingCommit {}, extent: .nextTransaction)
        await #expect(throws: Refused.self) { _ = try await table.delete(id: "g1") }
        #expect(try await table.find(id: "g1") == match)
        #expect(try await table.delete(id: "g1"))
        #expect(try await table.find(id: "g1") == nil, "a committed delete leaves nothing cached")
    }

    /// Rows written before dates were stored as numbers (ISO 8601 text) still load.
    @Test func progressWithATextDateStillLoads() async throws {
        let folder = Self.temporaryDirectory()
        let table = try DocumentTable<PlayerProgress>(database: TesseraDatabase(directory: folder))
        let body = #"{"id":"player-1","levels":{"1":{"attempts":1,"best":18,"lastPlayed":"2025-11-20T10:00:00Z","max":20,"seconds":42.5,"solved":true}}}"#
        try await table.database.writer.write { db in
            try db.execute(sql: "INSERT INTO router_progress (id, body, created_at, updated_at) VALUES (?, ?, ?, ?)",
                           arguments: ["player-1", body, Date(), Date()])
        }
        let loaded = try await table.find(id: "player-1")
        #expect(loaded?.levels["1"]?.lastPlayed == Date(timeIntervalSince1970: 1_763_632_800))
    }
}
