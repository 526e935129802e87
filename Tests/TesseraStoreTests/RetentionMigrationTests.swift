import Foundation
import GRDB
import RouterKit
import Testing
@testable import TesseraStore

/// A data folder from before the purge: a signed-in player's progress row has no owner in its
/// column (progress had none). The retention migration gives it its account from the id, so the
/// first purge on the upgraded server keeps it; an anonymous page's progress stays purgeable.
@Suite struct RetentionMigrationTests {
    @Test func accountProgressFromBeforeOwnersIsNeverPurged() async throws {
        let folder = SQLiteMigrationTests.temporaryDirectory()
        let pupil = #"{"id":"acct-pupil-1","levels":{"1":{"attempts":1,"best":20,"max":20,"seconds":4,"solved":true}}}"#
        let page = #"{"id":"AnonymousPage123","levels":{"1":{"attempts":1,"best":20,"max":20,"seconds":4,"solved":true}}}"#
        try await SQLiteMigrationTests.writeOldRow(PlayerProgress.self, upTo: "router_progress-owner-v1", table: "router_progress",
                                                   id: "acct-pupil-1", body: pupil, in: folder)
        try await SQLiteMigrationTests.writeOldRow(PlayerProgress.self, upTo: "router_progress-owner-v1", table: "router_progress",
                                                   id: "AnonymousPage123", body: page, in: folder)
        let store = try DocumentTable<PlayerProgress>(database: TesseraDatabase(directory: folder))
        let owners = try await store.database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, owner FROM router_progress ORDER BY id").map { [$0["id"] as String, $0["owner"] as String?] }
        }
        #expect(owners == [["AnonymousPage123", nil], ["acct-pupil-1", "acct-pupil-1"]])
        #expect(try await store.anonymousCount() == 1)
        #expect(try await store.purge(idleSince: Date().addingTimeInterval(3600), limit: 10) == 1)
        #expect(try await store.find(id: "acct-pupil-1")?.levels["1"]?.solved == true, "the pupil's progress is kept")
        #expect(try await store.find(id: "AnonymousPage123") == nil)
    }

    /// The purge reads idle anonymous rows from their partial index, not the whole table, and
    /// counts them from it too (the queries as the store sends them: SQLite refuses an `INDEXED BY`
    /// it cannot use, so a condition that stopped matching the index fails here).
    @Test func thePurgeAndTheCountUseThePartialIndex() async throws {
        let store = try DocumentTable<PlayerProgress>(database: TesseraDatabase(directory: SQLiteMigrationTests.temporaryDirectory()))
        let plans = try await store.database.writer.read { db in
            try [
                (DocumentTable<PlayerProgress>.idleIDsSQL, [Date(), 10] as StatementArguments),
                (DocumentTable<PlayerProgress>.anonymousCountSQL, StatementArguments()),
            ].map { sql, arguments in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
                    .joined(separator: "; ")
            }
        }
        for plan in plans { #expect(plan.contains("router_progress_idle"), "\(plan)") }
    }
}
