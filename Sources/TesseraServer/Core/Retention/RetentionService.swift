import AsyncAlgorithms
import Foundation
import GridKit
import Logging
import ServiceLifecycle

/// Runs the retention purge beside the server: once at start, then every
/// `RetentionOptions.interval`, until the server shuts down. A round that fails (the database is
/// away) is logged and tried again next time; requests never wait for a round to finish.
struct RetentionService: Service {
    let purge: RetentionPurge
    let logger: Logger

    func run() async throws {
        // Every kind listed from the start, at 0, so a dashboard sees the series before any purge.
        for kind in purge.kinds.map(\.name) + [RetentionPurge.sessionKind] { _ = TesseraMetrics.purged(kind) }
        await cancelWhenGracefulShutdown { [purge, logger] in
            await Self.runRound(purge, logger: logger)
            for await _ in AsyncTimerSequence.repeating(every: purge.options.interval) {
                await Self.runRound(purge, logger: logger)
            }
        }
    }

    /// One round, counted in `/metrics` and told in one info line when it deleted anything.
    static func runRound(_ purge: RetentionPurge, logger: Logger) async {
        let start = ContinuousClock.now
        do {
            guard let deleted = try await purge.round(), !deleted.isEmpty else { return }
            for (kind, count) in deleted { TesseraMetrics.purged(kind).increment(by: Int64(count)) }
            let parts = deleted.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            let seconds = String(format: "%.3f", (ContinuousClock.now - start).seconds)
            logger.info("Retention purge deleted \(parts) (idle over \(purge.options.retainIdle.optionText)) in \(seconds) s")
        } catch is CancellationError {
            return
        } catch {
            logger.warning("Retention purge stopped early and will try again at the next round: \(error)")
        }
    }
}
