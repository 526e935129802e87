import Foundation
import GridKit
import Logging
import PentominoKit
import PostgresNIO
import RouterKit
import Testing
@testable import TesseraStore
import TesseraTestSupport

/// Each PostgreSQL node keeps the documents it read or wrote decoded (`PostgresDocumentCache`).
/// These check what a user would notice if that went wrong: a change made through one node that
/// another node does not show. Two "nodes" here are two pools with caches of their own on one
/// schema. They run only when `TESSERA_TEST_DATABASE_URL` is set.
@Suite(.serialized, .enabled(if: testDatabaseURL != nil, "set TESSERA_TEST_DATABASE_URL to run the PostgreSQL tests"))
struct PostgresCacheTests {
    /// Two nodes on one fresh schema, each with its store and (when `listening`) its live listener.
    struct Nodes<Document: PostgresDocument> {
        let a: PostgresDocumentTable<Document>
        let b: PostgresDocumentTable<Document>
        let listeners: [Task<Void, any Error>]

        init(listening: Bool) async throws {
            let schema = uniqueTestSchema()
            let (first, second) = (try #require(try testPostgres(schema: schema)), try #require(try testPostgres(schema: schema)))
            a = try await PostgresDocumentTable<Document>(database: first)
            b = try await PostgresDocumentTable<Document>(database: second)
            guard listening else {
                listeners = []
                return
            }
            let made = [first, second].map { PostgresLiveListener(fanOut: PostgresLiveFanOut(database: $0)) { _, _ in } }
            listeners = made.map { listener in Task { try await listener.run() } }
            let started = ContinuousClock.now
            while !made.allSatisfy(\.isListening), ContinuousClock.now - started < .seconds(20) {
                try await Task.sleep(for: .milliseconds(10))
            }
            let allListening = made.allSatisfy(\.isListening)
            #expect(allListening, "both listeners are in place")
        }

        func stop() { for listener in listeners { listener.cancel() } }
    }

    /// A page on node A shows every move made through node B, at once: 1,000 writes, each
    /// alternately through B and A, each read back at once through the other node (which had the
    /// previous state cached), with the notifications flowing as in production.
    @Test func aWriteOnOneNodeIsWhatTheOtherNodeReadsNext1000Times() async throws {
        let nodes = try await Nodes<PlayerProgress>(listening: true)
        defer { nodes.stop() }
        try await Self.writeAndReadAcross(nodes, times: 1_000)
    }

    /// B's write reaches A's listener on commit, and A drops its copy before its next read.
    @Test func aCommittedWriteTellsTheOtherNodeToForgetItsCopy() async throws {
        let nodes = try await Nodes<PlayerProgress>(listening: true)
        defer { nodes.stop() }
        _ = try await nodes.a.upsert(PlayerProgress(id: "p1")) { _ in }
        #expect(nodes.a.cache.entry("p1") != nil)
        _ = try await nodes.b.update(id: "p1") { $0.record(levelID: "1", score: 1, max: 9, solved: false, seconds: 1) }
        let started = ContinuousClock.now
        while nodes.a.cache.entry("p1") != nil, ContinuousClock.now - started < .seconds(10) {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(nodes.a.cache.entry("p1") == nil, "A heard B's change")
        // A change refused inside B's transaction sends nothing: A keeps the copy it reads next.
        _ = try await nodes.a.find(id: "p1")
        struct Refused: Error {}
        await #expect(throws: Refused.self) { _ = try await nodes.b.update(id: "p1") { _ in throw Refused() } }
        try await Task.sleep(for: .milliseconds(300))
        #expect(nodes.a.cache.entry("p1") != nil, "nothing was committed, so nothing was said")
    }

    /// The same without any listener, so every notification is missed: the version check alone
    /// keeps every read current.
    @Test func withEveryNotificationMissedReadsAreStillCurrent() async throws {
        let nodes = try await Nodes<PlayerProgress>(listening: false)
        try await Self.writeAndReadAcross(nodes, times: 200)
    }

    static func writeAndReadAcross(_ nodes: Nodes<PlayerProgress>, times: Int) async throws {
        _ = try await nodes.a.upsert(PlayerProgress(id: "p1")) { _ in }
        var mismatches: [Int] = []
        for attempt in 1...times {
            let (writer, reader) = attempt % 2 == 0 ? (nodes.a, nodes.b) : (nodes.b, nodes.a)
            _ = try await reader.find(id: "p1")  // the reader holds the state before the write
            let written = try await writer.upsert(PlayerProgress(id: "p1")) { progress in
                progress.record(levelID: "1", score: attempt, max: 2 * times, solved: false, seconds: 1)
            }
            let read = try await reader.find(id: "p1")
            if read != written || read?.levels["1"]?.attempts != attempt { mismatches.append(attempt) }
        }
        #expect(mismatches.isEmpty, "reads that missed the other node's write: \(mismatches.prefix(10))")
    }

    /// A tile placed through A, taken off through B, placed again through A: A's cached copy
    /// still shows the tile, so placing it again would look refused ("already placed") if the
    /// cached copy were trusted; the stored puzzle decides, and the move lands.
    @Test func aMoveRefusedByAnOldCachedCopyIsTriedOnTheStoredDocument() async throws {
        let nodes = try await Nodes<PentominoPuzzle>(listening: false)
        try await nodes.a.insert(PentominoPuzzle(id: "q1", shape: .sixByTen, flips: true))
        let placement = Placement(.x, .identity, at: Square(row: -1, col: 0))
        _ = try await nodes.a.update(id: "q1") { try $0.place(placement) }
        _ = try await nodes.b.update(id: "q1") { _ = try $0.remove(.x) }
        let placedAgain = try await nodes.a.update(id: "q1") { try $0.place(placement) }
        #expect(placedAgain?.board.placements.count == 1)
        #expect(try await nodes.b.find(id: "q1")?.board.placements.count == 1, "B sees A's move")
        // And a move the stored puzzle refuses is refused, cached or not.
        await #expect(throws: PuzzleError.self) { _ = try await nodes.b.update(id: "q1") { try $0.place(placement) } }
    }

    /// Racing changes to one document from both nodes, with warm caches (so most take the
    /// one-statement path): none is lost.
    @Test func racingChangesFromCachedCopiesAreAllKept() async throws {
        let nodes = try await Nodes<PlayerProgress>(listening: true)
        defer { nodes.stop() }
        _ = try await nodes.a.upsert(PlayerProgress(id: "p1")) { _ in }
        _ = try await nodes.b.find(id: "p1")
        let stores = [nodes.a, nodes.b]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<60 {
                group.addTask {
                    _ = try await stores[index % 2].update(id: "p1") { progress in
                        progress.record(levelID: "1", score: index, max: 60, solved: false, seconds: 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        for store in stores {
            #expect(try await store.find(id: "p1")?.levels["1"]?.attempts == 60, "every one of 60 racing changes is kept")
        }
    }

    /// Many reads at once go to the database in a few statements (`PostgresReadBatcher`): each
    /// still gets its own document, current, and a missing one is missing.
    @Test func readsAskedTogetherEachGetTheirOwnCurrentDocument() async throws {
        let nodes = try await Nodes<PlayerProgress>(listening: false)
        for index in 0..<100 {
            _ = try await nodes.b.upsert(PlayerProgress(id: "p\(index)")) { $0.record(levelID: "1", score: index, max: 100, solved: false, seconds: 1) }
        }
        for round in 1...3 {
            // Half of them changed through B before each round (A holds the older copies after round 1).
            for index in stride(from: round % 2, to: 100, by: 2) {
                _ = try await nodes.b.update(id: "p\(index)") { $0.record(levelID: "1", score: index, max: 100, solved: false, seconds: 1) }
            }
            let expected = try await nodes.b.all(limit: 200)
            let read = try await withThrowingTaskGroup(of: PlayerProgress?.self) { group in
                for index in 0..<100 { group.addTask { try await nodes.a.find(id: "p\(index)") } }
                group.addTask { try await nodes.a.find(id: "missing") }
                return try await group.reduce(into: [PlayerProgress?]()) { $0.append($1) }
            }
            #expect(Set(read.compactMap { $0?.id }) == Set(expected.map(\.id)), "round \(round)")
            #expect(read.filter { $0 == nil }.count == 1, "round \(round): the missing one")
            let current = Dictionary(uniqueKeysWithValues: expected.map { ($0.id, $0) })
            #expect(read.compactMap { $0 }.allSatisfy { current[$0.id] == $0 }, "round \(round): every one current")
        }
    }

    /// A row changed outside our code (an operator's psql, an older node during an upgrade) gets
    /// a new version too, so a node with the old copy cached reads the change at once.
    @Test func aChangeMadeInPsqlIsReadAtOnceByANodeWithTheOldCopy() async throws {
        let nodes = try await Nodes<PlayerProgress>(listening: false)
        _ = try await nodes.a.upsert(PlayerProgress(id: "p1")) { _ in }  // cached on A, empty
        _ = try await nodes.b.upsert(PlayerProgress(id: "p2")) { $0.record(levelID: "2", score: 1, max: 9, solved: true, seconds: 1) }
        let table = PlayerProgress.table
        try await nodes.b.database.withConnection { connection in
            _ = try await connection.query(PostgresQuery(unsafeSQL: "UPDATE \(table) SET body = (SELECT body FROM \(table) WHERE id = 'p2') WHERE id = 'p1'"),
                                           logger: Logger(label: "psql"))
        }
        let read = try #require(try await nodes.a.find(id: "p1"))
        #expect(read.levels["2"] != nil, "A read the row as psql left it, not its cached copy")
    }

    /// Deleted through B, gone through A at once; made again under the same id, A shows the new one.
    @Test func aDeleteOnOneNodeIsSeenOnTheOther() async throws {
        let nodes = try await Nodes<PlayerProgress>(listening: false)
        _ = try await nodes.a.upsert(PlayerProgress(id: "p1")) { $0.record(levelID: "1", score: 1, max: 9, solved: false, seconds: 1) }
        #expect(try await nodes.a.find(id: "p1") != nil)
        let deleted = try await nodes.b.delete(id: "p1")
        #expect(deleted)
        #expect(try await nodes.a.find(id: "p1") == nil)
        _ = try await nodes.a.upsert(PlayerProgress(id: "p1")) { _ in }  // cached on A as empty
        _ = try await nodes.b.delete(id: "p1")
        let remade = try await nodes.b.upsert(PlayerProgress(id: "p1")) { $0.record(levelID: "2", score: 1, max: 9, solved: true, seconds: 1) }
        #expect(try await nodes.a.find(id: "p1") == remade)
    }
}
