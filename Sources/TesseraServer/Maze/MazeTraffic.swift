import Collections
import Foundation
import MazeKit
import Synchronization

/// The maze API's simulated network: each call follows `SimulatedConditions.plan` (the rule the
/// in-process `LocalMazeAPI` follows too) and waits with an async sleep, never a CPU spin.
/// Requests are counted per maze, for the most recent 1024 mazes.
final class MazeTraffic: Sendable {
    private static let remembered = 1024
    private let served = Mutex(OrderedDictionary<MazeParameters, Int>())

    /// Waits as `conditions` say for one call on `maze`; throws the 504 when a failure is drawn.
    func simulate(_ call: MazeCall, on maze: MazeParameters?, conditions: SimulatedConditions) async throws {
        switch conditions.plan(call, served: maze.map(countRequest) ?? 0, draw: { Double.random(in: 0..<1) }) {
        case let .timesOut(after: delay):
            try await Self.wait(delay)
            throw APIError(.gatewayTimeout, code: "gateway_timeout", say: "maze.errors.gatewayTimeout")
        case let .answers(after: delay):
            try await Self.wait(delay)
        }
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
