import GridKit

/// The three calls of the maze API, as the explorer sees them. The live HTTP client (outside the kit)
/// and in-process implementations conform; tests use fakes.
///
/// Implementations should honour task cancellation (the explorer cancels in-flight calls when a new
/// generation starts) and report failures as `MazeAPIError` so the explorer knows what to retry.
public protocol MazeAPI: Sendable {
    /// Starts a new maze and returns its start room's id.
    func startRoom() async throws -> String
    func room(id: String) async throws -> RoomResponse
    /// Exchanges a lock token for the id of the door room behind it. Slow by design.
    func unlock(lock: String) async throws -> String
}

/// Client-side failures. The live client maps HTTP 504, timeouts and dropped connections to
/// `retryable`, 401/404 to `notFound`, and undecodable bodies to `badResponse`.
public enum MazeAPIError: Error, Hashable, Sendable, CustomStringConvertible {
    case retryable(String)
    case notFound(String)
    case badResponse(String)

    public var isRetryable: Bool {
        if case .retryable = self { true } else { false }
    }

    public var description: String {
        switch self {
        case let .retryable(reason): "temporary failure: \(reason)"
        case let .notFound(what): "not found: \(what)"
        case let .badResponse(reason): "bad response: \(reason)"
        }
    }
}

/// Latency and failure injection for an in-process API, shaped like the original server's.
public struct SimulatedConditions: Hashable, Sendable {
    public var fetchDelay: ClosedRange<Duration>
    public var unlockDelay: ClosedRange<Duration>
    /// Requests served before failures may start.
    public var failuresAfter: Int
    public var failureProbability: Double
    /// How long a failing request takes before it fails (the original's 504 came after 2 s).
    public var failureDelay: Duration

    public init(fetchDelay: ClosedRange<Duration>, unlockDelay: ClosedRange<Duration>,
                failuresAfter: Int = .max, failureProbability: Double = 0, failureDelay: Duration = .zero) {
        self.fetchDelay = fetchDelay
        self.unlockDelay = unlockDelay
        self.failuresAfter = failuresAfter
        self.failureProbability = failureProbability
        self.failureDelay = failureDelay
    }

    /// The original: fetches 6–9 ms, unlocks 200–400 ms, after 4,096 requests a 6/4096 chance of a
    /// 504 after 2 s.
    public static let original = SimulatedConditions(
        fetchDelay: .milliseconds(6)...(.milliseconds(9)), unlockDelay: .milliseconds(200)...(.milliseconds(400)),
        failuresAfter: 4096, failureProbability: 6.0 / 4096.0, failureDelay: .seconds(2))

    /// No delays, no failures.
    public static let instant = SimulatedConditions(fetchDelay: .zero...(.zero), unlockDelay: .zero...(.zero))

    /// The one rule for a simulated call, followed by the server's maze routes and `LocalMazeAPI`:
    /// once `served` requests (this one included) passed `failuresAfter`, a failure is drawn with
    /// `failureProbability` and answers after `failureDelay`; otherwise the call answers after a
    /// delay drawn uniformly from its range. `draw` gives numbers in 0..<1.
    public func plan(_ call: MazeCall, served: Int, draw: () -> Double) -> SimulatedCall {
        if served > failuresAfter, draw() < failureProbability { return .timesOut(after: failureDelay) }
        let range = call == .fetch ? fetchDelay : unlockDelay
        return .answers(after: range.lowerBound + (range.upperBound - range.lowerBound) * draw())
    }
}

/// The two kinds of maze call, which the original server delayed differently.
public enum MazeCall: Sendable { case fetch, unlock }

/// What one simulated call does: answer after a delay, or time out like the original's 504.
public enum SimulatedCall: Equatable, Sendable {
    case answers(after: Duration)
    case timesOut(after: Duration)
}

/// An in-process `MazeAPI` over a `MazeService`, with simulated latency and failures: for the CLI's
/// offline mode, demos and tests. Each `startRoom()` begins a fresh maze with the next seed of a
/// seeded stream, so a run is reproducible.
public actor LocalMazeAPI: MazeAPI {
    public let service: MazeService
    public let conditions: SimulatedConditions
    private let algorithm: MazeAlgorithm
    private let sleep: @Sendable (Duration) async throws -> Void
    private var random: SeededRandom
    private var served = 0

    public init(service: MazeService, conditions: SimulatedConditions = .instant, seed: UInt64 = 1,
                algorithm: MazeAlgorithm = .hybrid,
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.service = service
        self.conditions = conditions
        self.algorithm = algorithm
        self.sleep = sleep
        random = SeededRandom(seed: seed)
    }

    public func startRoom() async throws -> String {
        try await simulate(.fetch)
        return service.startRoom(for: .random(seed: random.next(), algorithm: algorithm))
    }

    public func room(id: String) async throws -> RoomResponse {
        try await simulate(.fetch)
        do { return try service.room(id: id) } catch { throw MazeAPIError.notFound(id) }
    }

    public func unlock(lock: String) async throws -> String {
        try await simulate(.unlock)
        do { return try service.unlock(lock: lock) } catch { throw MazeAPIError.notFound(lock) }
    }

    /// Waits as the original would, or fails like its 504. The decision is made before suspending,
    /// so concurrent requests (actor reentrancy) each draw their own numbers.
    private func simulate(_ call: MazeCall) async throws {
        served += 1
        switch conditions.plan(call, served: served, draw: { random.unit() }) {
        case let .timesOut(after: delay):
            try await sleep(delay)
            throw MazeAPIError.retryable("504 Request Timeout")
        case let .answers(after: delay):
            if delay > .zero { try await sleep(delay) }
        }
    }
}
