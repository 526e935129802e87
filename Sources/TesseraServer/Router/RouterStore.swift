import Foundation
import RouterKit

/// A level made in the editor or imported from Rapid Router, kept beside ours.
struct StoredLevel: StoredDocument {
    enum Source: String, Codable, Sendable {
        case custom, imported
    }

    var id: String { level.id }
    var level: Level
    var source: Source
    /// The Rapid Router fixture's primary key an imported level came from.
    var sourcePk: Int?
}

/// One player's results: per level, the best score, the attempts and the time spent. A player is
/// an anonymous id the page keeps (until accounts exist).
struct PlayerProgress: StoredDocument {
    struct LevelResult: Codable, Equatable, Sendable {
        var best: Int
        var max: Int
        var attempts: Int
        var solved: Bool
        var seconds: Double
    }

    var id: String
    var levels: [String: LevelResult] = [:]

    /// Records one run; the time is clamped so a bad clock cannot inflate the total.
    mutating func record(levelID: String, score: Int, max: Int, solved: Bool, seconds: Double) {
        var result = levels[levelID] ?? LevelResult(best: 0, max: max, attempts: 0, solved: false, seconds: 0)
        result.best = Swift.max(result.best, score)
        result.max = max
        result.attempts += 1
        result.solved = result.solved || solved
        result.seconds += Swift.min(Swift.max(seconds.isFinite ? seconds : 0, 0), 3600)
        levels[levelID] = result
    }
}

/// Where custom and imported levels are kept, and players' progress: document stores like every
/// app's (in memory for tests, SQLite by default; see `SQLiteRouterStore.swift`).
typealias RouterLevelStore = DocumentStore<StoredLevel>
typealias RouterProgressStore = DocumentStore<PlayerProgress>
