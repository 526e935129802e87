import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// The shared PostgreSQL database (the scale-out backend): one PostgresNIO connection pool, the
/// helpers every PostgreSQL store uses, and the migrations lock.
///
/// Lifecycle: the pool runs as soon as this is made, because the stores run their migrations
/// while `buildApplication` builds them, before the application's services start. As a `Service`
/// it then waits for the graceful shutdown and closes the pool; if the application is never run
/// (a test that only builds it), dropping the last reference closes it.
///
/// Failure: PostgresNIO's pool waits for a connection without a deadline while the database is
/// down (until its circuit breaker trips after a minute), so every operation here waits at most
/// `leaseTimeout` for a connection and then fails with 503 `database_unavailable`; connection
/// errors during a query map to the same. `RecoveringPool` notices the database's return, so
/// requests succeed again on their own within about a second of it.
package final class TesseraPostgres: Service, Sendable {
    private let pool: RecoveringPool
    package let url: PostgresURL
    /// A schema of its own (tests: one per app), or `nil` for the user's default (`public`).
    package let schema: String?
    package let logger: Logger
    package let leaseTimeout: Duration
    /// The pool's size (at most this many connections to the database).
    package let maximumConnections: Int
    /// This process among the nodes sharing the database: live updates and document changes it
    /// sends carry it, so its own listener skips them.
    package let nodeID = UUID().uuidString
    /// Its document tables' caches, told by the live listener what other nodes changed.
    package let caches = PostgresCacheRegistry()
    private let deadlines = LeaseDeadlines()

    /// The LISTEN/NOTIFY channel of live updates and document changes: one per schema, so test
    /// apps in separate schemas never hear each other.
    package var liveChannel: String { "tessera_live" + (schema.map { "_" + $0 } ?? "") }

    package init(url: PostgresURL, schema: String?, logger: Logger, leaseTimeout: Duration = .seconds(2),
                 maximumConnections: Int = TesseraPostgres.defaultMaximumConnections) throws {
        if let schema { try Self.checkIdentifier(schema) }
        var configuration = url.clientConfiguration
        configuration.options.connectTimeout = leaseTimeout
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectionIdleTimeout = .seconds(30)
        // Every pooled connection resolves table names in the schema, so stores never qualify them.
        if let schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        // PostgresNIO logs every failed connection attempt at `info`, several a second during an
        // outage; the 503s and `/health` already say so, so its own lines start at `warning`.
        var poolLogger = logger
        if poolLogger.logLevel > .debug { poolLogger.logLevel = max(poolLogger.logLevel, .warning) }
        self.pool = RecoveringPool(configuration: configuration, url: url, logger: logger, clientLogger: poolLogger)
        self.url = url
        self.schema = schema
        self.logger = logger
        self.leaseTimeout = leaseTimeout
        self.maximumConnections = maximumConnections
    }

    deinit { pool.close() }

    /// The pool's size unless told otherwise: four connections per core of this node
    /// (`NodeCores`), at least 6 and at most 20. Why: a connection is busy for one round trip at a time (reads are gathered
    /// into few statements, a write to a cached document is one statement), so a few per core
    /// keep the node's cores busy, while more only make the database switch between sessions;
    /// and at most 20 lets five nodes share PostgreSQL's default of 100 connections.
    package static var defaultMaximumConnections: Int {
        min(20, max(6, 4 * NodeCores.count))
    }

    /// Runs until the graceful shutdown, then closes the pool.
    package func run() async throws {
        try? await gracefulShutdown()
        pool.close()
    }

    /// A key for advisory locks that only this schema's nodes share (tests run many schemas in one
    /// database at once; production has one).
    package var lockScope: String { schema ?? "public" }

    // MARK: Connections

    /// Leases a connection, waiting at most `leaseTimeout` (then 503); `body` itself is not timed,
    /// since a merge of thousands of rows may rightly take longer.
    package func withConnection<Result: Sendable>(timeout: Duration? = nil,
                                          _ body: @escaping @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        // While the database is known to be down, fail fast rather than let requests pile up
        // for the full wait; a short wait still lets a recovered pool answer.
        let deadline = pool.isRecovering ? min(timeout ?? leaseTimeout, .milliseconds(250)) : (timeout ?? leaseTimeout)
        let (client, pool, deadlines) = (try await pool.client(), pool, deadlines)
        // Either the lease or the deadline wins, never both: a connection granted after the
        // caller was told 503 runs nothing, so a 503 never hides a write that committed. The
        // work runs in a task of its own so the deadline can answer the caller while the pool
        // still makes it wait; the caller's cancellation is passed on to it.
        let lease = LeaseRace()
        let answer = LeaseAnswer<Result>()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    answer.wait(continuation)
                    let key = deadlines.add(deadline) {
                        guard lease.expire() else { return }  // the body runs: let it finish
                        pool.leaseTimedOut()
                        answer.answer(.failure(StoreError.unavailable("no connection within \(deadline)")))
                        answer.cancelWork()
                    }
                    answer.running(Task {
                        do {
                            let result = try await client.withConnection { connection in
                                guard lease.start() else { throw StoreError.unavailable("no connection within \(deadline)") }
                                deadlines.remove(key)
                                pool.leased()
                                return try await body(connection)
                            }
                            deadlines.remove(key)
                            answer.answer(.success(result))
                        } catch {
                            deadlines.remove(key)
                            answer.answer(.failure(error))
                        }
                    })
                }
            } onCancel: {
                answer.cancelWork()
            }
        } catch {
            throw Self.mapped(error)
        }
    }

    /// One transaction: `BEGIN`, `body`, `COMMIT`; any error rolls back and reaches the caller as
    /// it was thrown (PostgresNIO's own `withTransaction` wraps it, which would hide a kit error
    /// such as "cell occupied" from the error mapping).
    package func transaction<Result: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        try await withConnection { [logger] connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                let result = try await body(connection)
                try await connection.query("COMMIT", logger: logger)
                return result
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// Runs a statement and reads every row (the stores' reads are small or bounded by a LIMIT).
    package func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withConnection { [logger] connection in
            try await connection.query(query, logger: logger).collect()
        }
    }

    /// `SELECT 1` within `timeout`: whether the database answers now (for `/health`).
    package func ping(timeout: Duration = .seconds(1)) async -> (any Error)? {
        do {
            try await withDeadline(timeout) { [self] in
                _ = try await withConnection(timeout: timeout) { [logger] connection in
                    try await connection.query("SELECT 1", logger: logger).collect()
                }
            }
            return nil
        } catch {
            return error
        }
    }

    // MARK: Migrations

    /// Applies the named migrations that have not run yet, in order, each in the transaction that
    /// records it. The whole run holds a transaction-level advisory lock, so two nodes starting at
    /// once take turns: the second finds the first one's names recorded and skips them.
    package func migrate(_ migrations: [PostgresMigration]) async throws {
        let scope = lockScope
        try await transaction { [logger, schema] connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationsLock), hashtext(\(scope)))", logger: logger)
            if let schema {
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
            }
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS tessera_migrations (
                    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT name FROM tessera_migrations", logger: logger).decode(String.self) {
                applied.insert(name)
            }
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query("INSERT INTO tessera_migrations (name) VALUES (\(migration.name))", logger: logger)
            }
        }
    }

    /// The advisory lock key migrations take (an arbitrary constant: "tess" in ASCII).
    package static let migrationsLock: Int32 = 0x7465_7373

    // MARK: Errors

    /// Connection-level failures (refused, closed, pool timeouts, the server shutting down) become
    /// 503 `database_unavailable`; everything else (a kit error thrown inside a transaction, a
    /// constraint) is passed on as it is.
    package static func mapped(_ error: any Error) -> any Error {
        if error is StoreError { return error }
        // The pool's own error (its circuit breaker tripped) lives in a module PostgresNIO does not
        // export, so it is recognised by name.
        if String(reflecting: type(of: error)).hasSuffix("ConnectionPoolError") {
            return StoreError.unavailable("\(error)")
        }
        if let error = error as? PSQLError {
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .poolClosed, .uncleanShutdown,
                 .sslUnsupported, .failedToAddSSLHandler, .queryCancelled:
                return StoreError.unavailable("\(error.code)")
            case .server:
                let state = error.serverInfo?[.sqlState] ?? ""
                // 08…: connection exceptions; 57P01-03: the server is shutting down or starting.
                if state.hasPrefix("08") || state.hasPrefix("57P") {
                    return StoreError.unavailable("SQLSTATE \(state)")
                }
            default: break
            }
        }
        return error
    }

    /// `true` when a server error has this SQLSTATE (say, 23505 for a duplicate key).
    package static func isServerError(_ error: any Error, state: String) -> Bool {
        guard let error = error as? PSQLError, error.code == .server else { return false }
        return error.serverInfo?[.sqlState] == state
    }

    /// Schema names are spliced into SQL (`CREATE SCHEMA`, `LISTEN`), so only plain lower-case
    /// identifiers are accepted.
    package static func checkIdentifier(_ name: String) throws {
        let allowed = name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
        guard allowed, (1...48).contains(name.utf8.count), let first = name.utf8.first, !(48...57).contains(first) else {
            throw StoreError.invalid("'\(name)' is not a schema name (lower-case letters, digits, _).")
        }
    }
}

/// One named migration: statements that run in one transaction with its record.
package struct PostgresMigration: Sendable {
    package let name: String
    package let statements: [String]
}


/// A flag set from any task: a lease was granted (so its deadline stops applying), a LISTEN is in place.
final class Flag: Sendable {
    private let flag = Mutex(false)
    package func set(_ value: Bool = true) { flag.withLock { $0 = value } }
    package var isSet: Bool { flag.withLock { $0 } }
}

/// Runs `body`, giving up with 503 after `timeout` even if `body` does not notice cancellation
/// (a query on a connection whose server stopped answering): the caller is answered at once and
/// the work is cancelled and left to end on its own.
package func withDeadline<T: Sendable>(_ timeout: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let waiting = Waiting<T>()
    let work = Task { try await body() }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            waiting.continuation.withLock { $0 = continuation }
            let timer = Task {
                try await Task.sleep(for: timeout)
                guard let continuation = waiting.take() else { return }
                work.cancel()
                continuation.resume(throwing: StoreError.unavailable("no answer within \(timeout)"))
            }
            Task {
                let result = await work.result
                timer.cancel()
                waiting.take()?.resume(with: result)
            }
        }
    } onCancel: {
        work.cancel()
    }
}

/// The caller `withDeadline` answers: whichever of the work and the timer comes first takes it.
private final class Waiting<T: Sendable>: Sendable {
    let continuation = Mutex<CheckedContinuation<T, any Error>?>(nil)
    func take() -> CheckedContinuation<T, any Error>? { continuation.withLock { $0.take() } }
}
