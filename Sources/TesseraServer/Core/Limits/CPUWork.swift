import Foundation
import NIOPosix
import Synchronization

/// CPU-heavy requests (Pentomino's solver behind hints and solution counts, Rapid Router runs)
/// on threads of their own, a few at a time. Done on the shared executor, a long search holds one
/// of its few threads (one per core) and every other request waits behind it, `/health` included;
/// here at most `threads` run at once in the whole process, at most `maxWaiting` more wait per
/// server, and beyond that a request is refused with 429 `too_busy` at once instead of queueing.
final class CPUWork: Sendable {
    let maxWaiting: Int
    private let admitted = Mutex(0)

    /// Two threads for the whole process (tests build many servers), started once: the machines
    /// a school runs this on have a few cores, and the event loops and database need the rest.
    static let threads = 2
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        return pool
    }()

    /// `maxWaiting` counts running and queued work together, per server.
    init(maxWaiting: Int = 16) { self.maxWaiting = max(1, maxWaiting) }

    /// Runs `work` on the pool; 429 when `maxWaiting` are already admitted. `limit` names it in
    /// `tessera_refused_total`, `busy` is the catalogue key of the sentence a person reads.
    func run<T: Sendable>(limit: String, busy: String, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        let isAdmitted = admitted.withLock { count in
            guard count < maxWaiting else { return false }
            count += 1
            return true
        }
        guard isAdmitted else {
            TesseraMetrics.refused(limit).increment()
            throw APIError.tooBusy(busy, retryAfterSeconds: 2)
        }
        defer { admitted.withLock { $0 -= 1 } }
        WorkDone.current?.mark()
        return try await Self.pool.runIfActive(work)
    }

    /// Pentomino hints and solution counts.
    func solve<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await run(limit: "solver", busy: "shared.errors.busy.solver", work)
    }

    /// Rapid Router runs (blocks or Python).
    func runProgram<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await run(limit: "runs", busy: "shared.errors.busy.runs", work)
    }
}
