import Foundation
import Logging
import PostgresNIO
import Synchronization
import Testing
@testable import TesseraStore
import TesseraTestSupport

/// Two PostgreSQL races that could mislead a user or stall other nodes: a write answered 503
/// although it committed, and a sync lock kept by a connection whose unlock failed. They run
/// when `TESSERA_TEST_DATABASE_URL` is set (CI), and skip otherwise.
@Suite(.serialized) struct PostgresRaceTests {
    struct Forced: Error {}

    /// A database with a pool of one connection and a short wait for it.
    static func tinyDatabase(schema: String, leaseTimeout: Duration) throws -> TesseraPostgres? {
        guard let testDatabaseURL else { return nil }
        var logger = Logger(label: "tessera-test")
        logger.logLevel = .critical  // the 503s here are expected
        return try TesseraPostgres(url: PostgresURL(testDatabaseURL), schema: schema, logger: logger,
                                   leaseTimeout: leaseTimeout, maximumConnections: 1)
    }

    /// A slow query holds the only connection for about the lease wait, give or take a little,
    /// while a write waits for it. Whatever the timing, the write's answer tells the truth: a 503
    /// means nothing was written, success means the row is there. (The deadline once only
    /// stopped being checked once the body had begun, so a connection granted just after it
    /// ran the write that had already been answered 503.)
    @Test func aWriteAnswered503NeverCommitsAndOneThatSucceedsAlwaysDid() async throws {
        let schema = uniqueTestSchema()
        guard let verifier = try testPostgres(schema: schema) else { return }
        try await verifier.migrate([PostgresMigration(name: "race-v1", statements: ["CREATE TABLE race (n integer PRIMARY KEY)"])])
        // A full second: while the whole suite runs on two cores, handing a released connection
        // to the waiting write can take a few hundred milliseconds, and with a 200 ms wait every
        // write answered 503 (true, but then the test proved nothing about the race).
        let wait = Duration.milliseconds(1000)
        var outcomes: [String: Int] = [:]
        // Mostly around the wait, where the race is; two well before it, so a busy machine still
        // sees writes that get their connection in time.
        let offsets = [-700, -500] + Array(stride(from: -30, through: 40, by: 5))
        for (attempt, offset) in offsets.enumerated() {
            guard let database = try Self.tinyDatabase(schema: schema, leaseTimeout: wait) else { return }
            let holding = Flag()
            let holder = Task {
                // A busy server may refuse a connection now and then (too many clients while the
                // whole suite runs): the slow query tries again rather than fail the test.
                for attempt in 1...5 {
                    do {
                        return try await database.withConnection(timeout: .seconds(5)) { connection in
                            holding.set()
                            let seconds = Double(1000 + offset) / 1000
                            _ = try await connection.query("SELECT pg_sleep(\(seconds))", logger: database.logger).collect()
                        }
                    } catch StoreError.unavailable where attempt < 5 {
                        try await Task.sleep(for: .milliseconds(200))
                    }
                }
            }
            let started = ContinuousClock.now
            while !holding.isSet {
                // The slow query never got its connection: say why, never hang.
                if ContinuousClock.now - started > .seconds(40) {
                    holder.cancel()
                    _ = try await holder.value
                    Issue.record("the slow query never got its connection")
                    return
                }
                try await Task.sleep(for: .milliseconds(1))
            }
            let ran = Flag()
            let answer: String
            do {
                try await database.transaction { connection in
                    ran.set()
                    _ = try await connection.query("INSERT INTO race (n) VALUES (\(attempt))", logger: database.logger).collect()
                }
                answer = "written"
            } catch StoreError.unavailable {
                answer = "503"
            }
            _ = try await holder.value
            try await Task.sleep(for: .milliseconds(300))  // a lease granted late would have run by now
            let stored = try await verifier.query("SELECT count(*) FROM race WHERE n = \(attempt)")
                .first?.decode(Int.self) ?? 0
            #expect((answer == "written") == (stored == 1), "offset \(offset) ms: answered \(answer), rows \(stored)")
            #expect((answer == "written") == ran.isSet, "offset \(offset) ms: nothing runs after a 503")
            outcomes[answer, default: 0] += 1
        }
        // The offsets straddle the wait, so both answers happen (else the test proved nothing).
        #expect(outcomes["503", default: 0] > 0 && outcomes["written", default: 0] > 0, "\(outcomes)")
    }

    /// Node A's unlock fails after its sync: it closes that connection, so PostgreSQL releases the
    /// session lock at once and node B syncs without waiting (it once went back to the pool still
    /// holding the lock, and B waited up to ten minutes).
    @Test func aFailedUnlockDoesNotMakeOtherNodesWait() async throws {
        let schema = uniqueTestSchema()
        guard let a = try testPostgres(schema: schema), let b = try testPostgres(schema: schema) else { return }
        var lockA = PostgresSyncLock(database: a)
        lockA.unlock = { _, _, _, _ in throw Forced() }
        #expect(try await lockA.run { "A synced" } == "A synced", "A's own result stands")

        var lockB = PostgresSyncLock(database: b)
        lockB.pollInterval = .milliseconds(50)
        lockB.maxWait = .seconds(3)
        try await lockB.waitUntilFree()
        #expect(try await lockB.run { "B synced" } == "B synced", "B takes the lock")
        // And A can sync again too: its pool replaced the closed connection.
        lockA.unlock = PostgresSyncLock(database: a).unlock
        #expect(try await lockA.run { "A again" } == "A again")
    }

    /// A sync that fails still releases the lock (and reports its own error, not the unlock's).
    @Test func aFailingSyncReleasesTheLock() async throws {
        let schema = uniqueTestSchema()
        guard let a = try testPostgres(schema: schema), let b = try testPostgres(schema: schema) else { return }
        await #expect(throws: Forced.self) { try await PostgresSyncLock(database: a).run { () async throws -> Int in throw Forced() } }
        #expect(try await PostgresSyncLock(database: b).run { 1 } == 1)
    }
}
