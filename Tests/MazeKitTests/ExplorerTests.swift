import GridKit
import Testing
@testable import MazeKit

@Suite struct ExplorerTests {
    private func explore(_ api: FakeMazeAPI, _ options: ExplorerOptions = ExplorerOptions(sleep: instantSleep),
                         log: EventLog = EventLog()) async -> ExplorationResult {
        await MazeExplorer(api: api, options: options).explore { log.record($0) }
    }

    /// A hybrid maze that certainly has loops, so de-duplication is really exercised.
    private static let loopy: MazeParameters = {
        let seed = (UInt64(1)...200).first { MazeGenerator.generate(parameters($0, 31, 31)).loopCount >= 2 } ?? 1
        return parameters(seed, 31, 31)
    }()

    /// Event-driven requests each room and each lock exactly once; the level-synchronous baseline,
    /// like the original app, fetches each room once but unlocks every door from both sides.
    @Test(arguments: ExplorationStrategy.allCases)
    func exploresTheWholeMazeFetchingAndUnlockingEachOnce(strategy: ExplorationStrategy) async throws {
        let unlocksPerDoor = strategy == .eventDriven ? 1 : 2
        let api = FakeMazeAPI(Self.loopy)
        let maze = api.maze
        #expect(maze.loopCount >= 2)
        let result = await explore(api, ExplorerOptions(strategy: strategy, sleep: instantSleep))
        #expect(result.outcome.isFinished)
        // The explored picture is exactly the server's map: coordinates, doors, exit and start all agree.
        #expect(result.maze.textRows() == maze.mapRows)
        let fetched = await api.fetchesAnswered, unlocked = await api.unlocksAnswered
        #expect(fetched.count == maze.roomCount && fetched.values.allSatisfy { $0 == 1 })
        #expect(unlocked.count == maze.doorCount && unlocked.values.allSatisfy { $0 == unlocksPerDoor })
        #expect(result.stats.rooms == maze.roomCount)
        #expect(result.stats.doors == maze.doorCount)
        #expect(result.stats.fetches == maze.roomCount)
        #expect(result.stats.unlocks == maze.doorCount * unlocksPerDoor)
        #expect(result.stats.retries == 0)
        // Every back-edge, far side of a door and loop closure was skipped rather than requested.
        #expect(result.stats.duplicatesAvoided > maze.roomCount / 2)
    }

    @Test(arguments: MazeAlgorithm.allCases)
    func everyAlgorithmExploresCorrectly(algorithm: MazeAlgorithm) async {
        let api = FakeMazeAPI(parameters(5, 25, 19, algorithm))
        let result = await explore(api)
        #expect(result.outcome.isFinished)
        #expect(result.maze.textRows() == api.maze.mapRows)
    }

    @Test func eventsArriveInOrderAndEndInOneFinalState() async {
        let api = FakeMazeAPI(parameters(8, 15, 15))
        let log = EventLog()
        let result = await explore(api, log: log)
        let events = log.events
        guard case .began = events.first, case let .finished(stats) = events.last else {
            Issue.record("expected began … finished, got \(events.first.map { "\($0)" } ?? "nothing")")
            return
        }
        #expect(stats == result.stats)
        let added = events.compactMap { if case let .roomAdded(room) = $0 { room } else { nil } }
        #expect(added.count == result.stats.rooms)
        #expect(added.first?.coordinate == ExploredMaze.start)
        #expect(Set(added.map(\.coordinate)).count == added.count)
        #expect(zip(added, added.dropFirst()).allSatisfy { $0.discoveredAfter <= $1.discoveredAfter })
    }

    @Test func theStreamDeliversTheSameEvents() async {
        let api = FakeMazeAPI(parameters(8, 15, 15))
        var rooms = 0
        var finished = false
        for await event in MazeExplorer(api: api, options: ExplorerOptions(sleep: instantSleep)).events() {
            if case .roomAdded = event { rooms += 1 }
            if case .finished = event { finished = true }
        }
        #expect(finished)
        #expect(rooms == api.maze.roomCount)
    }

    @Test func concurrencyStaysWithinBothPools() async {
        let api = FakeMazeAPI(parameters(21, 31, 31, .prim))
        await api.configure { $0.fetchDelay = .milliseconds(2); $0.unlockDelay = .milliseconds(10) }
        let result = await explore(api, ExplorerOptions(maxConcurrentFetches: 3, maxConcurrentUnlocks: 2, sleep: instantSleep))
        #expect(result.outcome.isFinished)
        let peakFetches = await api.peakFetches, peakUnlocks = await api.peakUnlocks
        #expect(peakFetches <= 3)
        #expect(peakUnlocks <= 2)
        #expect(peakFetches >= 2)  // prim mazes are wide enough to fill a small pool
    }

    /// Fetches and unlocks share one ceiling (the HTTP client's connections), unlocks served first.
    @Test func requestsInFlightStayWithinTheSharedCeiling() async {
        let api = FakeMazeAPI(parameters(21, 31, 31, .prim))
        await api.configure { $0.fetchDelay = .milliseconds(2); $0.unlockDelay = .milliseconds(10) }
        let result = await explore(api, ExplorerOptions(maxConcurrentFetches: 4, maxConcurrentUnlocks: 4,
                                                        maxConcurrentRequests: 5, sleep: instantSleep))
        #expect(result.outcome.isFinished)
        #expect(result.maze.textRows() == api.maze.mapRows)
        #expect(result.stats.fetches == api.maze.roomCount)
        #expect(result.stats.unlocks == api.maze.doorCount)
        #expect(await api.peakRequests <= 5)
        #expect(ExplorerOptions(maxConcurrentRequests: 0).maxConcurrentRequests == 1)
    }

    @Test(arguments: ExplorationStrategy.allCases)
    func injectedFailuresAreRetriedAndCounted(strategy: ExplorationStrategy) async {
        let api = FakeMazeAPI(Self.loopy)
        await api.configure { $0.failEvery = 7 }
        let result = await explore(api, ExplorerOptions(strategy: strategy, sleep: instantSleep))
        #expect(result.outcome.isFinished)
        #expect(result.maze.textRows() == api.maze.mapRows)
        let injected = await api.injectedFailures
        #expect(injected > 10)
        #expect(result.stats.retries == injected)
        let unlocksPerDoor = strategy == .eventDriven ? 1 : 2
        #expect(result.stats.fetches + result.stats.unlocks
                == result.stats.rooms + result.stats.doors * unlocksPerDoor + injected)
        let answered = await api.fetchesAnswered
        #expect(answered.values.allSatisfy { $0 == 1 })
    }

    @Test func persistentFailureEndsAsFailedAfterBoundedAttempts() async {
        let api = FakeMazeAPI(parameters(3, 9, 9))
        await api.configure { $0.alwaysFail = .retryable("504") }
        let log = EventLog()
        let result = await explore(api, ExplorerOptions(retry: RetryPolicy(maxAttempts: 4), sleep: instantSleep), log: log)
        guard case let .failed(error) = result.outcome else {
            Issue.record("expected failure, got \(result.outcome)")
            return
        }
        #expect(error as? MazeAPIError == .retryable("504"))
        #expect(result.stats.fetches == 4 && result.stats.retries == 3)
        guard case .failed = log.events.last else {
            Issue.record("the last event should be .failed")
            return
        }
    }

    @Test func notFoundIsNotRetried() async {
        let api = FakeMazeAPI(parameters(3, 9, 9))
        await api.configure { $0.alwaysFail = .notFound("R…") }
        let result = await explore(api)
        #expect(!result.outcome.isFinished && !result.outcome.isCancelled)
        #expect(result.stats.fetches == 1 && result.stats.retries == 0)
    }

    @Test func backoffGrowsExponentiallyWithJitterAndACap() {
        let policy = RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(50), maxDelay: .milliseconds(300))
        #expect(policy.delay(afterAttempt: 1, jitter: 1) == .milliseconds(50))
        #expect(policy.delay(afterAttempt: 1, jitter: 0) == .milliseconds(25))
        #expect(policy.delay(afterAttempt: 3, jitter: 1) == .milliseconds(200))
        #expect(policy.delay(afterAttempt: 5, jitter: 1) == .milliseconds(300))
    }

    @Test(arguments: ExplorationStrategy.allCases)
    func cancellingEndsPromptlyAsCancelled(strategy: ExplorationStrategy) async throws {
        let api = FakeMazeAPI(parameters(4, 63, 63))
        await api.configure { $0.fetchDelay = .milliseconds(20); $0.unlockDelay = .milliseconds(300) }
        let log = EventLog()
        let explorer = MazeExplorer(api: api, options: ExplorerOptions(strategy: strategy))
        let task = Task { await explorer.explore { log.record($0) } }
        // Cancel mid-flight: once some rooms have arrived and requests are certainly outstanding.
        while log.events.count < 6 { try await Task.sleep(for: .milliseconds(5)) }
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        task.cancel()
        let result = await task.value
        // Outstanding requests take 20–300 ms; a cancelled run must not wait for them all to time
        // out. The bound is loose on purpose (a loaded CI machine): it catches a hang, not speed.
        #expect(cancelledAt.duration(to: clock.now) < .seconds(10))
        #expect(result.outcome.isCancelled)
        #expect(result.stats.rooms > 0 && result.stats.rooms < api.maze.roomCount)
        guard case .cancelled = log.events.last else {
            Issue.record("the last event should be .cancelled")
            return
        }
    }

    @Test func generatingAgainCancelsTheExplorationInProgress() async throws {
        let api = FakeMazeAPI(parameters(4, 63, 63))
        await api.configure { $0.fetchDelay = .milliseconds(5) }
        let session = ExplorationSession(explorer: MazeExplorer(api: api))
        let firstLog = EventLog()
        let first = Task { await session.generate { firstLog.record($0) } }
        while firstLog.events.count < 4 { try await Task.sleep(for: .milliseconds(5)) }
        await api.configure { $0.fetchDelay = .zero }
        let second = await session.generate()
        #expect(await first.value.outcome.isCancelled)
        #expect(second.outcome.isFinished)
        #expect(second.maze.textRows() == api.maze.mapRows)
    }

    @Test func anInconsistentServerIsCaughtByValidation() async {
        let api = FakeMazeAPI(parameters(6, 15, 15))
        let startID = api.service.startRoom(for: api.parameters)
        // The start room answers mirrored (north and south swapped, east and west swapped), as a
        // server confused about the direction convention would: its neighbours land on the wrong side.
        await api.configure {
            $0.corrupt = { room in
                guard room.id == startID else { return room }
                var mirrored = room
                for side in Direction.allCases { mirrored.rooms[side] = room.rooms[side.opposite] }
                return mirrored
            }
        }
        let result = await explore(api)
        guard case let .failed(error as ExplorationError) = result.outcome, case let .invalidMaze(problems) = error else {
            Issue.record("expected an invalid maze, got \(result.outcome)")
            return
        }
        #expect(problems.contains { if case .asymmetricLink = $0 { true } else { false } })
    }

    @Test func theLocalAPIWithOriginalStyleFailuresCompletes() async {
        let conditions = SimulatedConditions(
            fetchDelay: .zero...(.microseconds(200)), unlockDelay: .milliseconds(1)...(.milliseconds(3)),
            failuresAfter: 50, failureProbability: 0.05, failureDelay: .milliseconds(1))
        let api = LocalMazeAPI(service: MazeService(secret: FakeMazeAPI.secret), conditions: conditions, seed: 9)
        let result = await MazeExplorer(api: api, options: ExplorerOptions(sleep: instantSleep)).explore()
        #expect(result.outcome.isFinished)
        #expect(result.stats.retries > 0)
        #expect(result.stats.rooms >= 400)  // a default-sized maze: 31…63 a side
    }
}
