import Collections
import GridKit

/// The chain of requests behind the lower bound: the room found last when every room is reached along
/// its cheapest path, and how many fetches and unlocks lead to it one after another. No explorer can
/// overlap these, so whatever each request costs beyond its simulated delay (the network, both
/// processes' CPU, a timer firing late) is paid once per request in the chain.
public struct CriticalPath: Hashable, Sendable {
    /// The lower bound itself (`Maze.exploreTimeLowerBound`).
    public var time: Duration
    /// Fetches on the path, the start room's included.
    public var fetches: Int
    public var unlocks: Int

    public var requests: Int { fetches + unlocks }
}

extension Maze {
    /// The fastest any explorer could possibly finish, given a fixed fetch and unlock delay and
    /// unlimited concurrency: the latest time at which some room can first be known when every room
    /// is reached along its cheapest path. Entering a room costs one fetch, entering a door costs an
    /// unlock plus a fetch, and the clock starts with the start room's own fetch (Dijkstra).
    public func exploreTimeLowerBound(fetchDelay: Duration, unlockDelay: Duration) -> Duration {
        criticalPath(fetchDelay: fetchDelay, unlockDelay: unlockDelay).time
    }

    /// The lower bound with the requests that make it up (of equally late rooms, the one with the
    /// most requests in its chain).
    public func criticalPath(fetchDelay: Duration, unlockDelay: Duration) -> CriticalPath {
        struct Entry: Comparable {
            let time: Duration
            let square: Square
            static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.time < rhs.time }
        }
        let first = CriticalPath(time: fetchDelay, fetches: 1, unlocks: 0)
        var best: [Square: CriticalPath] = [start: first]
        var queue = Heap<Entry>([Entry(time: fetchDelay, square: start)])
        var latest = CriticalPath(time: .zero, fetches: 0, unlocks: 0)
        while let entry = queue.popMin() {
            guard let known = best[entry.square], entry.time <= known.time else { continue }  // stale entry
            if (known.time, known.requests) > (latest.time, latest.requests) { latest = known }
            for side in openSides(of: entry.square) {
                let next = entry.square.moved(side)
                let door = tile(at: next) == .door
                let path = CriticalPath(time: known.time + (door ? unlockDelay + fetchDelay : fetchDelay),
                                        fetches: known.fetches + 1, unlocks: known.unlocks + (door ? 1 : 0))
                if best[next].map({ path.time < $0.time }) ?? true {
                    best[next] = path
                    queue.insert(Entry(time: path.time, square: next))
                }
            }
        }
        return latest
    }
}
