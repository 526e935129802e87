import AsyncAlgorithms
import Foundation
import Logging
import PostgresNIO
import Synchronization

/// The PostgresNIO client (its connection pool), replaced by a fresh one when the database comes
/// back after an outage.
///
/// Why: PostgresNIO's pool retries a failing database with an exponential backoff capped at a
/// minute, so after a long outage it can take tens of seconds to notice the database is back.
/// Here, once a lease has timed out and until one succeeds, a watcher tries a plain connection
/// every 250 ms; when one opens while the pool still has not recovered, the stalled pool is closed
/// and a fresh one (which connects at once) takes its place. Requests then succeed again within
/// about a second of the database's return, however long it was gone.
package final class RecoveringPool: Sendable {
    private struct Current: Sendable {
        let client: PostgresClient
        let runner: Task<Void, Never>
        /// Set as the pool's `run()` begins: leasing before that only logs a warning, a noisy one.
        let started: Flag
    }

    private struct State {
        var lastLease = ContinuousClock.now
        var recovering = false
        var closed = false
    }

    private let current: Mutex<Current>
    private let state = Mutex(State())
    private let configuration: PostgresClient.Configuration
    private let url: PostgresURL
    private let logger: Logger
    /// PostgresNIO's own background logging (quieter: see `TesseraPostgres.init`).
    private let clientLogger: Logger

    package init(configuration: PostgresClient.Configuration, url: PostgresURL, logger: Logger, clientLogger: Logger) {
        self.configuration = configuration
        self.url = url
        self.logger = logger
        self.clientLogger = clientLogger
        self.current = Mutex(Self.start(configuration, logger: clientLogger))
    }

    deinit { close() }

    /// The client to lease from now, once its pool runs.
    package func client() async throws -> PostgresClient {
        let current = current.withLock { $0 }
        if !current.started.isSet {
            for await _ in AsyncTimerSequence.repeating(every: .milliseconds(1)) where current.started.isSet { break }
            try Task.checkCancellation()
        }
        return current.client
    }

    /// A lease was granted: the database answers.
    package func leased() {
        state.withLock { $0.lastLease = .now }
    }

    /// A lease timed out: watch for the database's return (once; later calls while watching do nothing).
    package func leaseTimedOut() {
        let began = ContinuousClock.now
        let start = state.withLock { state in
            guard !state.recovering, !state.closed else { return false }
            state.recovering = true
            return true
        }
        guard start else { return }
        Task { [weak self] in
            for await _ in AsyncTimerSequence.repeating(every: .milliseconds(250)) {
                guard let self, !self.state.withLock({ $0.closed }) else { return }
                if self.state.withLock({ $0.lastLease > began }) { break }  // the pool came back by itself
                if await self.databaseAnswers() {
                    if !self.state.withLock({ $0.lastLease > began }) { self.replace() }
                    break
                }
            }
            self?.state.withLock { $0.recovering = false }
        }
    }

    /// Whether the database is known to be down (a lease timed out and none succeeded since).
    package var isRecovering: Bool { state.withLock { $0.recovering } }

    /// Closes the pool for good (the graceful shutdown, or the last reference going away).
    package func close() {
        state.withLock { $0.closed = true }
        current.withLock { $0 }.runner.cancel()
    }

    private func replace() {
        let fresh = Self.start(configuration, logger: clientLogger)
        let old = current.withLock { current in
            defer { current = fresh }
            return current
        }
        old.runner.cancel()  // closes the stalled pool and its connection attempts
        logger.notice("PostgreSQL is back; reconnecting with a fresh pool", metadata: ["database": "\(url.description)"])
    }

    /// Whether a plain connection opens within a second (closed again at once).
    private func databaseAnswers() async -> Bool {
        do {
            var probe = try url.connectionConfiguration()
            probe.options.connectTimeout = .seconds(1)
            let connection = try await PostgresConnection.connect(
                on: PostgresClient.defaultEventLoopGroup.next(), configuration: probe, id: 0, logger: clientLogger).get()
            try? await connection.close()
            return true
        } catch {
            return false
        }
    }

    private static func start(_ configuration: PostgresClient.Configuration, logger: Logger) -> Current {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let started = Flag()
        let runner = Task {
            started.set()
            await client.run()
        }
        return Current(client: client, runner: runner, started: started)
    }
}

extension PostgresURL {
    /// A single connection's configuration (the recovery probe's), with the pool's TLS choice.
    package func connectionConfiguration() throws -> PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: requireTLS ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable)
    }
}

/// The race between a lease and its deadline (`TesseraPostgres.withConnection`), decided once:
/// whichever of `start()` (a connection was granted) and `expire()` (the deadline passed) comes
/// first returns `true`, the other `false`. The deadline therefore bounds only the wait for a
/// connection, never a query already sent.
final class LeaseRace: Sendable {
    private enum State { case waiting, started, expired }
    private let state = Mutex(State.waiting)

    /// A connection was granted: `true` if the body may run (the deadline has not passed).
    func start() -> Bool { decide(.started) }

    /// The deadline passed: `true` if the caller is to be told 503 (no body has started).
    func expire() -> Bool { decide(.expired) }

    private func decide(_ outcome: State) -> Bool {
        state.withLock { state in
            guard state == .waiting else { return state == outcome }
            state = outcome
            return true
        }
    }
}
