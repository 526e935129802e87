import ClassroomKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PentominoKit
import RouterKit
import Testing
import TesseraTestSupport
import TicTacToeKit
@testable import TesseraServer
@testable import TesseraStore

/// The retention purge as the server runs it, and the cap on anonymous documents: what nobody
/// owns goes once idle, what an account owns stays, and a full server says so instead of filling
/// the disk.
@Suite struct RetentionTests {
    /// Every backend this machine can test: memory, SQLite, and PostgreSQL when configured.
    static func backends() -> [(String, StorageBackend)] {
        var backends: [(String, StorageBackend)] = [("memory", .memory), ("sqlite", .sqlite(directory: temporaryDirectory()))]
        if let testDatabaseURL { backends.append(("postgres", .postgres(url: testDatabaseURL, schema: uniqueTestSchema()))) }
        return backends
    }

    @Test func aRoundDeletesIdleAnonymousWorkAndKeepsWhatAccountsOwn() async throws {
        for (name, backend) in Self.backends() {
            let anonymous = AnonymousDocuments(cap: 1_000)
            let stores = try await AppStores.make(backend, databaseTimeout: .seconds(10)).cappingAnonymous(anonymous)
            var options = RetentionOptions()
            options.retainIdle = .seconds(3600)
            options.batchSize = 2
            let purge = RetentionPurge(stores: stores, anonymous: anonymous, options: options)

            try await stores.games.insert(try Match(id: "game", mode: .local, names: ["Ann", "Bob"]))
            try await stores.puzzles.insert(PentominoPuzzle(id: "puzzle", shape: .sixByTen, flips: true))
            for index in 1...3 { try await stores.routerLevels.insert(try DocumentOwnershipContractTests.level("page-\(index)", owner: "anon-page")) }
            try await stores.routerLevels.insert(try DocumentOwnershipContractTests.level("teachers", owner: Account.playerID("teacher-1")))
            _ = try await stores.routerProgress.upsert(PlayerProgress(id: "AnonymousPage123")) { $0.levels["1"] = .init(best: 5, max: 20, attempts: 1, solved: false, seconds: 2) }
            _ = try await stores.routerProgress.upsert(PlayerProgress(id: Account.playerID("pupil-1"))) { $0.levels["1"] = .init(best: 20, max: 20, attempts: 1, solved: true, seconds: 2) }
            #expect(anonymous.total == 6, "\(name): counted as they were made")

            // Written just now, so idle only in a round two hours from now.
            #expect(try await purge.round() == [:], "\(name): nothing is idle yet")
            let deleted = try await purge.round(now: Date().addingTimeInterval(2 * 3600))
            #expect(deleted == ["tictactoe_match": 1, "pentomino_puzzle": 1, "router_level": 3, "router_progress": 1],
                    "\(name): three levels in batches of two")
            #expect(try await stores.games.find(id: "game") == nil, "\(name)")
            #expect(try await stores.puzzles.find(id: "puzzle") == nil, "\(name)")
            #expect(try await stores.routerProgress.find(id: "AnonymousPage123") == nil, "\(name)")
            #expect(try await stores.routerProgress.find(id: "acct-pupil-1")?.levels["1"]?.solved == true, "\(name): the pupil's progress stays")
            #expect(try await stores.routerLevels.find(id: "teachers") != nil, "\(name): the teacher's level stays")
            #expect(anonymous.total == 0, "\(name): the count is refreshed from the database")
        }
    }

    @Test func theRoundRunsOnOneNodeAtATime() async throws {
        guard let testDatabaseURL else { return }
        let backend = StorageBackend.postgres(url: testDatabaseURL, schema: uniqueTestSchema())
        // A slow answer on a busy test machine is not an outage (as in testConfiguration).
        let (one, two) = (try await AppStores.make(backend, databaseTimeout: .seconds(10)), try await AppStores.make(backend, databaseTimeout: .seconds(10)))
        let purge = RetentionPurge(stores: two, anonymous: AnonymousDocuments(cap: 10), options: RetentionOptions())
        let skipped = try await one.retentionLock.run { try await purge.round() }
        #expect(skipped == .some(nil), "the second node skips while the first holds the lock")
        #expect(try await purge.round() == [:], "and runs once it is free")
    }

    static func config(cap: Int) -> Configuration {
        var config = testConfiguration()
        config.retention.maxAnonymousDocuments = cap
        return config
    }

    @Test func pastTheCapAnonymousCreationAnswers507AndAccountsStillSave() async throws {
        try await buildApplication(Self.config(cap: 2)).test(.router) { client in
            let local = #"{"mode":"local","players":["Ann","Bob"]}"#
            #expect(try await client.call(.post, "/api/tictactoe/games", json: local).status == .created)
            #expect(try await client.call(.post, "/api/pentomino/puzzles", json: #"{"board":"6x10","flips":true}"#).status == .created)
            for (path, json) in [("/api/tictactoe/games", local), ("/api/pentomino/puzzles", #"{"board":"6x10","flips":true}"#)] {
                let full = try await client.call(.post, path, json: json)
                #expect(full.status.code == 507 && errorCode(full.body) == "storage_full", "\(path)")
                let message = (full.body["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(message.contains("try again later") && !message.contains("sign in"), "says what to do: \(message)")
            }
            // An anonymous page's level is refused too; a teacher's level is their account's and saves.
            let level = try await LevelSharingAPITests.send(client, .post, "/api/router/levels", json: RouterAPITests.straightLevel,
                                                            key: LevelSharingAPITests.keyA)
            #expect(level.status.code == 507 && errorCode(level.body) == "storage_full")
            let levelMessage = (level.body["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(levelMessage.contains("sign in"), "an account keeps levels: \(levelMessage)")
            let teacher = try await ClassAPITests.teacher(client)
            _ = try await LevelSharingAPITests.save(client, "Mine", as: teacher)
        }
    }
}
