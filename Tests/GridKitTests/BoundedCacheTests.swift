import GridKit
import Testing

/// The one bounded cache: exact least-recently-used eviction by count and by cost, hits refresh,
/// and the recency log stays bounded however often a few keys are read.
@Suite struct BoundedCacheTests {
    @Test func theLeastRecentlyUsedGoesFirstAndAReadRefreshes() {
        var cache = BoundedCache<String, Int>(countLimit: 2)
        cache.insert(1, forKey: "a")
        cache.insert(2, forKey: "b")
        #expect(cache.value(forKey: "a") == 1)  // "b" is now the oldest
        cache.insert(3, forKey: "c")
        #expect(cache.contains("a") && cache.contains("c") && !cache.contains("b"))
        #expect(cache.count == 2)
    }

    @Test func costBindsWhenItIsTheTighterLimit() {
        var cache = BoundedCache<String, [UInt8]>(countLimit: 10, costLimit: 10) { $0.count }
        cache.insert([UInt8](repeating: 0, count: 4), forKey: "a")
        cache.insert([UInt8](repeating: 0, count: 4), forKey: "b")
        cache.insert([UInt8](repeating: 0, count: 4), forKey: "c")
        #expect(!cache.contains("a") && cache.count == 2 && cache.totalCost == 8)
        // Too big for the whole cache: not kept, and the entry it would replace is gone.
        cache.insert([UInt8](repeating: 0, count: 11), forKey: "b")
        #expect(!cache.contains("b") && cache.totalCost == 4)
        // Replacing a value counts its new cost only.
        cache.insert([UInt8](repeating: 0, count: 1), forKey: "c")
        #expect(cache.totalCost == 1)
    }

    @Test func removingAndZeroLimits() {
        var cache = BoundedCache<Int, Int>(countLimit: 0)
        cache.insert(1, forKey: 1)
        #expect(cache.isEmpty)
        var other = BoundedCache<Int, Int>(countLimit: 3)
        other.insert(1, forKey: 1)
        #expect(other.removeValue(forKey: 1) == 1)
        #expect(other.removeValue(forKey: 1) == nil)
        other.insert(2, forKey: 2)
        other.removeAll()
        #expect(other.isEmpty && other.value(forKey: 2) == nil)
    }

    @Test func manyHitsOnFewKeysKeepExactOrder() {
        var cache = BoundedCache<Int, Int>(countLimit: 3)
        for key in 0..<3 { cache.insert(key, forKey: key) }
        for _ in 0..<10_000 {
            _ = cache.value(forKey: 0)
            _ = cache.value(forKey: 2)
        }
        cache.insert(3, forKey: 3)  // 1 was used longest ago
        #expect(!cache.contains(1))
        #expect([0, 2, 3].allSatisfy(cache.contains))
    }
}
