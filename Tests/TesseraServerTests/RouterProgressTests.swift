import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RouterKit
import Testing
@testable import TesseraServer

/// Players' progress as stored before the rules moved into RouterKit: it still loads, the API
/// answers it unchanged, and a new run is recorded into the same shape.
@Suite struct RouterProgressTests {
    /// A `router_progress` row exactly as the server wrote it before the move.
    static let storedBody = #"{"id":"player-0001","levels":{"1":{"attempts":3,"best":18,"max":20,"seconds":42.5,"solved":true}}}"#

    @Test func progressStoredBeforeTheMoveLoadsAndKeepsItsShape() async throws {
        let folder = temporaryDirectory()
        let pool = try GRDB.DatabasePool(path: folder + "/tessera.sqlite")
        try DocumentTable<PlayerProgress>.migrator.migrate(pool, upTo: "router-v1-progress")
        try await pool.write { db in
            try db.execute(sql: "INSERT INTO router_progress (id, body, created_at, updated_at) VALUES (?, ?, ?, ?)",
                           arguments: ["player-0001", Self.storedBody, Date(), Date()])
        }
        try pool.close()
        try await buildApplication(testConfiguration(dataDirectory: folder)).test(.router) { client in
            let answer = try await client.call(.get, "/api/router/players/player-0001/progress")
            #expect(answer.status == .ok)
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(Self.storedBody.utf8)) as? NSDictionary)
            #expect(answer.body as NSDictionary == expected, "the answer is the stored document, key for key")

            // A worse, failed run counts as an attempt and changes nothing else but the time.
            let failed = try await client.call(.post, "/api/router/levels/1/runs", json: try RouterAPITests.body(
                ["program": ["blocks": [] as [Any]], "player": "player-0001", "seconds": 2]))
            #expect(failed.status == .ok && (failed.body["outcome"] as? [String: Any])?["success"] as? Bool == false)
            let after = try await client.call(.get, "/api/router/players/player-0001/progress").body
            let level = try #require((after["levels"] as? [String: Any])?["1"] as? [String: Any])
            #expect(level["attempts"] as? Int == 4 && level["best"] as? Int == 18 && level["solved"] as? Bool == true)
            #expect(level["seconds"] as? Double == 44.5 && level["max"] as? Int == 20)
            #expect(Set(level.keys) == ["attempts", "best", "max", "seconds", "solved"])
        }
        let stored = try await TesseraDatabase(directory: folder).writer.read { db in
            try String.fetchOne(db, sql: "SELECT body FROM router_progress WHERE id = 'player-0001'")
        }
        let body = try #require(stored)
        let row = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(Set(row.keys) == ["id", "levels"])
        let storedLevel = try #require((row["levels"] as? [String: Any])?["1"] as? [String: Any])
        #expect(Set(storedLevel.keys) == ["attempts", "best", "max", "seconds", "solved"], "stars are computed, never stored")
    }
}
