import Foundation
import GridKit
import PentominoKit
import Testing
import TesseraTestSupport
import TicTacToeKit
@testable import TesseraServer
@testable import TesseraStore

/// Every store implementation keeps the same promises, so routes can use any of them: what is
/// inserted is found, an update is applied atomically, a refused change leaves the document as it
/// was, and a missing id is `nil`.
@Suite struct StoreContractTests {
    /// Every backend's store of `Document`s, by name (PostgreSQL when the tests have a database).
    static func stores<Document: SQLiteDocument & PostgresDocument>(of _: Document.Type) async throws
        -> [(String, any DocumentStore<Document>)] {
        var stores: [(String, any DocumentStore<Document>)] = [
            ("memory", InMemoryDocumentStore<Document>()),
            ("sqlite", try DocumentTable<Document>(database: TesseraDatabase(directory: temporaryDirectory())))]
        if let database = try testPostgres() {
            stores.append(("postgres", try await PostgresDocumentTable<Document>(database: database)))
        }
        return stores
    }

    static func gameStores() async throws -> [(String, any TicTacToeStore)] { try await stores(of: Match.self) }
    static func puzzleStores() async throws -> [(String, any PuzzleStore)] { try await stores(of: PentominoPuzzle.self) }

    struct Refused: Error {}

    @Test func gameStoresKeepTheContract() async throws {
        for (name, store) in try await Self.gameStores() {
            let match = try Match(id: "g1", mode: .local, names: ["Ann", "Bob"])
            try await store.insert(match)
            #expect(try await store.find(id: "g1") == match, "\(name)")
            #expect(try await store.find(id: "nope") == nil, "\(name)")
            let moved = try await store.update(id: "g1") { try $0.play(Position(row: 1, col: 1)) }
            #expect(moved?.game.moves.count == 1, "\(name)")
            await #expect(throws: Refused.self) {
                _ = try await store.update(id: "g1") { match in
                    try match.play(Position(row: 0, col: 0))
                    throw Refused()
                }
            }
            #expect(try await store.find(id: "g1")?.game.moves.count == 1, "\(name): a refused change is not kept")
            #expect(try await store.update(id: "nope") { _ in } == nil, "\(name)")
        }
    }

    @Test func puzzleStoresKeepTheContract() async throws {
        for (name, store) in try await Self.puzzleStores() {
            let puzzle = PentominoPuzzle(id: "p1", shape: .sixByTen, flips: true)
            try await store.insert(puzzle)
            #expect(try await store.find(id: "p1") == puzzle, "\(name)")
            let placement = Placement(.x, .identity, at: Square(row: -1, col: 0))
            let placed = try await store.update(id: "p1") { try $0.place(placement) }
            #expect(placed?.board.placements.count == 1, "\(name)")
            #expect(try await store.find(id: "p1")?.board.placements.count == 1, "\(name)")
            #expect(try await store.find(id: "nope") == nil, "\(name)")
        }
    }

    @Test func upsertStartsOrChangesADocumentAtomicallyAndAllListsOldestFirst() async throws {
        for (name, store) in try await Self.gameStores() {
            let first = try Match(id: "a1", mode: .local, names: ["Ann", "Bob"])
            let created = try await store.upsert(first) { try $0.play(Position(row: 0, col: 0)) }
            #expect(created.game.moves.count == 1, "\(name): a missing document starts as the initial one")
            let changed = try await store.upsert(first) { try $0.play(Position(row: 1, col: 1)) }
            #expect(changed.game.moves.count == 2, "\(name): an existing one is changed, not replaced")
            try await store.insert(try Match(id: "a2", mode: .local, names: ["Cy", "Di"]))
            #expect(try await store.all(limit: 10).map(\.id) == ["a1", "a2"], "\(name)")
            #expect(try await store.all(limit: 1).map(\.id) == ["a1"], "\(name)")
        }
    }
}
