import GridKit

/// The one JSON form of an exploration's figures, written once for every place that reports them:
/// the server's exploration stream, `tessera maze explore --json` and `tessera maze bench --json`.
/// Seconds are rounded to the millisecond.
extension ExplorationStats: Encodable {
    private enum Key: String, CodingKey {
        case rooms, doors, fetches, unlocks, retries, duplicatesAvoided, seconds
    }

    public func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: Key.self)
        try json.encode(rooms, forKey: .rooms)
        try json.encode(doors, forKey: .doors)
        try json.encode(fetches, forKey: .fetches)
        try json.encode(unlocks, forKey: .unlocks)
        try json.encode(retries, forKey: .retries)
        try json.encode(duplicatesAvoided, forKey: .duplicatesAvoided)
        try json.encode((seconds * 1000).rounded() / 1000, forKey: .seconds)
    }
}

/// How an exploration ended, as reports show it: `outcome`, `error` (`null` unless it failed),
/// `valid`, and the stats' fields beside them in the same object.
public struct ExplorationSummary: Encodable, Sendable {
    public let outcome: ExplorationOutcome
    /// Finished and checked: what "valid" means is the caller's (a consistent map, or the very
    /// map that was generated).
    public let valid: Bool
    public let stats: ExplorationStats

    public init(_ result: ExplorationResult, valid: Bool) {
        outcome = result.outcome
        self.valid = result.outcome.isFinished && valid
        stats = result.stats
    }

    /// What the stats do not say: how it ended, the error (null unless it failed) and `valid`.
    private struct Ending: Encodable {
        let outcome: String
        @Nullable var error: String?
        let valid: Bool
    }

    /// The stats' keys with the ending's beside them, in one object.
    public func encode(to encoder: any Encoder) throws {
        try Flattened(stats, Ending(outcome: outcome.name, error: outcome.failure, valid: valid)).encode(to: encoder)
    }
}
