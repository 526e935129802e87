import GridKit
import Testing
@testable import MazeKit

/// How the event-driven explorer schedules unlocks: every lock seen is unlocked at once (no fixed
/// pool to queue behind), unless an explicit ceiling binds. Checked without timing: unlocks are held
/// at a gate until the explorer has done everything it can without them.
@Suite struct SchedulingTests {
    /// A hybrid maze whose door-free region round the start already shows many locks, more than the
    /// old fixed pool of 4 unlock workers.
    private static let manyLocks: MazeParameters = {
        let seed = (UInt64(1)...200).first { locksBeforeAnyUnlock(MazeGenerator.generate(parameters($0, 41, 41))).count >= 8 } ?? 1
        return parameters(seed, 41, 41)
    }()

    /// The rooms reachable from the start without passing a door, and the doors that border them.
    static func locksBeforeAnyUnlock(_ maze: Maze) -> (rooms: Int, count: Int) {
        var seen: Set<Square> = [maze.start]
        var doors: Set<Square> = []
        var frontier = [maze.start]
        while let square = frontier.popLast() {
            for side in maze.openSides(of: square) {
                let next = square.moved(side)
                if maze.tile(at: next) == .door {
                    doors.insert(next)
                } else if seen.insert(next).inserted {
                    frontier.append(next)
                }
            }
        }
        return (seen.count, doors.count)
    }

    @Test(arguments: [nil, 2] as [Int?])
    func everyLockSeenIsUnlockedAtOnceUnlessACeilingBinds(ceiling: Int?) async throws {
        let api = GatedMazeAPI(Self.manyLocks)
        let (reachable, locks) = Self.locksBeforeAnyUnlock(api.maze)
        try #require(locks > 4)
        var options = ExplorerOptions(sleep: instantSleep)
        if let ceiling { options.maxConcurrentUnlocks = ceiling }
        let explorer = MazeExplorer(api: api, options: options)
        let task = Task { await explorer.explore() }
        // With unlocks held, the explorer can only fetch the door-free region round the start; wait
        // until it has, and until every unlock it means to start has reached the gate.
        let expected = min(locks, ceiling ?? .max)
        let clock = ContinuousClock()
        // Generous: under `swift test` every suite shares two cores, and the run has been seen to stall
        // for minutes; a wrong explorer shows up as a wrong count after the wait, not as a slow one.
        let deadline = clock.now + .seconds(600)
        while clock.now < deadline {
            let (fetched, waiting) = await (api.fetched, api.waitingUnlocks)
            if fetched >= reachable, waiting >= expected { break }
            try await Task.sleep(for: .milliseconds(2))
        }
        // A moment more, so an unlock started beyond the ceiling would show up too.
        try await Task.sleep(for: .milliseconds(50))
        #expect(await api.fetched == reachable)
        #expect(await api.waitingUnlocks == expected)
        await api.openGate()
        let result = await task.value
        #expect(result.outcome.isFinished)
        #expect(result.maze.textRows() == api.maze.mapRows)
        #expect(result.stats.fetches == api.maze.roomCount)
        #expect(result.stats.unlocks == api.maze.doorCount)
        #expect(await api.peakUnlocks <= (ceiling ?? .max))
    }

    @Test func theDefaultCeilingLeavesRoomForEveryPendingUnlock() {
        // The ceiling is a guard, not a pool: far above what a 101×101 maze has pending at once.
        #expect(ExplorerOptions().maxConcurrentUnlocks >= 32)
        #expect(ExplorerOptions(maxConcurrentUnlocks: 0).maxConcurrentUnlocks == 1)
    }
}

/// A `MazeAPI` that answers fetches at once but holds every unlock until `openGate()`, counting how
/// many are waiting: what the explorer starts on its own, before any unlock returns, becomes visible.
actor GatedMazeAPI: MazeAPI {
    let service = MazeService(secret: FakeMazeAPI.secret)
    let parameters: MazeParameters
    private(set) var fetched = 0
    private(set) var waitingUnlocks = 0
    private(set) var peakUnlocks = 0
    private var unlocksInFlight = 0
    private var open = false

    init(_ parameters: MazeParameters) {
        self.parameters = parameters
    }

    nonisolated var maze: Maze { service.maze(for: parameters) }

    func openGate() { open = true }

    func startRoom() async throws -> String {
        service.startRoom(for: parameters)
    }

    func room(id: String) async throws -> RoomResponse {
        fetched += 1
        return try service.room(id: id)
    }

    func unlock(lock: String) async throws -> String {
        unlocksInFlight += 1
        peakUnlocks = max(peakUnlocks, unlocksInFlight)
        defer { unlocksInFlight -= 1 }
        if !open {
            waitingUnlocks += 1
            defer { waitingUnlocks -= 1 }
            // Polling keeps cancellation simple: the sleep throws if the exploration is cancelled.
            while !open { try await Task.sleep(for: .milliseconds(1)) }
        }
        return try service.unlock(lock: lock)
    }
}
