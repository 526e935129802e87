import Collections
import GridKit

/// Explores a whole maze through a `MazeAPI` as fast as its latencies allow.
///
/// Event-driven (the default): every arriving room immediately queues its unclaimed neighbours; up to
/// `maxConcurrentFetches` fetches run at once, and every unlock starts the moment its lock is seen
/// (`maxConcurrentUnlocks` is only a ceiling). There is no per-level barrier, so the total time
/// approaches the maze's lower bound (`Maze.exploreTimeLowerBound`).
///
/// ## Why unlocks are never held back
/// The lower bound assumes every request starts as soon as it is known. Fetches nearly manage that
/// with a pool of 48 (the frontier rarely holds more rooms; see `ExplorerOptions`), but unlocks are
/// 15× slower and arrive in bursts, and each one gates everything behind its door. Every door is
/// unlocked exactly once whatever the schedule, so queueing an unlock saves no request; it only
/// delays a whole region. With a fixed pool of 4, bursts of locks left some mazes 15 % over the
/// bound, and no ordering fixes that: even an oracle that unlocked the door with the longest path
/// behind it first stayed 11 % over on a 101×101 maze. So the unlock pool is sized by what is
/// pending: one unlock in flight per lock seen and not yet opened, which stays small on its own (at
/// most about 26 on mazes up to 201×201).
/// Should the ceiling bind, locks go out oldest first: knowing nothing of what lies behind a door,
/// first come, first served keeps the longest wait shortest.
///
/// Cancel the task running `explore()` (or stop consuming `events()`) to abandon an exploration, e.g.
/// when the user presses Generate again; it ends promptly in `.cancelled`. Every run ends in exactly
/// one final state: finished (validated), failed, or cancelled.
public struct MazeExplorer: Sendable {
    public let api: any MazeAPI
    public let options: ExplorerOptions

    public init(api: any MazeAPI, options: ExplorerOptions = ExplorerOptions()) {
        self.api = api
        self.options = options
    }

    /// Starts a new maze and explores it, reporting progress through `onEvent` (called on the
    /// exploring task, in order).
    public func explore(onEvent: @escaping @Sendable (ExplorerEvent) -> Void = { _ in }) async -> ExplorationResult {
        var ledger = ExplorationLedger(onEvent: onEvent)
        let outcome = switch options.strategy {
        case .eventDriven: await exploreEventDriven(&ledger)
        case .levelSynchronous: await exploreLevelSynchronous(&ledger)
        }
        return ledger.finish(outcome)
    }

    /// The same exploration as a stream of events, ending after the final event. Terminating the
    /// stream early (the consumer stops iterating or is cancelled) cancels the exploration.
    public func events() -> AsyncStream<ExplorerEvent> {
        AsyncStream { continuation in
            let task = Task {
                _ = await explore { continuation.yield($0) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // MARK: Event-driven

    private enum Completion: Sendable {
        case started(Result<String, any Error>, attempts: Int)
        case fetched(Square, Result<RoomResponse, any Error>, attempts: Int)
        case unlocked(Square, order: Int, Result<String, any Error>, attempts: Int)
    }

    private struct QueuedFetch: Comparable {
        let id: String
        let coordinate: Square
        let order: Int
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.order == rhs.order }
    }

    private func exploreEventDriven(_ ledger: inout ExplorationLedger) async -> ExplorationOutcome {
        let api = api
        return await withTaskGroup(of: Completion.self) { group in
            var fetchQueue = Heap<QueuedFetch>()
            var unlockQueue = Deque<(token: String, coordinate: Square, order: Int)>()
            var fetchesInFlight = 0, unlocksInFlight = 0

            func enqueue(_ jobs: [ExplorationJob]) {
                for job in jobs {
                    switch job {
                    case let .fetch(id, at, order): fetchQueue.insert(QueuedFetch(id: id, coordinate: at, order: order))
                    case let .unlock(token, at, order): unlockQueue.append((token, at, order))
                    }
                }
            }

            group.addTask {
                let (result, attempts) = await self.attempt("start") { try await api.startRoom() }
                return .started(result, attempts: attempts)
            }
            while let completion = await group.next() {
                let failure: (any Error)?
                switch completion {
                case let .started(result, attempts):
                    ledger.countStart(attempts: attempts)
                    failure = result.failure
                    if case let .success(id) = result { enqueue([ledger.claimStart(id: id)]) }
                case let .fetched(coordinate, result, attempts):
                    fetchesInFlight -= 1
                    ledger.countFetch(attempts: attempts)
                    failure = result.failure
                    if case let .success(room) = result { enqueue(ledger.accept(room, at: coordinate)) }
                case let .unlocked(coordinate, order, result, attempts):
                    unlocksInFlight -= 1
                    ledger.countUnlock(attempts: attempts)
                    failure = result.failure
                    if case let .success(id) = result,
                       let job = ledger.unlocked(id: id, at: coordinate, order: order) { enqueue([job]) }
                }
                if Task.isCancelled || failure is CancellationError {
                    group.cancelAll()
                    return .cancelled
                }
                if let failure {
                    // One unreachable room means the maze cannot be completed: stop everything now.
                    group.cancelAll()
                    return .failed(failure)
                }
                // Unlocks first: they are the long pole, and the ceilings normally leave none queued.
                let requests = options.maxConcurrentRequests
                while unlocksInFlight < options.maxConcurrentUnlocks, fetchesInFlight + unlocksInFlight < requests,
                      let job = unlockQueue.popFirst() {
                    unlocksInFlight += 1
                    group.addTask {
                        let (result, attempts) = await self.attempt(job.token) { try await api.unlock(lock: job.token) }
                        return .unlocked(job.coordinate, order: job.order, result, attempts: attempts)
                    }
                }
                while fetchesInFlight < options.maxConcurrentFetches, fetchesInFlight + unlocksInFlight < requests,
                      let job = fetchQueue.popMin() {
                    fetchesInFlight += 1
                    group.addTask {
                        let (result, attempts) = await self.attempt(job.id) { try await api.room(id: job.id) }
                        return .fetched(job.coordinate, result, attempts: attempts)
                    }
                }
            }
            // The group drained with nothing left to launch: every reachable room has been placed.
            return Task.isCancelled ? .cancelled : .finished
        }
    }

    // MARK: Retry

    /// Runs `operation`, retrying `MazeAPIError.retryable` failures with jittered exponential backoff.
    /// Returns the outcome and how many attempts were made.
    func attempt<Value: Sendable>(_ key: String, _ operation: @Sendable () async throws -> Value)
        async -> (Result<Value, any Error>, attempts: Int) {
        var attempts = 0
        while true {
            if Task.isCancelled { return (.failure(CancellationError()), attempts) }
            attempts += 1
            do {
                return (.success(try await operation()), attempts)
            } catch let error as MazeAPIError where error.isRetryable && attempts < options.retry.maxAttempts {
                let delay = options.retry.delay(afterAttempt: attempts, jitter: jitter(for: key, attempt: attempts))
                do { try await options.sleep(delay) } catch { return (.failure(error), attempts) }
            } catch {
                return (.failure(error), attempts)
            }
        }
    }

    /// A reproducible jitter in [0, 1) per request and attempt: no shared random state between tasks.
    private func jitter(for key: String, attempt: Int) -> Double {
        let hash = FNV1a.hash64(key.utf8)  // stable across processes, unlike `Hasher`
        var random = SeededRandom(seed: options.jitterSeed ^ hash ^ UInt64(attempt) &* 0x9E37_79B9_7F4A_7C15)
        return random.unit()
    }
}

extension Result {
    var failure: Failure? {
        if case let .failure(error) = self { error } else { nil }
    }
}
