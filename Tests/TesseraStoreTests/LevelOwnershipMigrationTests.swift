import Foundation
import GRDB
import RouterKit
import Testing
@testable import TesseraStore

/// A data folder from before levels had owners opens on the new server: the old level still reads
/// (with no owner, listed nowhere), the table gains its `owner` column and listing, and new levels
/// are owned and listed.
@Suite struct LevelOwnershipMigrationTests {
    /// A `router_level` row as the server wrote it before ownership: no `owner`, no `shares`.
    static let oldLevel = #"""
    {"level":{"id":"custom-old","name":"Old road","lesson":"","hint":"","theme":"grass","character":"van",
     "road":[{"coordinate":[0,3],"connections":[1]},{"coordinate":[1,3],"connections":[0]}],
     "originHeading":"E","destinations":[[1,3]],"trafficLights":[],"cows":[],"maxFuel":50,
     "toolbox":[{"block":"move_forwards"}],"scoring":{"routeMax":10,"algorithmMax":10,"modelSolutions":[1]},
     "blocklyEnabled":true,"pythonEnabled":false,"pythonViewEnabled":false,"decor":[]},"source":"custom"}
    """#

    @Test func levelsStoredBeforeOwnersStillReadAndNewOnesAreOwned() async throws {
        let (store, _) = try await SQLiteMigrationTests.upgraded(StoredLevel.self, upTo: "router-v1-levels", table: "router_level",
                                                                 id: "custom-old", body: Self.oldLevel)
        let old = try #require(try await store.find(id: "custom-old"))
        #expect(old.level.name == "Old road" && old.owner == nil && old.shares == StoredLevel.Shares())

        var fresh = old
        fresh.level.id = "custom-new"
        fresh.owner = "acct-ann"
        try await store.insert(fresh)
        #expect(try await store.newest(listedUnder: [StoredLevel.ownerKey("acct-ann")], limit: 5, offset: 0).map(\.id) == ["custom-new"])
        let owners = try await store.database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, owner FROM router_level ORDER BY id").map { [$0["id"] as String, $0["owner"] as String?] }
        }
        #expect(owners == [["custom-new", "acct-ann"], ["custom-old", nil]], "who owns each row, in one indexed column")
    }
}
