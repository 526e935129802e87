import Collections
import Foundation
import MazeKit
import Synchronization

/// The maze API's simulated network: every call waits its preset's delay (an async sleep, never a
/// CPU spin) and, once a maze has served `failuresAfter` requests, may instead fail like the
/// original's 504 after `failureDelay`. Counts are per maze, kept for the most recent 1024 mazes.
final class MazeTraffic: Sendable {
    private static let remembered = 1024
    private let served = Mutex(OrderedDictionary<MazeParameters, Int>())

    enum Call { case fetch, unlock }

    /// Waits as `conditions` say for one call on `maze`; throws the 504 when a failure is drawn.
    func simulate(_ call: Call, on maze: MazeParameters?, conditions: SimulatedConditions) async throws {
        let count = maze.map(countRequest) ?? 0
        if count > conditions.failuresAfter, Double.random(in: 0..<1) < conditions.failureProbability {
            try await Self.wait(conditions.failureDelay)
            throw APIError(.gatewayTimeout, code: "gateway_timeout",
                           message: "The maze server timed out (simulated failure); retry the request.")
        }
        let range = call == .fetch ? conditions.fetchDelay : conditions.unlockDelay
        try await Self.wait(range.lowerBound + (range.upperBound - range.lowerBound) * Double.random(in: 0...1))
    }

    private func countRequest(_ maze: MazeParameters) -> Int {
        served.withLock { served in
            let count = (served.removeValue(forKey: maze) ?? 0) + 1
            served[maze] = count  // most recent last
            if served.count > Self.remembered { served.removeFirst() }
            return count
        }
    }

    private static func wait(_ duration: Duration) async throws {
        if duration > .zero { try await Task.sleep(for: duration) }
    }
}
