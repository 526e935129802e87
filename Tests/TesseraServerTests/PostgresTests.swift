import AsyncHTTPClient
import Foundation
import Logging
import Hummingbird
import HummingbirdTesting
import NIOCore
import RouterKit
import Testing
import TesseraTestSupport
import TicTacToeKit
@testable import TesseraServer
@testable import TesseraStore

/// What only PostgreSQL has to promise: several processes on one database. Each "node" here is a
/// separately built app (or store) with a pool of its own, sharing one schema. These run only
/// when `TESSERA_TEST_DATABASE_URL` is set (`scripts/postgres_cluster.sh start` prints one).
@Suite(.enabled(if: testDatabaseURL != nil, "set TESSERA_TEST_DATABASE_URL to run the PostgreSQL tests"))
struct PostgresTests {
    /// Two apps on one database, as two nodes behind a load balancer would be.
    static func twoNodes() -> (Configuration, Configuration) {
        let schema = uniqueTestSchema()
        var a = testConfiguration(), b = testConfiguration()
        a.databaseSchema = schema
        b.databaseSchema = schema
        return (a, b)
    }

    @Test func changesFromTwoNodesToOneDocumentNeverOverwriteEachOther() async throws {
        let schema = uniqueTestSchema()
        let first = try #require(try testPostgres(schema: schema))
        let second = try #require(try testPostgres(schema: schema))
        // Both start at once: the migrations lock makes one wait for the other.
        async let storeA = PostgresDocumentTable<PlayerProgress>(database: first)
        async let storeB = PostgresDocumentTable<PlayerProgress>(database: second)
        let stores = try await [storeA, storeB]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask {
                    _ = try await stores[index % 2].upsert(PlayerProgress(id: "p1")) { progress in
                        progress.record(levelID: "1", score: index, max: 30, solved: false, seconds: 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        let stored = try #require(try await stores[0].find(id: "p1"))
        #expect(stored.levels["1"]?.attempts == 30, "every one of 30 racing upserts on two nodes is kept")
        #expect(stored.levels["1"]?.best == 29)
    }

    @Test func racingMovesOnTwoNodesLandOnce() async throws {
        let (configA, configB) = Self.twoNodes()
        let (a, b) = (try await buildApplication(configA), try await buildApplication(configB))
        try await a.test(.router) { nodeA in
            try await b.test(.router) { nodeB in
                for _ in 0..<5 {
                    let created = try await nodeA.call(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["Ann","Bob"]}"#)
                    let id = try #require(created.body["id"] as? String)
                    let move = #"{"row":1,"col":1}"#
                    async let first = nodeA.call(.post, "/api/tictactoe/games/\(id)/moves", json: move)
                    async let second = nodeB.call(.post, "/api/tictactoe/games/\(id)/moves", json: move)
                    let statuses = try await [first.status, second.status]
                    #expect(statuses.filter { $0 == .ok }.count == 1, "\(statuses)")
                    #expect(statuses.filter { $0 == .conflict }.count == 1, "\(statuses)")
                    let game = try await nodeB.call(.get, "/api/tictactoe/games/\(id)").body
                    #expect(game["turn"] as? String == "O", "exactly one move is stored")
                }
            }
        }
    }

    @Test func aMoveThroughOneNodeReachesAPageWatchingTheOther() async throws {
        let (configA, configB) = Self.twoNodes()
        let (a, b) = (try await buildApplication(configA), try await buildApplication(configB))
        try await a.test(.live) { nodeA in
            try await b.test(.live) { nodeB in
                let created = try await nodeB.call(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["Ann","Bob"]}"#)
                let id = try #require(created.body["id"] as? String)
                let portA = try #require(nodeA.port)
                let page = try await Self.watch("http://127.0.0.1:\(portA)/api/tictactoe/games/\(id)/events") {
                    $0.contains("\"turn\":\"O\"")
                }
                defer { page.reader.cancel() }
                #expect(page.initial.contains("\"turn\":\"X\""))
                try await Self.waitForListeners(schema: try #require(configA.databaseSchema), count: 2)
                #expect(try await nodeB.call(.post, "/api/tictactoe/games/\(id)/moves", json: #"{"row":0,"col":2}"#).status == .ok)
                let seen = try await withDeadline(.seconds(3)) { await page.later.value }
                #expect(seen != nil, "node A's page sees node B's move within 3 s of its answer (a bound that catches a lost update; speed is measured outside unit tests)")
            }
        }
    }

    @Test func aSyncFinishingOnOneNodeReachesAPageWatchingTheOther() async throws {
        let (configA, configB) = Self.twoNodes()
        let (a, b) = (try await buildApplication(configA), try await buildApplication(configB))
        try await a.test(.live) { nodeA in
            try await b.test(.live) { nodeB in
                let (portA, portB) = (try #require(nodeA.port), try #require(nodeB.port))
                let page = try await Self.watch("http://127.0.0.1:\(portA)/api/posts/events") { $0.contains("\"lastSync\":\"") }
                defer { page.reader.cancel() }
                #expect(page.initial.contains("\"lastSync\":null"))
                try await Self.waitForListeners(schema: try #require(configA.databaseSchema), count: 2)
                var sync = HTTPClientRequest(url: "http://127.0.0.1:\(portB)/api/posts/sync")
                sync.method = .POST
                let answer = try await HTTPClient.shared.execute(sync, timeout: .seconds(60))
                let body = String(buffer: try await answer.body.collect(upTo: 1 << 20))
                #expect(body.contains("\"finished\""), "\(body.suffix(300))")
                let seen = try await withDeadline(.seconds(3)) { await page.later.value } ?? ""
                #expect(seen.contains("\"posts\":100"), "node A's page hears node B's sync: \(seen)")
            }
        }
    }

    @Test func healthReportsPostgresAndAnUnreachableDatabaseFailsFastWith503() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let health = try await client.call(.get, "/health")
            #expect(health.status == .ok)
            #expect(health.body["backend"] as? String == "postgres")
            #expect(health.body["database"] as? String == "reachable")
        }
        // Nothing listens on port 1: every request is a quick 503, never a hang.
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let down = try TesseraPostgres(url: PostgresURL("postgres://postgres@127.0.0.1:1/postgres"), schema: nil, logger: logger)
        let clock = ContinuousClock()
        let started = clock.now
        await #expect(throws: StoreError.self) { _ = try await down.query("SELECT 1") }
        do {
            _ = try await down.query("SELECT 1")
        } catch let error as StoreError {
            #expect(error.apiError.status == .serviceUnavailable)
            #expect(error.code == "database_unavailable")
        }
        #expect(await down.ping() != nil)
        #expect(clock.now - started < .seconds(8))
        // A server that cannot reach its database at start-up says so and stops.
        var config = testConfiguration()
        config.databaseURL = "postgres://postgres@127.0.0.1:1/postgres"
        config.databaseTimeout = .seconds(1)
        await #expect(throws: StartupError.self) { _ = try await buildApplication(config) }
    }

    @Test func badDatabaseURLsAreRefusedWithAReason() {
        for url in ["mysql://u@h/db", "postgres://h/db", "postgres://u@h", "not a url", "postgres://u@h:99999/db"] {
            #expect(throws: PostgresURLError.self, "\(url)") { _ = try PostgresURL(url) }
        }
        let url = try? PostgresURL("postgresql://me:secret@db.example:6543/tessera?sslmode=require")
        #expect(url?.port == 6543 && url?.requireTLS == true && url?.password == "secret")
        #expect(url?.description.contains("secret") == false, "a password never reaches logs")
    }

    /// Waits until `count` nodes LISTEN on the schema's channel (each node's listener starts with
    /// its services), as the server's own sessions show it.
    static func waitForListeners(schema: String, count: Int) async throws {
        let fanOut = PostgresLiveFanOut(database: try #require(try testPostgres(schema: schema)))
        for _ in 0..<200 {
            if try await fanOut.listeningSessions() >= count { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the nodes never listened")
    }

    /// A page watching `url`: the first event (the state it connected to) and, in the background,
    /// the first later event that `matches` (`nil` if the stream ends first); cancel `reader` to hang up.
    static func watch(_ url: String, for matches: @escaping @Sendable (String) -> Bool) async throws
        -> (initial: String, later: Task<String?, Never>, reader: Task<Void, any Error>) {
        let events = try await events(url)
        let (ready, signal) = AsyncStream<String>.makeStream()
        let later = Task { () -> String? in
            var first = true
            for await event in events.stream {
                if first { signal.yield(event); first = false; continue }
                if matches(event) { return event }
            }
            return nil
        }
        var readiness = ready.makeAsyncIterator()
        guard let initial = await readiness.next() else {
            events.reader.cancel()
            throw CancellationError()
        }
        return (initial, later, events.reader)
    }

    /// The data events of an event stream, and the task reading it (cancel it to hang up).
    static func events(_ url: String) async throws -> (stream: AsyncStream<String>, reader: Task<Void, any Error>) {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let reader = Task {
            defer { continuation.finish() }
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
            var pending = ""
            for try await chunk in response.body {
                pending += String(buffer: chunk)
                while let end = pending.range(of: "\n\n") {
                    let frame = pending[..<end.lowerBound]
                    pending = String(pending[end.upperBound...])
                    if frame.hasPrefix("data: ") { continuation.yield(String(frame.dropFirst(6))) }
                }
            }
        }
        return (stream, reader)
    }
}
