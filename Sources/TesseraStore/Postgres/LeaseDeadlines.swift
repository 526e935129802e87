import AsyncAlgorithms
import Synchronization

/// The deadlines of every lease waiting or running on one database, watched by one task that
/// wakes every `tick` while any are registered (and ends when none are). Cheaper than a timer
/// and a task group per query, which every query paid before: registering is a dictionary insert
/// under a lock, and a lease that ends in time just removes its entry. A deadline fires up to one
/// tick late, which does not matter for a wait measured in seconds.
final class LeaseDeadlines: Sendable {
    private struct Entry {
        let deadline: ContinuousClock.Instant
        let expire: @Sendable () -> Void
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var next: UInt64 = 0
        var watching = false
    }

    private let state = Mutex(State())
    private let tick: Duration

    init(tick: Duration = .milliseconds(10)) { self.tick = tick }

    /// Calls `expire` once `timeout` has passed, unless `remove` is called with the key first.
    func add(_ timeout: Duration, expire: @escaping @Sendable () -> Void) -> UInt64 {
        let deadline = ContinuousClock.now + timeout
        let (key, startWatching) = state.withLock { state in
            state.next &+= 1
            state.entries[state.next] = Entry(deadline: deadline, expire: expire)
            defer { state.watching = true }
            return (state.next, !state.watching)
        }
        if startWatching { Task { await self.watch() } }
        return key
    }

    func remove(_ key: UInt64) {
        _ = state.withLock { $0.entries.removeValue(forKey: key) }
    }

    var count: Int { state.withLock { $0.entries.count } }

    private func watch() async {
        for await now in AsyncTimerSequence.repeating(every: tick, clock: .continuous) {
            let due: [@Sendable () -> Void]? = state.withLock { state in
                guard !state.entries.isEmpty else {
                    state.watching = false
                    return nil
                }
                let keys = state.entries.compactMap { $0.value.deadline <= now ? $0.key : nil }
                return keys.compactMap { state.entries.removeValue(forKey: $0)?.expire }
            }
            guard let due else { return }
            for expire in due { expire() }
        }
    }
}

/// The caller of one `TesseraPostgres.withConnection`, answered once: by the work's result, or by
/// the deadline's 503 if no connection was granted in time (the work is then cancelled).
final class LeaseAnswer<Result: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result, any Error>?
        var work: Task<Void, Never>?
        var cancelled = false
    }

    private let state = Mutex(State())

    func wait(_ continuation: CheckedContinuation<Result, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// The work's task; cancelled at once if the answer was already given up on.
    func running(_ work: Task<Void, Never>) {
        let cancelNow = state.withLock { state in
            state.work = work
            return state.cancelled
        }
        if cancelNow { work.cancel() }
    }

    func answer(_ result: Swift.Result<Result, any Error>) {
        state.withLock { $0.continuation.take() }?.resume(with: result)
    }

    func cancelWork() {
        let work = state.withLock { state in
            state.cancelled = true
            return state.work
        }
        work?.cancel()
    }
}
