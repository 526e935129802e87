import Foundation
import GridKit
import Synchronization

/// The token buckets, one per (kind, client), in one bounded table: a flood from many addresses
/// evicts the least recently used buckets instead of growing memory (an evicted client starts
/// again with a full bucket, which costs us nothing a new address would not).
final class RateLimitBuckets: Sendable {
    struct Bucket: Sendable {
        var tokens: Double
        var updated: Date
    }

    struct Key: Hashable, Sendable {
        let kind: RateLimits.Kind
        let client: String
    }

    let limits: RateLimits
    private let table: Mutex<BoundedCache<Key, Bucket>>

    /// 100,000 buckets are a few megabytes: enough for every client of a school's server many
    /// times over, and a ceiling for a flood.
    init(limits: RateLimits, maxBuckets: Int = 100_000) {
        self.limits = limits
        table = Mutex(BoundedCache(countLimit: maxBuckets))
    }

    var bucketCount: Int { table.withLock { $0.count } }

    /// The longest `Retry-After` said, in seconds: a day.
    static let longestWait = 86_400

    /// Takes `count` requests from `client`'s `kind` bucket, all or none: `nil` when allowed, else
    /// how many seconds until they would be (at least 1; a day when more than the burst is asked).
    func take(_ kind: RateLimits.Kind, client: String, count: Int = 1, now: Date = Date()) -> Int? {
        guard let rule = limits.rule(kind), count > 0 else { return nil }
        guard count <= rule.burst else { return Self.longestWait }
        let needed = Double(count)
        let key = Key(kind: kind, client: client)
        return table.withLock { table in
            var bucket = Self.refilled(table.value(forKey: key), rule: rule, now: now)
            defer { table.insert(bucket, forKey: key) }
            guard bucket.tokens >= needed else {
                // Said in whole seconds, at most a day (a slow custom rate must not overflow Int).
                guard rule.perSecond > 0 else { return Self.longestWait }
                return max(1, Int(min(Double(Self.longestWait), ((needed - bucket.tokens) / rule.perSecond).rounded(.up))))
            }
            bucket.tokens -= needed
            return nil
        }
    }

    /// Gives back a request taken by `take` whose answer says no work was done (a malformed body,
    /// a missing document), so mistakes do not use up a class's allowance.
    func refund(_ kind: RateLimits.Kind, client: String, count: Int = 1) {
        guard let rule = limits.rule(kind), count > 0 else { return }
        let key = Key(kind: kind, client: client)
        table.withLock { table in
            guard var bucket = table.value(forKey: key) else { return }
            bucket.tokens = min(Double(rule.burst), bucket.tokens + Double(count))
            table.insert(bucket, forKey: key)
        }
    }

    private static func refilled(_ bucket: Bucket?, rule: RateLimits.Rule, now: Date) -> Bucket {
        guard var bucket else { return Bucket(tokens: Double(rule.burst), updated: now) }
        // A clock that went backwards refills nothing rather than emptying the bucket.
        let elapsed = max(0, now.timeIntervalSince(bucket.updated))
        bucket.tokens = min(Double(rule.burst), bucket.tokens + elapsed * rule.perSecond)
        bucket.updated = now
        return bucket
    }
}
