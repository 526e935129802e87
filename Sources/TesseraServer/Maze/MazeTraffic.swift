import Collections
import Foundation
import MazeKit
import NIOCore
import NIOPosix
import Synchronization

/// The maze API's simulated network: each call follows `SimulatedConditions.plan` (the rule the
/// in-process `LocalMazeAPI` follows too) and waits without spinning a CPU. Requests are counted per
/// maze, for the most recent 1024 mazes.
///
/// The simulated latency is the time from the request reaching its route to the answer leaving:
/// the answer is made first and sent when the delay is up, so the work of making it does not add to
/// the latency an explorer is measured against. The wait is an event-loop timer (a timerfd on
/// Linux), which wakes within tens of microseconds; `Task.sleep` woke 0.6–1 ms late here, on every
/// one of the thousands of requests on a 201×201 maze's critical path.
final class MazeTraffic: Sendable {
    private static let remembered = 1024
    private let served = Mutex(OrderedDictionary<MazeParameters, Int>())

    /// Answers one call on `maze` as `conditions` say: `answer()` is made at once and returned when
    /// the drawn delay is up (its error thrown then); a drawn failure throws the 504 after its delay.
    func simulate<Answer>(_ call: MazeCall, on maze: MazeParameters?, conditions: SimulatedConditions,
                          answer: () throws -> Answer) async throws -> Answer {
        let arrived = NIODeadline.now()
        switch conditions.plan(call, served: maze.map(countRequest) ?? 0, draw: { Double.random(in: 0..<1) }) {
        case let .timesOut(after: delay):
            try await Self.wait(until: arrived + Self.timeAmount(delay))
            throw APIError(.gatewayTimeout, code: "gateway_timeout", say: "maze.errors.gatewayTimeout")
        case let .answers(after: delay):
            let made = Result { try answer() }
            try await Self.wait(until: arrived + Self.timeAmount(delay))
            return try made.get()
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

    private static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return .hours(1) }
        return .nanoseconds(nanoseconds.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue)
    }

    /// Sleeps until `deadline` on an event loop's timer; a cancelled request stops waiting.
    private static func wait(until deadline: NIODeadline) async throws {
        guard deadline > .now() else { return }
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let timer = loop.scheduleTask(deadline: deadline) {}
        try await withTaskCancellationHandler {
            try await timer.futureResult.get()
        } onCancel: {
            timer.cancel()
        }
    }
}
