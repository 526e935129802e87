import Foundation

/// What a signed-in player last wrote for one level, and the best they ever wrote: what their
/// teacher opens from the scoreboard (and what reopens in their editor on another device).
/// The program is kept exactly as the run request sent it (block JSON, Python or Blockly XML),
/// as opaque JSON text: the kit reads it again when it is shown, so no reading rule is stored.
public struct SavedPrograms: Codable, Equatable, Sendable {
    public struct Run: Codable, Equatable, Sendable {
        /// The run request's `program` object, as JSON text.
        public var program: String
        public var score: Int
        public var max: Int
        public var success: Bool
        public var at: Date
        // Made by `record(program:result:at:)`; the memberwise init stays internal (tests use it).
    }

    /// `SavedPrograms.id(player:level:)`.
    public var id: String
    public var latest: Run?
    public var best: Run?
    /// The newest runs, oldest first: at most `historyLimit` of them and `historyBytes` of program
    /// text (the oldest go first), so one pupil's level stays a small document. Absent in records
    /// made before it was kept.
    public var history: [Run]?

    public static let historyLimit = 20
    public static let historyBytes = 256 * 1024

    public init(id: String, latest: Run? = nil, best: Run? = nil, history: [Run]? = nil) {
        self.id = id
        self.latest = latest
        self.best = best
        self.history = history
    }

    /// The attempts, newest first (`attempts[0]` is the latest run).
    public var attempts: [Run] { (history ?? latest.map { [$0] } ?? []).reversed() }

    /// One document per player and level. Level ids never contain `/` (ours are numbers, stored
    /// ones `custom-…`/`imported-…`), so the pair cannot be read two ways.
    public static func id(player: String, level: String) -> String { player + "/" + level }

    /// Keeps `run` as the latest; it becomes the best when it works and scores higher than the
    /// best so far (a tie keeps the earlier best, the one the pupil got there with first).
    public mutating func record(_ run: Run) {
        latest = run
        var kept = (history ?? []) + [run]
        var bytes = kept.reduce(0) { $0 + $1.program.utf8.count }
        while kept.count > Self.historyLimit || (bytes > Self.historyBytes && kept.count > 1) {
            bytes -= kept.removeFirst().program.utf8.count
        }
        history = kept
        guard run.success else { return }
        if let best, best.success, best.score >= run.score { return }
        best = run
    }

    /// Records a run as the game answered it.
    public mutating func record(program: String, result: RunResult, at time: Date = Date()) {
        record(Run(program: program, score: result.score.total, max: result.score.max, success: result.outcome.success, at: time))
    }
}
