import GridKit

/// How the explorer schedules requests.
public enum ExplorationStrategy: String, Sendable, Hashable, CaseIterable {
    /// Expand each room as soon as it arrives; unlocks start the moment a lock is seen.
    case eventDriven
    /// The original app's behaviour, kept only as a comparison baseline: breadth-first by level,
    /// waiting for the whole level before the next, unlocking one lock at a time.
    case levelSynchronous
}

/// Jittered exponential backoff for `MazeAPIError.retryable` failures.
public struct RetryPolicy: Hashable, Sendable {
    /// Total attempts per request, the first included.
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration

    public init(maxAttempts: Int = 6, baseDelay: Duration = .milliseconds(50), maxDelay: Duration = .seconds(2)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// The wait after failed attempt `attempt` (1-based): base·2^(attempt−1), capped, scaled by a
    /// jitter in [0.5, 1) so that requests failing together do not retry in lockstep.
    public func delay(afterAttempt attempt: Int, jitter: Double) -> Duration {
        let doubled = baseDelay * (1 << min(max(attempt - 1, 0), 20))
        return min(doubled, maxDelay) * (0.5 + 0.5 * min(max(jitter, 0), 1))
    }
}

public struct ExplorerOptions: Sendable {
    public var strategy: ExplorationStrategy
    /// Room fetches in flight at once. 48 covers the widest frontier the benchmark mazes reach (up to
    /// 38 rooms known and waiting at once on 201×201, 19 on 101×101), so fetches hardly ever queue.
    /// A pool of 16 did queue on 201×201: 20,000 rooms at 20 ms take 25 s of fetching at 16 in flight,
    /// half the lower bound, so rooms on the critical path waited behind dead ends (a virtual-time
    /// replay put 16 at 1.02–1.15× the bound before any network overhead, 32 and more at 1.00×).
    public var maxConcurrentFetches: Int
    /// A ceiling on unlocks in flight, not a pool size: the event-driven explorer starts every unlock
    /// the moment its lock is seen (see `MazeExplorer`), so this only binds when more doors than this
    /// await unlocking at once. Mazes up to 201×201 never need more than about 26.
    public var maxConcurrentUnlocks: Int
    /// A ceiling on fetches and unlocks in flight together. The HTTP client keeps up to 64
    /// connections per host and queues what is beyond them in order, so an unlock could wait there
    /// behind fetches; kept within this, every request the explorer starts goes out at once. Unlocks
    /// claim their share first (see `MazeExplorer`).
    public var maxConcurrentRequests: Int
    public var retry: RetryPolicy
    /// Seeds the retry jitter, so a run's timing is reproducible.
    public var jitterSeed: UInt64
    /// Used for retry backoff; inject a fast or recording one in tests. Must throw on cancellation.
    public var sleep: @Sendable (Duration) async throws -> Void

    public init(strategy: ExplorationStrategy = .eventDriven, maxConcurrentFetches: Int = 48,
                maxConcurrentUnlocks: Int = 64, maxConcurrentRequests: Int = 64, retry: RetryPolicy = RetryPolicy(), jitterSeed: UInt64 = 0,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.strategy = strategy
        self.maxConcurrentFetches = max(1, maxConcurrentFetches)
        self.maxConcurrentUnlocks = max(1, maxConcurrentUnlocks)
        self.maxConcurrentRequests = max(1, maxConcurrentRequests)
        self.retry = retry
        self.jitterSeed = jitterSeed
        self.sleep = sleep
    }
}

/// A room as the explorer placed it. `coordinate` is relative to the start room (0, 0), derived
/// only from the directions walked (ids are never decoded); north is row − 1, drawn up.
public struct ExploredRoom: Hashable, Sendable {
    public let id: String
    public let coordinate: Square
    public let tileUrl: String
    public let type: RoomType
    public let links: RoomLinks
    /// Time from the start of exploration until this room arrived.
    public let discoveredAfter: Duration

    public init(id: String, coordinate: Square, tileUrl: String, type: RoomType, links: RoomLinks,
                discoveredAfter: Duration = .zero) {
        self.id = id
        self.coordinate = coordinate
        self.tileUrl = tileUrl
        self.type = type
        self.links = links
        self.discoveredAfter = discoveredAfter
    }

    public var openSides: [Direction] { links.openSides }
}

public struct ExplorationStats: Hashable, Sendable, CustomStringConvertible {
    public var rooms = 0
    public var doors = 0
    /// Room requests made, retries included.
    public var fetches = 0
    /// Unlock requests made, retries included.
    public var unlocks = 0
    public var retries = 0
    /// Links not followed because their coordinate, room id or lock was already claimed.
    public var duplicatesAvoided = 0
    /// Monotonic (ContinuousClock) time from start to the final state.
    public var elapsed: Duration = .zero

    public init() {}

    public var seconds: Double { elapsed.seconds }

    /// "1.234 s", without Foundation.
    static func format(_ duration: Duration) -> String {
        let milliseconds = duration.wholeMilliseconds
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
    }

    public var description: String {
        "\(rooms) rooms, \(doors) doors, \(fetches) fetches, \(unlocks) unlocks, \(retries) retries, "
            + "\(duplicatesAvoided) duplicates avoided in \(Self.format(elapsed))"
    }
}

/// What a UI hears, in order: `began`, any number of `roomAdded`, then exactly one final event.
public enum ExplorerEvent: Sendable {
    case began
    case roomAdded(ExploredRoom)
    case finished(ExplorationStats)
    case failed(any Error, ExplorationStats)
    case cancelled(ExplorationStats)
}

/// The final state of an exploration: it always reaches one of these.
public enum ExplorationOutcome: Sendable {
    case finished
    case failed(any Error)
    case cancelled

    public var isFinished: Bool { if case .finished = self { true } else { false } }
    public var isCancelled: Bool { if case .cancelled = self { true } else { false } }

    /// `finished`, `failed` or `cancelled`: the word every report and stream uses.
    public var name: String {
        switch self {
        case .finished: "finished"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }

    /// Why a failed exploration stopped; `nil` otherwise.
    public var failure: String? {
        if case let .failed(error) = self { String(describing: error) } else { nil }
    }
}

public struct ExplorationResult: Sendable {
    public let outcome: ExplorationOutcome
    /// Everything explored, complete only when the outcome is `finished`.
    public let maze: ExploredMaze
    public let stats: ExplorationStats
}

/// Why an exploration failed other than an API error passed through.
public enum ExplorationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server's answers do not form a consistent maze.
    case invalidMaze([MazeProblem])

    public var description: String {
        switch self {
        case let .invalidMaze(problems):
            "the explored maze is inconsistent: " + problems.map(\.description).joined(separator: "; ")
        }
    }
}
