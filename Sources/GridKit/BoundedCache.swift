import DequeModule

/// The one bounded cache every app uses: least-recently-used values by key, at most `countLimit`
/// of them and, when values have a cost (bytes, say), at most `costLimit` in all — whichever binds
/// first. Reading a value makes it the most recently used.
///
/// A value type: its owner shares it (a `Mutex`, an actor). Hits, inserts and evictions are O(1)
/// amortised: recency is a log of (key, tick) appended on every use, and an entry of the log whose
/// tick is no longer the key's is skipped when evicting; the log is rebuilt when it has grown to
/// twice the entries, so it stays bounded too.
public struct BoundedCache<Key: Hashable, Value> {
    public let countLimit: Int
    public let costLimit: Int
    private let cost: @Sendable (Value) -> Int
    private var entries: [Key: (value: Value, tick: UInt64, cost: Int)] = [:]
    private var recency = Deque<(key: Key, tick: UInt64)>()
    private var clock: UInt64 = 0
    public private(set) var totalCost = 0

    /// `cost` (never negative) counts against `costLimit`; without one only the count binds.
    public init(countLimit: Int, costLimit: Int = .max, cost: @escaping @Sendable (Value) -> Int = { _ in 0 }) {
        self.countLimit = max(0, countLimit)
        self.costLimit = max(0, costLimit)
        self.cost = cost
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether `key` is cached, without making it recently used.
    public func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// The value for `key`, now the most recently used.
    public mutating func value(forKey key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        touch(key, entry)
        return entry.value
    }

    /// Stores `value` as the most recently used, evicting the least recently used until both limits
    /// hold. A value costing more than the whole `costLimit` is not kept (and replaces nothing).
    public mutating func insert(_ value: Value, forKey key: Key) {
        removeValue(forKey: key)
        let price = max(0, cost(value))
        guard countLimit > 0, price <= costLimit else { return }
        totalCost += price
        touch(key, (value, 0, price))
        while entries.count > countLimit || totalCost > costLimit, let oldest = recency.popFirst() {
            guard let entry = entries[oldest.key], entry.tick == oldest.tick else { continue }
            entries[oldest.key] = nil
            totalCost -= entry.cost
        }
    }

    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let entry = entries.removeValue(forKey: key) else { return nil }
        totalCost -= entry.cost
        return entry.value
    }

    public mutating func removeAll() {
        entries.removeAll()
        recency.removeAll()
        totalCost = 0
    }

    private mutating func touch(_ key: Key, _ entry: (value: Value, tick: UInt64, cost: Int)) {
        clock &+= 1
        entries[key] = (entry.value, clock, entry.cost)
        recency.append((key, clock))
        if recency.count > 2 * entries.count + 16 {
            recency = Deque(entries.map { (key: $0.key, tick: $0.value.tick) }.sorted { $0.tick < $1.tick })
        }
    }
}

extension BoundedCache: Sendable where Key: Sendable, Value: Sendable {}
