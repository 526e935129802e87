import GridKit
@testable import MazeKit

/// An in-memory `MazeAPI` on a real `MazeService` that counts every call, can add latency, inject
/// retryable failures, hang, or corrupt answers — everything the explorer tests need to observe.
actor FakeMazeAPI: MazeAPI {
    let service: MazeService
    let parameters: MazeParameters
    var fetchDelay: Duration = .zero
    var unlockDelay: Duration = .zero
    /// Every n-th call (fetch or unlock, counted together) fails once with a retryable error; 0 = never.
    var failEvery = 0
    /// Every call fails with this error instead of answering.
    var alwaysFail: MazeAPIError?
    /// Applied to every room answer, to simulate an inconsistent server.
    var corrupt: (@Sendable (RoomResponse) -> RoomResponse)?

    private(set) var fetchAttempts: [String: Int] = [:]
    private(set) var fetchesAnswered: [String: Int] = [:]
    private(set) var unlocksAnswered: [String: Int] = [:]
    private(set) var injectedFailures = 0
    private(set) var peakFetches = 0
    private(set) var peakUnlocks = 0
    /// Fetches and unlocks in flight together, at most.
    private(set) var peakRequests = 0
    private var calls = 0
    private var fetchesInFlight = 0
    private var unlocksInFlight = 0

    static let secret = MazeSecret(passphrase: "maze-kit tests")

    init(_ parameters: MazeParameters, service: MazeService = MazeService(secret: FakeMazeAPI.secret)) {
        self.parameters = parameters
        self.service = service
    }

    func configure(_ change: @Sendable (isolated FakeMazeAPI) -> Void) { change(self) }

    nonisolated var maze: Maze { service.maze(for: parameters) }

    func startRoom() async throws -> String {
        service.startRoom(for: parameters)
    }

    func room(id: String) async throws -> RoomResponse {
        fetchAttempts[id, default: 0] += 1
        fetchesInFlight += 1
        peakFetches = max(peakFetches, fetchesInFlight)
        peakRequests = max(peakRequests, fetchesInFlight + unlocksInFlight)
        defer { fetchesInFlight -= 1 }
        try await simulate(fetchDelay)
        var response = try service.room(id: id)
        if let corrupt { response = corrupt(response) }
        fetchesAnswered[id, default: 0] += 1
        return response
    }

    func unlock(lock: String) async throws -> String {
        unlocksInFlight += 1
        peakUnlocks = max(peakUnlocks, unlocksInFlight)
        peakRequests = max(peakRequests, fetchesInFlight + unlocksInFlight)
        defer { unlocksInFlight -= 1 }
        try await simulate(unlockDelay)
        let id = try service.unlock(lock: lock)
        unlocksAnswered[lock, default: 0] += 1
        return id
    }

    private func simulate(_ delay: Duration) async throws {
        calls += 1
        if let alwaysFail { throw alwaysFail }
        if failEvery > 0, calls % failEvery == 0 {
            injectedFailures += 1
            throw MazeAPIError.retryable("injected 504")
        }
        if delay > .zero { try await Task.sleep(for: delay) }
    }
}

/// Collects events from the exploring task for later inspection.
final class EventLog: Sendable {
    private let storage = Mutex<[ExplorerEvent]>([])
    func record(_ event: ExplorerEvent) { storage.withLock { $0.append(event) } }
    var events: [ExplorerEvent] { storage.withLock { $0 } }
}

import Synchronization

/// Backoff sleeps skipped so retry tests run instantly, but still honouring cancellation.
let instantSleep: @Sendable (Duration) async throws -> Void = { _ in try Task.checkCancellation() }

func parameters(_ seed: UInt64, _ width: Int = 21, _ height: Int = 21,
                _ algorithm: MazeAlgorithm = .hybrid) -> MazeParameters {
    // Test sizes are literals within the documented range, so this cannot fail.
    MazeParameters(unchecked: seed, width: width, height: height, algorithm: algorithm)
}
