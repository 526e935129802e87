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

    public init(id: String, latest: Run? = nil, best: Run? = nil) {
        self.id = id
        self.latest = latest
        self.best = best
    }

    /// One document per player and level. Level ids never contain `/` (ours are numbers, stored
    /// ones `custom-…`/`imported-…`), so the pair cannot be read two ways.
    public static func id(player: String, level: String) -> String { player + "/" + level }

    /// Keeps `run` as the latest; it becomes the best when it works and scores higher than the
    /// best so far (a tie keeps the earlier best, the one the pupil got there with first).
    public mutating func record(_ run: Run) {
        latest = run
        guard run.success else { return }
        if let best, best.success, best.score >= run.score { return }
        best = run
    }

    /// Records a run as the game answered it.
    public mutating func record(program: String, result: RunResult, at time: Date = Date()) {
        record(Run(program: program, score: result.score.total, max: result.score.max, success: result.outcome.success, at: time))
    }
}
