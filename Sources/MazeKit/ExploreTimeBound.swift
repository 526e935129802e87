import Collections
import GridKit

extension Maze {
    /// The fastest any explorer could possibly finish, given a fixed fetch and unlock delay and
    /// unlimited concurrency: the latest time at which some room can first be known when every room
    /// is reached along its cheapest path. Entering a room costs one fetch, entering a door costs an
    /// unlock plus a fetch, and the clock starts with the start room's own fetch (Dijkstra).
    public func exploreTimeLowerBound(fetchDelay: Duration, unlockDelay: Duration) -> Duration {
        struct Entry: Comparable {
            let time: Duration
            let square: Square
            static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.time < rhs.time }
        }
        var best: [Square: Duration] = [start: fetchDelay]
        var queue = Heap<Entry>([Entry(time: fetchDelay, square: start)])
        var latest = Duration.zero
        while let entry = queue.popMin() {
            guard let known = best[entry.square], entry.time <= known else { continue }  // stale entry
            latest = max(latest, entry.time)
            for side in openSides(of: entry.square) {
                let next = entry.square.moved(side)
                let cost = tile(at: next) == .door ? unlockDelay + fetchDelay : fetchDelay
                let time = entry.time + cost
                if best[next].map({ time < $0 }) ?? true {
                    best[next] = time
                    queue.insert(Entry(time: time, square: next))
                }
            }
        }
        return latest
    }
}
