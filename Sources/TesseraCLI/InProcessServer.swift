import AsyncAlgorithms
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import TesseraServer

/// A Tessera server inside this process, on loopback port 0 (any free port: the kernel picks it
/// and the server reports what it bound), with an in-memory database and quiet logs.
enum InProcessServer {
    static func with<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        var logger = Logger(label: "tessera.bench")
        logger.logLevel = .warning
        let bound = Mutex<String?>(nil)
        var config = Configuration(host: "127.0.0.1", port: 0, dataDirectory: nil)
        config.logLevel = .warning
        config.onListening = { url in bound.withLock { $0 = url } }
        let group = ServiceGroup(services: [try await buildApplication(config)], logger: logger)
        let ended = ServerEnd()
        let server = Task {
            do {
                try await group.run()
                ended.set("it stopped")
            } catch {
                ended.set(String(describing: error))
            }
        }
        do {
            let deadline = ContinuousClock.now + .seconds(10)
            for await _ in AsyncTimerSequence.repeating(every: .milliseconds(10)) {
                if bound.withLock({ $0 }) != nil || ended.reason != nil || ContinuousClock.now >= deadline { break }
            }
            try Task.checkCancellation()
            guard let baseURL = bound.withLock({ $0 }) else {
                throw MazeCLIError("could not start the in-process server: \(ended.reason ?? "it did not start listening within 10 s")")
            }
            if let failure = try await waitUntilHealthy(baseURL, ended: ended) {
                throw MazeCLIError("the in-process server is not healthy: \(failure)")
            }
            let value = try await body(baseURL)
            await stop(group, server, ended)
            return value
        } catch {
            await stop(group, server, ended)
            throw error
        }
    }

    /// Nil once `/health` answers 200; the server's failure if it stopped first (e.g. port taken).
    private static func waitUntilHealthy(_ baseURL: String, ended: ServerEnd) async throws -> String? {
        let deadline = ContinuousClock.now + .seconds(10)
        for await _ in AsyncTimerSequence.repeating(every: .milliseconds(20)) {
            if let failure = ended.reason { return failure }
            if case .healthy = await ServerProbe.check(baseURL, timeout: 1) { return nil }
            if ContinuousClock.now >= deadline { break }
        }
        try Task.checkCancellation()
        return "it did not answer /health within 10 s"
    }

    /// Why the server task ended, once it has.
    final class ServerEnd: Sendable {
        private let state = Mutex<String?>(nil)
        var reason: String? { state.withLock { $0 } }
        func set(_ reason: String) { state.withLock { $0 = reason } }

        /// True once the server has ended, false if it is still running after `limit`.
        func wait(upTo limit: Duration) async -> Bool {
            let deadline = ContinuousClock.now + limit
            for await _ in AsyncTimerSequence.repeating(every: .milliseconds(10)) {
                if reason != nil || ContinuousClock.now >= deadline { break }
            }
            return reason != nil
        }
    }

    /// Graceful shutdown (idle keep-alive connections close, nothing is in flight by now); if that
    /// takes over 5 s, the server task is cancelled, and after 5 s more the process goes on without it.
    private static func stop(_ group: ServiceGroup, _ server: Task<Void, Never>, _ ended: ServerEnd) async {
        await group.triggerGracefulShutdown()
        if await ended.wait(upTo: .seconds(5)) { return }
        server.cancel()
        _ = await ended.wait(upTo: .seconds(5))
    }
}
