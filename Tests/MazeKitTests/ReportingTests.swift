import Foundation
import GridKit
import Testing
@testable import MazeKit

/// What every maze client reports is written once: the stats' JSON, the summary around them, and
/// the rule for simulated latency and failures.
@Suite struct ReportingTests {
    static func json(_ value: some Encodable) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aSummaryIsOneFlatObjectWithAnExplicitNullError() async throws {
        let api = LocalMazeAPI(service: MazeService(secret: FakeMazeAPI.secret), seed: 3)
        let result = await MazeExplorer(api: api).explore()
        let json = try Self.json(ExplorationSummary(result, valid: result.maze.isValid))
        #expect(json["outcome"] as? String == "finished")
        #expect(json["valid"] as? Bool == true)
        #expect(json.keys.contains("error") && json["error"] is NSNull, "a reader can rely on the key being there")
        #expect(json["rooms"] as? Int == result.stats.rooms && json["fetches"] as? Int == result.stats.fetches)
        let seconds = try #require(json["seconds"] as? Double)
        #expect(abs(seconds - result.stats.seconds) <= 0.0005, "seconds are rounded to the millisecond")
        #expect(Set(json.keys) == ["outcome", "error", "valid", "rooms", "doors", "fetches", "unlocks", "retries",
                                   "duplicatesAvoided", "seconds"])
    }

    @Test func aFailedSummaryNamesTheErrorAndIsNeverValid() throws {
        struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
        let result = ExplorationResult(outcome: .failed(Boom()), maze: ExploredMaze(), stats: ExplorationStats())
        let json = try Self.json(ExplorationSummary(result, valid: true))
        #expect(json["outcome"] as? String == "failed" && json["error"] as? String == "boom")
        #expect(json["valid"] as? Bool == false)
    }

    @Test func simulatedCallsFailOnlyAfterTheirThresholdAndWaitWithinTheirRange() {
        let conditions = SimulatedConditions(
            fetchDelay: .milliseconds(6)...(.milliseconds(9)), unlockDelay: .milliseconds(200)...(.milliseconds(400)),
            failuresAfter: 10, failureProbability: 1, failureDelay: .seconds(2))
        #expect(conditions.plan(.fetch, served: 10, draw: { 0 }) == .answers(after: .milliseconds(6)))
        #expect(conditions.plan(.unlock, served: 3, draw: { 0.5 }) == .answers(after: .milliseconds(300)))
        #expect(conditions.plan(.fetch, served: 11, draw: { 0.99 }) == .timesOut(after: .seconds(2)))
        #expect(SimulatedConditions.instant.plan(.unlock, served: .max, draw: { 0 }) == .answers(after: .zero))
    }
}
