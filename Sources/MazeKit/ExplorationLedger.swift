import GridKit

/// A request the explorer has decided to make. `order` is the discovery sequence number: fetches
/// are served oldest-discovery first, so a room that waited behind a slow unlock goes straight out.
enum ExplorationJob: Sendable {
    case fetch(id: String, at: Square, order: Int)
    case unlock(token: String, at: Square, order: Int)
}

/// The explorer's bookkeeping, owned by the single driver task (never shared), so it needs no lock.
/// Every key is claimed *before* its request is issued, which is what makes each coordinate, room id
/// and lock token single-flight: nothing is fetched or unlocked twice, loops included.
struct ExplorationLedger {
    private let clock = ContinuousClock()
    private let began: ContinuousClock.Instant
    private let onEvent: @Sendable (ExplorerEvent) -> Void
    private(set) var maze = ExploredMaze()
    private(set) var stats = ExplorationStats()
    private var claimedCoordinates: Set<Square> = []
    private var claimedIDs: [String: Square] = [:]
    private var claimedLocks: [String: Square] = [:]
    /// Inconsistencies seen while exploring (the same id or lock at two coordinates).
    private var problems: [MazeProblem] = []
    private var discoveries = 0

    init(onEvent: @escaping @Sendable (ExplorerEvent) -> Void) {
        self.onEvent = onEvent
        began = clock.now
        onEvent(.began)
    }

    private var elapsed: Duration { began.duration(to: clock.now) }

    private mutating func nextOrder() -> Int {
        discoveries += 1
        return discoveries
    }

    mutating func claimStart(id: String) -> ExplorationJob {
        claimedCoordinates.insert(ExploredMaze.start)
        claimedIDs[id] = ExploredMaze.start
        return .fetch(id: id, at: ExploredMaze.start, order: nextOrder())
    }

    /// Places a fetched room, announces it, and returns the requests its unclaimed links call for.
    mutating func accept(_ response: RoomResponse, at coordinate: Square) -> [ExplorationJob] {
        let room = ExploredRoom(id: response.id, coordinate: coordinate, tileUrl: response.tileUrl,
                                type: response.type, links: response.rooms, discoveredAfter: elapsed)
        maze.add(room)
        stats.rooms = maze.count
        stats.doors = maze.doorCount
        onEvent(.roomAdded(room))
        var jobs: [ExplorationJob] = []
        for side in room.openSides {
            guard let link = room.links[side] else { continue }
            let target = coordinate.moved(side)
            if claimedCoordinates.contains(target) {
                // The way back to the parent, the far side of a door, or the other end of a loop.
                stats.duplicatesAvoided += 1
                continue
            }
            switch link {
            case let .room(id):
                guard Self.claim(id, in: &claimedIDs, at: target, &stats, &problems) else { continue }
                claimedCoordinates.insert(target)
                jobs.append(.fetch(id: id, at: target, order: nextOrder()))
            case let .lock(token):
                guard Self.claim(token, in: &claimedLocks, at: target, &stats, &problems) else { continue }
                claimedCoordinates.insert(target)
                jobs.append(.unlock(token: token, at: target, order: nextOrder()))
            }
        }
        return jobs
    }

    /// The fetch a successful unlock leads to, unless that room id is already claimed.
    mutating func unlocked(id: String, at coordinate: Square, order: Int) -> ExplorationJob? {
        guard Self.claim(id, in: &claimedIDs, at: coordinate, &stats, &problems) else { return nil }
        return .fetch(id: id, at: coordinate, order: order)
    }

    /// Claims a key for a coordinate; false (and counted) if it was already claimed. A key claimed at
    /// a *different* coordinate means the server's answers contradict each other.
    private static func claim(_ key: String, in claims: inout [String: Square], at coordinate: Square,
                              _ stats: inout ExplorationStats, _ problems: inout [MazeProblem]) -> Bool {
        guard let existing = claims[key] else {
            claims[key] = coordinate
            return true
        }
        stats.duplicatesAvoided += 1
        if existing != coordinate { problems.append(.duplicateID(key)) }
        return false
    }

    mutating func countFetch(attempts: Int) {
        stats.fetches += attempts
        stats.retries += max(0, attempts - 1)
    }

    mutating func countUnlock(attempts: Int) {
        stats.unlocks += attempts
        stats.retries += max(0, attempts - 1)
    }

    mutating func countStart(attempts: Int) {
        stats.retries += max(0, attempts - 1)
    }

    /// Validates a finished exploration, stamps the time and announces the final state.
    mutating func finish(_ outcome: ExplorationOutcome) -> ExplorationResult {
        var outcome = outcome
        if outcome.isFinished {
            let found = problems + maze.problems()
            if !found.isEmpty { outcome = .failed(ExplorationError.invalidMaze(found)) }
        }
        stats.elapsed = elapsed
        switch outcome {
        case .finished: onEvent(.finished(stats))
        case let .failed(error): onEvent(.failed(error, stats))
        case .cancelled: onEvent(.cancelled(stats))
        }
        return ExplorationResult(outcome: outcome, maze: maze, stats: stats)
    }
}
