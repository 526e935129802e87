import GridKit
import ArgumentParser
import Foundation
import Logging
import MazeClient
import MazeKit
import ServiceLifecycle
import Synchronization

/// What `tessera maze bench` reports, per strategy, per maze and in all (also as `--json`).
extension MazeCommand.Bench {
    /// One strategy's run: valid means finished, consistent, and identical to the generated maze's
    /// map. Fetches count room requests, retries included; the start call (`POST /api/maze/mazes`)
    /// is not counted.
    typealias StrategyReport = ExplorationSummary

    struct RunReport: Encodable {
        let seed: String
        let rooms: Int
        let doors: Int
        let lowerBoundSeconds: Double
        /// The requests behind the lower bound, one after another (`Maze.criticalPath`).
        let criticalFetches: Int
        let criticalUnlocks: Int
        /// (eventDriven − lower bound) ÷ critical-path requests, in ms: how much each request in the
        /// chain cost beyond its simulated delay if the schedule lost nothing. A perfect schedule's
        /// ratio is 1 + this × requests ÷ bound, so it says how far the machine lets the ratio go.
        let overheadPerCriticalRequestMs: Double
        let eventDriven: StrategyReport
        @Nullable var levelSynchronous: StrategyReport?
        /// eventDriven seconds ÷ lower bound.
        let ratio: Double
        /// levelSynchronous seconds ÷ eventDriven seconds.
        @Nullable var speedUp: Double?
        /// levelSynchronous seconds ÷ lower bound: the largest speed-up any explorer could show on this maze.
        @Nullable var speedUpCeiling: Double?
        let ratioPass: Bool
        @Nullable var speedUpPass: Bool?
        /// Every room fetched once by both strategies; every door unlocked once by event-driven
        /// (the baseline, like the original app, unlocks each door from both sides).
        let fetchesMatchRooms: Bool
        let unlocksMatchDoors: Bool
        /// Both explorations drew exactly the generated maze.
        let mapsMatch: Bool
        let pass: Bool

        var cancelled: Bool { eventDriven.outcome.isCancelled || levelSynchronous?.outcome.isCancelled == true }

        init(seed: UInt64, maze: Maze, criticalPath: CriticalPath, eventDriven: StrategyReport, levelSynchronous: StrategyReport?) {
            let lowerBound = criticalPath.time
            self.seed = String(seed)
            rooms = maze.roomCount
            doors = maze.doorCount
            lowerBoundSeconds = lowerBound.seconds
            criticalFetches = criticalPath.fetches
            criticalUnlocks = criticalPath.unlocks
            overheadPerCriticalRequestMs = ((eventDriven.stats.seconds - lowerBound.seconds) * 1000
                / Double(max(1, criticalPath.requests))).rounded(to: 3)
            self.eventDriven = eventDriven
            self.levelSynchronous = levelSynchronous
            let fast = eventDriven.stats.seconds
            ratio = (fast / lowerBound.seconds).rounded(to: 4)
            speedUp = levelSynchronous.map { ($0.stats.seconds / fast).rounded(to: 3) }
            speedUpCeiling = levelSynchronous.map { ($0.stats.seconds / lowerBound.seconds).rounded(to: 3) }
            ratioPass = eventDriven.outcome.isFinished && ratio <= MazeCommand.Bench.ratioTarget
            let speedUpPass = levelSynchronous.map {
                $0.outcome.isFinished && $0.stats.seconds / fast >= MazeCommand.Bench.speedUpTarget
            }
            self.speedUpPass = speedUpPass
            let explored = [eventDriven] + (levelSynchronous.map { [$0] } ?? [])
            fetchesMatchRooms = explored.allSatisfy { $0.stats.fetches == maze.roomCount && $0.stats.rooms == maze.roomCount }
            unlocksMatchDoors = eventDriven.stats.unlocks == maze.doorCount && eventDriven.stats.doors == maze.doorCount
            mapsMatch = explored.allSatisfy(\.valid)
            pass = ratioPass && (speedUpPass ?? true) && fetchesMatchRooms && unlocksMatchDoors && mapsMatch
        }
    }

    struct Report: Encodable {
        let width: Int
        let height: Int
        let algorithm: String
        let latency: String
        let fetchDelayMs: Double
        let unlockDelayMs: Double
        let concurrency: Int
        let unlockWorkers: Int
        let ratioTarget: Double
        let speedUpTarget: Double
        let runs: [RunReport]
        let interrupted: Bool
        /// Every run met every target (an interrupted benchmark does not pass).
        let pass: Bool

        init(bench: MazeCommand.Bench, fetchDelay: Duration, unlockDelay: Duration, runs: [RunReport], interrupted: Bool) {
            width = bench.width
            height = bench.height
            algorithm = bench.algorithm.rawValue
            latency = MazeCommand.Bench.preset.rawValue
            fetchDelayMs = fetchDelay.milliseconds
            unlockDelayMs = unlockDelay.milliseconds
            concurrency = bench.concurrency
            unlockWorkers = bench.unlockWorkers
            ratioTarget = MazeCommand.Bench.ratioTarget
            speedUpTarget = MazeCommand.Bench.speedUpTarget
            self.runs = runs
            self.interrupted = interrupted
            pass = !interrupted && runs.count == bench.runs && runs.allSatisfy(\.pass)
        }
    }
}
