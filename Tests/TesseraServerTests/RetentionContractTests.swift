import ClassroomKit
import Foundation
import PentominoKit
import RouterKit
import Testing
import TesseraTestSupport
import TicTacToeKit
@testable import TesseraServer
@testable import TesseraStore

/// Every backend purges the same way: only anonymous documents (no owner, or `anon-…`) not
/// written since the cutoff, oldest first, at most a batch at a time, listings with them; what
/// belongs to an account stays whatever its age. Expired sessions go the same way.
@Suite struct RetentionContractTests {
    /// Long enough that SQLite's millisecond times and PostgreSQL's `now()` fall on either side.
    static func pause() async throws { try await Task.sleep(for: .milliseconds(30)) }

    @Test func idleAnonymousDocumentsGoOldestFirstInBatchesAndWrittenOnesStay() async throws {
        for (name, store) in try await StoreContractTests.gameStores() {
            for id in ["g1", "g2", "g3"] { try await store.insert(try Match(id: id, mode: .local, names: ["Ann", "Bob"])) }
            #expect(try await store.anonymousCount() == 3, "\(name)")
            try await Self.pause()
            let cutoff = Date()
            try await Self.pause()
            _ = try await store.update(id: "g2") { try $0.play(Position(row: 1, col: 1)) }
            #expect(try await store.purge(idleSince: cutoff, limit: 1) == 1, "\(name): one batch of one")
            #expect(try await store.find(id: "g1") == nil, "\(name): the oldest first")
            #expect(try await store.find(id: "g3") != nil, "\(name)")
            #expect(try await store.purge(idleSince: cutoff, limit: 10) == 1, "\(name)")
            #expect(try await store.find(id: "g3") == nil, "\(name)")
            #expect(try await store.find(id: "g2")?.game.moves.count == 1, "\(name): written since the cutoff, kept")
            #expect(try await store.purge(idleSince: cutoff, limit: 10) == 0, "\(name): nothing left to purge")
            #expect(try await store.anonymousCount() == 1, "\(name)")
            #expect(try await store.all(limit: 10).map(\.id) == ["g2"], "\(name)")
        }
    }

    @Test func anAccountsLevelsAreKeptAndAnonymousOnesGoWithTheirListings() async throws {
        for (name, store) in try await StoreContractTests.stores(of: StoredLevel.self) {
            try await store.insert(try DocumentOwnershipContractTests.level("mine", owner: "acct-ann", classes: ["oaks"]))
            try await store.insert(try DocumentOwnershipContractTests.level("page", owner: "anon-bob", classes: ["oaks"]))
            try await store.insert(try DocumentOwnershipContractTests.level("old", owner: nil))
            try await store.insert(try DocumentOwnershipContractTests.level("other", owner: "someone-else"))
            #expect(try await store.anonymousCount() == 2, "\(name): anon-… and nobody's")
            try await Self.pause()
            #expect(try await store.purge(idleSince: Date(), limit: 10) == 2, "\(name)")
            #expect(try await store.find(id: "mine") != nil, "\(name): an account's level is never idle")
            #expect(try await store.find(id: "other") != nil, "\(name): an owner of another form is kept")
            #expect(try await store.find(id: "page") == nil, "\(name)")
            #expect(try await store.find(id: "old") == nil, "\(name)")
            #expect(try await store.newest(listedUnder: [StoredLevel.classKey("oaks"), StoredLevel.ownerKey("anon-bob")],
                                           limit: 10, offset: 0).map(\.id) == ["mine"], "\(name): listings go with the level")
            #expect(try await store.anonymousCount() == 0, "\(name)")
        }
    }

    @Test func aSignedInPlayersProgressBelongsToTheirAccount() async throws {
        for (name, store) in try await StoreContractTests.stores(of: PlayerProgress.self) {
            _ = try await store.upsert(PlayerProgress(id: Account.playerID("pupil-1"))) { $0.levels["1"] = .init(best: 20, max: 20, attempts: 1, solved: true, seconds: 3) }
            _ = try await store.upsert(PlayerProgress(id: "AnonymousPage123")) { $0.levels["1"] = .init(best: 5, max: 20, attempts: 1, solved: false, seconds: 3) }
            #expect(try await store.anonymousCount() == 1, "\(name)")
            try await Self.pause()
            #expect(try await store.purge(idleSince: Date(), limit: 10) == 1, "\(name)")
            #expect(try await store.find(id: "acct-pupil-1")?.levels["1"]?.solved == true, "\(name)")
            #expect(try await store.find(id: "AnonymousPage123") == nil, "\(name)")
        }
    }

    @Test func expiredSessionsGoInBatchesAndLiveOnesStay() async throws {
        for (name, store) in try await TestAccountStores.all() {
            try await store.insert(TestAccountStores.teacher("t1", email: "ann@x.org"))
            let now = Date()
            for (id, daysAgo) in [("old", 40.0), ("older", 50.0), ("live", 1.0)] {
                try await store.insertSession(Session(id: id, accountID: "t1", createdAt: now.addingTimeInterval(-daysAgo * 86_400)))
            }
            let cutoff = now.addingTimeInterval(-AccountRules.sessionIdleLimit)
            #expect(try await store.deleteSessions(lastSeenBefore: cutoff, limit: 1) == 1, "\(name)")
            #expect(try await store.session(id: "older") == nil, "\(name): the oldest first")
            #expect(try await store.deleteSessions(lastSeenBefore: cutoff, limit: 10) == 1, "\(name)")
            #expect(try await store.session(id: "old") == nil, "\(name)")
            #expect(try await store.session(id: "live") != nil, "\(name): a live session stays")
            #expect(try await store.deleteSessions(lastSeenBefore: cutoff, limit: 10) == 0, "\(name)")
        }
    }
}
