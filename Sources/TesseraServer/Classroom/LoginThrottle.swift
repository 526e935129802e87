import Foundation
import Synchronization

/// Counts failed sign-ins per account and per client: after 5 failures for either within 15
/// minutes, further attempts answer 429 with `Retry-After` until the oldest failure ages out, so a
/// password cannot be guessed by trying many. Kept in memory per node (bounded: the oldest keys go
/// first beyond `maxKeys`); a success clears the account's count.
final class LoginThrottle: Sendable {
    static let maxFailures = 5
    static let window: TimeInterval = 15 * 60
    private let maxKeys: Int
    private let failures = Mutex<[String: [Date]]>([:])

    init(maxKeys: Int = 10_000) { self.maxKeys = maxKeys }

    /// Throws 429 when any of `keys` has used up its attempts; `pupil` words it for a child.
    func check(_ keys: [String], pupil: Bool = false, now: Date = Date()) throws {
        let wait = failures.withLock { failures in
            keys.compactMap { key -> TimeInterval? in
                let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < Self.window }
                guard recent.count >= Self.maxFailures, let oldest = recent.first else { return nil }
                return Self.window - now.timeIntervalSince(oldest)
            }.max()
        }
        if let wait {
            TesseraMetrics.refused("sign_ins").increment()
            let next = pupil ? "try again, or ask your teacher" : "try again, or ask the server's operator to reset your password"
            throw APIError.tooBusy("Too many wrong passwords; wait \(Self.minutes(wait)) and \(next).",
                                   retryAfterSeconds: max(1, Int(wait.rounded(.up))))
        }
    }

    func recordFailure(_ keys: [String], now: Date = Date()) {
        failures.withLock { failures in
            for key in keys {
                var recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < Self.window }
                recent.append(now)
                failures[key] = Array(recent.suffix(Self.maxFailures))
            }
            if failures.count > maxKeys {
                // Forget the keys whose last failure is oldest: an attacker spraying new names
                // cannot grow this without bound.
                let oldestFirst = failures.sorted { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }
                for (key, _) in oldestFirst.prefix(failures.count - maxKeys) { failures[key] = nil }
            }
        }
    }

    func recordSuccess(_ key: String) {
        _ = failures.withLock { $0.removeValue(forKey: key) }
    }

    private static func minutes(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded(.up))
        return minutes <= 1 ? "a minute" : "\(minutes) minutes"
    }
}
