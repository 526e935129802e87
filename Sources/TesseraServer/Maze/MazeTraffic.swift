import Collections
import Foundation
import GridKit
import MazeKit
import NIOCore
import NIOPosix
import Synchronization

/// The maze API's simulated network: each call follows `SimulatedConditions.plan` (the rule the
/// in-process `LocalMazeAPI` follows too) and waits without spinning a CPU. Requests are counted per
/// maze, for the most recent 1024 mazes.
///
/// The simulated latency is the time from the server receiving the request to the answer leaving:
/// the answer is made first and sent when the delay is up, so the work of making it does not add to
/// the latency an explorer is measured against. A wait's handler resumes later than its timer asks
/// (0.5–0.6 ms on this 2-core VM: the timer's thread wakes, then a thread of the task pool), which
/// would add to every one of the thousands of requests on a 201×201 maze's critical path; so the
/// timer is set that much early, by a running average of how late the last waits resumed.
final class MazeTraffic: Sendable {
    private static let remembered = 1024
    /// The most a timer is set early: a busy machine's late wakes must not make answers early.
    private static let maxEarly: Int64 = 2_000_000  // ns
    private let served = Mutex(OrderedDictionary<MazeParameters, Int>())
    /// How late a wait resumes after its timer, in ns (a running average).
    private let lateness = Mutex<Int64>(0)

    /// Answers one call on `maze` as `conditions` say: `answer()` is made at once and returned when
    /// the drawn delay since the request `arrived` is up (its error thrown then); a drawn failure
    /// throws the 504 after its delay.
    func simulate<Answer>(_ call: MazeCall, on maze: MazeParameters?, conditions: SimulatedConditions,
                          arrived: NIODeadline, answer: () throws -> Answer) async throws -> Answer {
        switch conditions.plan(call, served: maze.map(countRequest) ?? 0, draw: { Double.random(in: 0..<1) }) {
        case let .timesOut(after: delay):
            try await wait(until: arrived + Self.timeAmount(delay))
            throw APIError(.gatewayTimeout, code: "gateway_timeout", say: "maze.errors.gatewayTimeout")
        case let .answers(after: delay):
            let made = Result { try answer() }
            try await wait(until: arrived + Self.timeAmount(delay))
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
        .nanoseconds(min(duration.wholeNanoseconds, 3_600_000_000_000))  // at most an hour
    }

    /// Sleeps until about `deadline` on an event loop's timer, set early by the usual lateness; a
    /// cancelled request stops waiting.
    private func wait(until deadline: NIODeadline) async throws {
        let wake = deadline - .nanoseconds(lateness.withLock { $0 })
        guard wake > .now() else { return }
        let timer = MultiThreadedEventLoopGroup.singleton.next().scheduleTask(deadline: wake) {}
        try await withTaskCancellationHandler {
            try await timer.futureResult.get()
        } onCancel: {
            timer.cancel()
        }
        let late = min(max(0, (NIODeadline.now() - wake).nanoseconds), Self.maxEarly)
        lateness.withLock { average in average += (late - average) / 8 }
    }
}
