import AsyncAlgorithms
import Foundation
import Logging
import PostgresNIO

/// A Posts sync runs once across nodes: `pg_try_advisory_lock` on a connection held for the whole
/// sync. A session lock (not a transaction one) because the sync spends most of its time
/// downloading, outside any transaction; if the node dies, its connection closes and the server
/// releases the lock, so a crashed sync never blocks the others.
package struct PostgresSyncLock: SyncLock {
    package let database: TesseraPostgres
    /// Which lock: one key per kind of work ("sync" in ASCII for the Posts sync).
    package var key: Int32 = 0x7379_6E63
    /// How often a node waiting for another node's sync checks whether it has ended.
    package var pollInterval: Duration = .milliseconds(200)
    /// A waiting node gives up after this long (the other node's sync is then reported as failed here).
    package var maxWait: Duration = .seconds(600)

    /// Releases the lock; tests replace it with one that fails, to check what happens then.
    package var unlock: @Sendable (PostgresConnection, _ key: Int32, _ scope: String, Logger) async throws -> Void = {
        connection, key, scope, logger in
        _ = try await connection.query("SELECT pg_advisory_unlock(\(key), hashtext(\(scope)))", logger: logger).collect()
    }

    package func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T? {
        let (key, scope, logger, unlock) = (key, database.lockScope, database.logger, unlock)
        return try await database.withConnection { connection -> T? in
            let taken = try await connection.query("SELECT pg_try_advisory_lock(\(key), hashtext(\(scope)))", logger: logger)
                .collect().first?.decode(Bool.self) ?? false
            guard taken else { return nil }
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            await Self.release(connection, key, scope, logger, unlock)
            return try result.get()
        }
    }

    /// Unlocks; if that fails, closes the connection. A session lock outlives a failed unlock:
    /// back in the pool, the connection would keep it and every other node would wait for it (up
    /// to `maxWait`). Closing the connection makes PostgreSQL release it; the pool opens another.
    private static func release(_ connection: PostgresConnection, _ key: Int32, _ scope: String, _ logger: Logger,
                                _ unlock: @Sendable (PostgresConnection, Int32, String, Logger) async throws -> Void) async {
        do {
            try await unlock(connection, key, scope, logger)
        } catch {
            logger.warning("Could not release the sync lock; closing its connection", metadata: ["error": "\(error)"])
            try? await connection.close()
        }
    }

    package func waitUntilFree() async throws {
        let (key, scope, logger, unlock) = (key, database.lockScope, database.logger, unlock)
        let deadline = ContinuousClock.now + maxWait
        for await _ in AsyncTimerSequence.repeating(every: pollInterval) {
            // Taking and at once releasing the lock tells whether anyone still holds it.
            let free = try await database.withConnection { connection in
                let taken = try await connection.query("SELECT pg_try_advisory_lock(\(key), hashtext(\(scope)))", logger: logger)
                    .collect().first?.decode(Bool.self) ?? false
                if taken { await Self.release(connection, key, scope, logger, unlock) }
                return taken
            }
            if free { return }
            if ContinuousClock.now >= deadline { break }
        }
        try Task.checkCancellation()  // the timer ends early only when the wait is cancelled
        throw StoreError.busy("Another node's sync did not finish in time.")
    }
}
