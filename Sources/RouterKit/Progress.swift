import Foundation
import GridKit

/// One player's results, per level: the best score, the attempts, whether the level was ever
/// solved, and the time spent. The rules of recording a run live here, so the server's stores only
/// keep what this computes and any client reading the progress sees the same stars the page draws.
/// A player is an anonymous id the page keeps, or `acct-<id>` for a signed-in account.
///
/// The coded form is the one the server has stored since the first release, and must stay so:
///
///     {"id": "player-0001",
///      "levels": {"1": {"best": 18, "max": 20, "attempts": 3, "solved": true, "seconds": 42.5}}}
public struct PlayerProgress: Codable, Equatable, Sendable {
    public struct LevelResult: Codable, Equatable, Sendable {
        /// The highest total any run scored (a failed run scores 0, so it never lowers this).
        public var best: Int
        /// The level's maximum score at the latest run (a custom level may be edited and re-scored).
        public var max: Int
        /// Every run counts, failed ones too.
        public var attempts: Int
        /// Once solved, always solved: a later failed run does not take it away.
        public var solved: Bool
        public var seconds: Double
        /// When the latest run was recorded (absent in records made before this was kept).
        public var lastPlayed: Date?

        public init(best: Int, max: Int, attempts: Int, solved: Bool, seconds: Double, lastPlayed: Date? = nil) {
            self.best = best
            self.max = max
            self.attempts = attempts
            self.solved = solved
            self.seconds = seconds
            self.lastPlayed = lastPlayed
        }

        /// Both records as one: the better best, attempts and time added (saturating: both
        /// come back from storage), solved if either was, the later of the two last plays.
        public func merged(with other: LevelResult) -> LevelResult {
            let (attempts, attemptsOverflow) = attempts.addingReportingOverflow(other.attempts)
            let played = [lastPlayed, other.lastPlayed].compactMap { $0 }.max()
            return LevelResult(best: Swift.max(best, other.best), max: best >= other.best ? max : other.max,
                               attempts: attemptsOverflow ? Int.max : attempts, solved: solved || other.solved,
                               seconds: seconds + other.seconds, lastPlayed: played)
        }

        /// The stars a level tile shows, out of `PlayerProgress.maxStars`: none until solved (or
        /// when the level has no score), 3 for the full score, 2 for at least half of it, else 1.
        /// Half is rounded up, in whole numbers, so no stored value can overflow.
        public var stars: Int {
            guard solved, max > 0 else { return 0 }
            if best >= max { return PlayerProgress.maxStars }
            return best >= max - max / 2 ? 2 : 1
        }
    }

    public static let maxStars = 3
    /// One run counts for at most an hour, so a tab left open overnight (or a bad clock) does not
    /// inflate the time spent.
    public static let maxSecondsPerRun = 3600.0

    public var id: String
    public var levels: [String: LevelResult]
    /// The newest runs, oldest first, at most `recentLimit`: what "who needs me now" reads
    /// (`PupilActivity`). Absent in records made before it was kept, and not written while empty,
    /// so the coded form above stays as it was.
    public var recent: [RecentRun]

    /// Enough to see three failures on each of a few levels within a lesson's window.
    public static let recentLimit = 30

    public init(id: String, levels: [String: LevelResult] = [:], recent: [RecentRun] = []) {
        self.id = id
        self.levels = levels
        self.recent = recent
    }

    private enum CodingKeys: String, CodingKey { case id, levels, recent }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        levels = try container.decode([String: LevelResult].self, forKey: .levels)
        recent = try container.decodeIfPresent([RecentRun].self, forKey: .recent) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(levels, forKey: .levels)
        if !recent.isEmpty { try container.encode(recent, forKey: .recent) }
    }

    /// Records one run: a better score replaces the best, a worse one does not; the attempt counts
    /// whether or not it succeeded; a solved level stays solved; the time is clamped to
    /// 0…`maxSecondsPerRun` (anything not finite counts as 0).
    public mutating func record(levelID: String, score: Int, max: Int, solved: Bool, seconds: Double, at time: Date = Date()) {
        var result = levels[levelID] ?? LevelResult(best: 0, max: max, attempts: 0, solved: false, seconds: 0)
        result.lastPlayed = time
        result.best = Swift.max(result.best, score)
        result.max = max
        // Saturating: the count comes back from storage, which this type does not control.
        result.attempts = result.attempts == Int.max ? Int.max : result.attempts + 1
        result.solved = result.solved || solved
        result.seconds += Swift.min(Swift.max(seconds.isFinite ? seconds : 0, 0), Self.maxSecondsPerRun)
        levels[levelID] = result
        remember([RecentRun(level: levelID, success: solved, at: time)])
    }

    /// Adds runs to `recent`, keeping the newest `recentLimit` in time order.
    private mutating func remember(_ runs: [RecentRun]) {
        recent = Array((recent + runs).sorted { $0.at < $1.at }.suffix(Self.recentLimit))
    }

    /// Records a run as the game answered it: its total out of its maximum, solved when it succeeded.
    public mutating func record(_ run: RunResult, levelID: String, seconds: Double, at time: Date = Date()) {
        record(levelID: levelID, score: run.score.total, max: run.score.max, solved: run.outcome.success, seconds: seconds, at: time)
    }

    /// Takes in another player's results (a browser's anonymous progress that a pupil keeps at
    /// their first sign-in): level by level, as `LevelResult.merged(with:)` says.
    public mutating func merge(_ other: PlayerProgress) {
        for (levelID, result) in other.levels {
            levels[levelID] = levels[levelID].map { $0.merged(with: result) } ?? result
        }
        remember(other.recent)
    }
}

extension PlayerProgress.LevelResult {
    /// A result as the API and the scoreboard show it: its stored fields and the stars it earns
    /// (computed, never stored). Decoding reads the fields and ignores `stars`.
    public struct Shown: Codable, Equatable, Sendable {
        public var result: PlayerProgress.LevelResult

        public init(_ result: PlayerProgress.LevelResult) { self.result = result }

        public init(from decoder: any Decoder) throws { result = try PlayerProgress.LevelResult(from: decoder) }

        public func encode(to encoder: any Encoder) throws { try Flattened(result, ["stars": result.stars]).encode(to: encoder) }
    }
}
