import Foundation
import RouterKit
import Testing
import TicTacToeKit
@testable import TesseraServer
@testable import TesseraStore

/// Every backend keeps who owns a document and lists it under its keys the same way: newest
/// first, each document once, paged, following every write; deleting removes it from the lists.
@Suite struct DocumentOwnershipContractTests {
    static func level(_ id: String, owner: String?, classes: [String] = []) throws -> StoredLevel {
        var level = try JSONDecoder().decode(Level.self, from: Data(RouterAPITests.straightLevel.utf8))
        level.id = id
        level.name = "Level \(id)"
        return StoredLevel(level: level, source: .custom, owner: owner, shares: .init(classes: classes))
    }

    @Test func levelsAreListedNewestFirstByOwnerAndClassAndFollowEveryWrite() async throws {
        for (name, store) in try await StoreContractTests.stores(of: StoredLevel.self) {
            let ann = StoredLevel.ownerKey("acct-ann"), bob = StoredLevel.ownerKey("anon-bob")
            let oaks = StoredLevel.classKey("oaks"), elms = StoredLevel.classKey("elms")
            try await store.insert(try Self.level("old", owner: nil))
            for index in 1...5 { try await store.insert(try Self.level("a\(index)", owner: "acct-ann")) }
            try await store.insert(try Self.level("b1", owner: "anon-bob", classes: ["oaks"]))
            await #expect(throws: StoreError.duplicateID("b1"), "\(name): one id once") {
                try await store.insert(try Self.level("b1", owner: "anon-eve", classes: ["elms"]))
            }
            #expect(try await store.newest(listedUnder: [ann], limit: 3, offset: 0).map(\.id) == ["a5", "a4", "a3"], "\(name)")
            #expect(try await store.newest(listedUnder: [ann], limit: 3, offset: 3).map(\.id) == ["a2", "a1"], "\(name)")
            #expect(try await store.newest(listedUnder: [bob], limit: 10, offset: 0).map(\.id) == ["b1"], "\(name)")
            #expect(try await store.newest(listedUnder: [], limit: 10, offset: 0).isEmpty, "\(name)")
            #expect(try await store.newest(listedUnder: ["owner:nobody"], limit: 10, offset: 0).isEmpty,
                    "\(name): a level without an owner is never listed")

            // Sharing is a write like any other: the lists follow it, and a level listed under
            // two asked-for keys comes once, in its own place.
            let shared = try await store.update(id: "a2") { $0.shares = .init(classes: ["oaks", "elms"]) }
            #expect(shared?.shares.classes == ["oaks", "elms"], "\(name)")
            #expect(try await store.newest(listedUnder: [oaks], limit: 10, offset: 0).map(\.id) == ["b1", "a2"], "\(name)")
            #expect(try await store.newest(listedUnder: [oaks, elms, ann], limit: 10, offset: 0).map(\.id)
                    == ["b1", "a5", "a4", "a3", "a2", "a1"], "\(name)")
            #expect(try await store.newest(listedUnder: [oaks], excludingOwners: ["anon-bob"], limit: 10, offset: 0).map(\.id) == ["a2"],
                    "\(name): what others shared, without one's own")
            #expect(try await store.newest(listedUnder: [oaks], excludingOwners: ["anon-bob", "acct-ann"], limit: 10, offset: 0).isEmpty, "\(name)")
            _ = try await store.update(id: "a2") { $0.shares = .init(classes: ["elms"]) }
            #expect(try await store.newest(listedUnder: [oaks], limit: 10, offset: 0).map(\.id) == ["b1"], "\(name)")
            _ = try await store.upsert(try Self.level("b2", owner: "anon-bob")) { $0.shares.classes = ["oaks"] }
            #expect(try await store.newest(listedUnder: [oaks], limit: 10, offset: 0).map(\.id) == ["b2", "b1"], "\(name)")

            // Deleting removes the document and its listings; a second delete finds nothing.
            #expect(try await store.delete(id: "b1"), "\(name)")
            #expect(try await store.find(id: "b1") == nil, "\(name)")
            #expect(try await !store.delete(id: "b1"), "\(name)")
            #expect(try await store.newest(listedUnder: [oaks, bob], limit: 10, offset: 0).map(\.id) == ["b2"], "\(name)")
            #expect(try await store.find(id: "old")?.owner == nil, "\(name): levels from before owners stay readable by id")
        }
    }

    /// Documents of apps that have no owners (matches) lose nothing: they are stored, found and
    /// deleted as before, and never listed.
    @Test func documentsWithoutOwnersAreDeletedAndNeverListed() async throws {
        for (name, store) in try await StoreContractTests.gameStores() {
            try await store.insert(try Match(id: "m1", mode: .local, names: ["Ann", "Bob"]))
            #expect(try await store.newest(listedUnder: ["owner:acct-ann"], limit: 5, offset: 0).isEmpty, "\(name)")
            #expect(try await store.delete(id: "m1"), "\(name)")
            #expect(try await store.find(id: "m1") == nil, "\(name)")
            #expect(try await store.all(limit: 5).isEmpty, "\(name)")
        }
    }

    /// A level row written before owners existed (no `owner`, no `shares`) still reads.
    @Test func aLevelStoredBeforeOwnersDecodes() throws {
        let old = try JSONEncoder().encode(try Self.level("legacy", owner: nil))
        var object = try #require(try JSONSerialization.jsonObject(with: old) as? [String: Any])
        object["owner"] = nil
        object["shares"] = nil
        let level = try JSONDecoder().decode(StoredLevel.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(level.owner == nil && level.shares == StoredLevel.Shares() && level.listingKeys.isEmpty)
    }
}
