import Foundation

/// One run as the teacher's "who needs me now" reads it: which level, whether it worked, when.
/// A player's progress keeps the newest `PlayerProgress.recentLimit` of them.
public struct RecentRun: Codable, Equatable, Sendable {
    public var level: String
    public var success: Bool
    public var at: Date

    public init(level: String, success: Bool, at: Date) {
        self.level = level
        self.success = success
        self.at = at
    }
}

/// What a pupil is doing now, as the dashboard's live view sorts them: stuck pupils first (the
/// ones the teacher should walk to), then those playing, those done for today, and those away.
public struct PupilActivity: Equatable, Sendable {
    public enum State: String, Codable, CaseIterable, Sendable {
        case stuck, playing, done, away
    }

    public var state: State
    /// Stuck: the level they are stuck on. Playing: the level they are on (nil when they have
    /// signed in and not run anything yet). Done: the last level they played.
    public var level: String?
    /// Stuck: the first of the failures. Playing: when they started on the level. Done: their last run.
    public var since: Date?
    /// Stuck: the failed runs on the level in the window (0 otherwise).
    public var failures: Int

    /// Stuck is this many failed runs on one level…
    public static let stuckFailures = 3
    /// …within this window, with no success on it since; also how recent a run must be to count as playing.
    public static let window: TimeInterval = 15 * 60
    /// A lesson day: a pupil who played within this and not in the window is done for today.
    public static let day: TimeInterval = 8 * 3600
    /// A session seen this recently means the pupil is signed in (sessions are touched at most
    /// hourly, `AccountRules.touchInterval`, so a finer window would miss signed-in pupils).
    public static let signedIn: TimeInterval = 3600

    public init(state: State, level: String? = nil, since: Date? = nil, failures: Int = 0) {
        self.state = state
        self.level = level
        self.since = since
        self.failures = failures
    }

    /// The pupil's state from their recent runs (any order) and their newest session's last use.
    public static func make(recent: [RecentRun], lastSeen: Date?, now: Date) -> PupilActivity {
        let runs = recent.sorted { $0.at < $1.at }
        if let stuck = stuck(runs, now: now) { return stuck }
        if let latest = runs.last, now.timeIntervalSince(latest.at) <= window {
            // Since when on this level: back through the runs on it with no gap longer than the window.
            var start = latest.at
            for run in runs.reversed() where run.level == latest.level {
                guard start.timeIntervalSince(run.at) <= window else { break }
                start = run.at
            }
            return PupilActivity(state: .playing, level: latest.level, since: start)
        }
        if let latest = runs.last, now.timeIntervalSince(latest.at) <= day {
            return PupilActivity(state: .done, level: latest.level, since: latest.at)
        }
        if let lastSeen, now.timeIntervalSince(lastSeen) <= signedIn {
            return PupilActivity(state: .playing, since: lastSeen)
        }
        return PupilActivity(state: .away)
    }

    /// The level with `stuckFailures` or more failed runs in the window after its last success;
    /// when several are, the one failed most recently.
    private static func stuck(_ runs: [RecentRun], now: Date) -> PupilActivity? {
        var found: PupilActivity?
        var latestFailure = Date.distantPast
        for level in Set(runs.map(\.level)) {
            let onLevel = runs.filter { $0.level == level }
            let lastSuccess = onLevel.last(where: \.success)?.at ?? .distantPast
            let failures = onLevel.filter { !$0.success && $0.at > lastSuccess && now.timeIntervalSince($0.at) <= window }
            guard failures.count >= stuckFailures, let first = failures.first, let last = failures.last,
                  last.at > latestFailure else { continue }
            latestFailure = last.at
            found = PupilActivity(state: .stuck, level: level, since: first.at, failures: failures.count)
        }
        return found
    }

    /// The dashboard's order: by state (stuck first), then as the caller's tie-break says.
    public static func sorted<T>(_ items: [T], state: (T) -> State, then: (T, T) -> Bool) -> [T] {
        let rank = Dictionary(uniqueKeysWithValues: State.allCases.enumerated().map { ($1, $0) })
        return items.sorted { left, right in
            let (a, b) = (rank[state(left)] ?? 0, rank[state(right)] ?? 0)
            return a != b ? a < b : then(left, right)
        }
    }
}
