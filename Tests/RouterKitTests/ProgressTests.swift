import Foundation
import Testing
import RouterKit

/// The progress rules: what one run changes in a player's record of a level.
@Suite struct ProgressTests {
    static func recorded(_ runs: [(score: Int, solved: Bool)], max: Int = 20) -> PlayerProgress.LevelResult? {
        var progress = PlayerProgress(id: "player-0001")
        for run in runs { progress.record(levelID: "1", score: run.score, max: max, solved: run.solved, seconds: 5) }
        return progress.levels["1"]
    }

    @Test func aBetterScoreReplacesTheBestAndAWorseOneDoesNot() throws {
        #expect(try #require(Self.recorded([(10, true), (18, true)])).best == 18)
        #expect(try #require(Self.recorded([(18, true), (10, true)])).best == 18)
        #expect(try #require(Self.recorded([(18, true), (0, false)])).best == 18, "a failed run scores 0 and keeps the best")
    }

    @Test func everyRunCountsAsAnAttemptFailedOnesToo() throws {
        let result = try #require(Self.recorded([(0, false), (0, false), (20, true), (0, false)]))
        #expect(result.attempts == 4)
        #expect(result.seconds == 20)
        #expect(PlayerProgress(id: "p").levels.isEmpty, "no run, no record")
    }

    static let noon = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aSolvedLevelStaysSolved() throws {
        #expect(try #require(Self.recorded([(0, false)])).solved == false)
        #expect(try #require(Self.recorded([(0, false), (12, true)])).solved)
        #expect(try #require(Self.recorded([(12, true), (0, false), (0, false)])).solved)
    }

    @Test func theMaximumIsTheLatestRunsAndLevelsAreKeptApart() {
        var progress = PlayerProgress(id: "player-0001")
        progress.record(levelID: "custom-a", score: 10, max: 10, solved: true, seconds: 1)
        progress.record(levelID: "custom-a", score: 0, max: 20, solved: false, seconds: 1)  // the level was re-scored
        progress.record(levelID: "2", score: 7, max: 20, solved: true, seconds: 1, at: Self.noon)
        #expect(progress.levels["custom-a"]?.max == 20 && progress.levels["custom-a"]?.best == 10)
        #expect(progress.levels["2"] == PlayerProgress.LevelResult(best: 7, max: 20, attempts: 1, solved: true, seconds: 1, lastPlayed: Self.noon))
    }

    @Test func aRunCountsForAtMostAnHourAndABadClockForNothing() throws {
        var progress = PlayerProgress(id: "player-0001")
        for seconds in [-5, .nan, .infinity, 86_400, 2.5] {
            progress.record(levelID: "1", score: 0, max: 20, solved: false, seconds: seconds)
        }
        #expect(try #require(progress.levels["1"]).seconds == PlayerProgress.maxSecondsPerRun + 2.5)
    }

    @Test func starsAreThreeForTheFullScoreTwoFromHalfAndOneBelow() {
        func stars(_ best: Int, _ max: Int, solved: Bool = true) -> Int {
            PlayerProgress.LevelResult(best: best, max: max, attempts: 1, solved: solved, seconds: 0).stars
        }
        #expect(stars(20, 20) == 3 && stars(19, 20) == 2 && stars(10, 20) == 2 && stars(9, 20) == 1 && stars(0, 20) == 1)
        #expect(stars(3, 5) == 2 && stars(2, 5) == 1, "half of 5 is 2.5: 3 reaches it, 2 does not")
        #expect(stars(20, 20, solved: false) == 0, "no stars before the level is solved")
        #expect(stars(0, 0) == 0, "a level without a score shows no stars")
        #expect(stars(Int.max, Int.max) == 3 && stars(Int.max / 2 + 1, Int.max) == 2 && stars(Int.min, Int.max) == 1)
    }

    @Test func aRunResultIsRecordedWithItsTotalAndSuccess() {
        let outcome = RunOutcome(success: true, failure: nil, message: "", failingBlock: nil, fuelLeft: 1, maxFuel: 50,
                                 actions: 2, position: Coordinate(x: 3, y: 3), delivered: [Coordinate(x: 3, y: 3)])
        let run = RunResult(outcome: outcome, events: [],
                            score: Score(route: 10, algorithm: 7, routeMax: 10, algorithmMax: 10, message: ""), blockCount: 2)
        var progress = PlayerProgress(id: "player-0001")
        progress.record(run, levelID: "1", seconds: 3, at: Self.noon)
        #expect(progress.levels["1"] == PlayerProgress.LevelResult(best: 17, max: 20, attempts: 1, solved: true, seconds: 3, lastPlayed: Self.noon))
    }

    /// Today's stored document (SQLite, PostgreSQL and the API's answer all hold this shape):
    /// existing progress must keep loading, and must write back the same keys.
    @Test func progressStoredBeforeTheMoveStillLoadsAndKeepsItsShape() throws {
        let stored = Data(#"""
            {"id":"player-0001","levels":{"1":{"attempts":3,"best":18,"max":20,"seconds":42.5,"solved":true},
             "custom-3F9A":{"attempts":1,"best":0,"max":10,"seconds":0,"solved":false}}}
            """#.utf8)
        var progress = try JSONDecoder().decode(PlayerProgress.self, from: stored)
        #expect(progress.id == "player-0001")
        #expect(progress.levels["1"] == PlayerProgress.LevelResult(best: 18, max: 20, attempts: 3, solved: true, seconds: 42.5))
        #expect(progress.levels["custom-3F9A"]?.stars == 0 && progress.levels["1"]?.stars == 2)
        progress.record(levelID: "1", score: 20, max: 20, solved: true, seconds: 1, at: Self.noon)
        #expect(progress.levels["1"] == PlayerProgress.LevelResult(best: 20, max: 20, attempts: 4, solved: true, seconds: 43.5, lastPlayed: Self.noon))

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try #require(try JSONSerialization.jsonObject(with: encoder.encode(progress)) as? [String: Any])
        // `recent` (the teacher's "who needs me now") is the one key added, and only once there are runs.
        #expect(Set(written.keys) == ["id", "levels", "recent"])
        let level = try #require((written["levels"] as? [String: Any])?["1"] as? [String: Any])
        #expect(Set(level.keys) == ["attempts", "best", "lastPlayed", "max", "seconds", "solved"], "stars are computed, never stored")
        #expect(progress.levels["custom-3F9A"]?.lastPlayed == nil, "a level not played since has no date, and writes none")
        #expect(try JSONDecoder().decode(PlayerProgress.self, from: encoder.encode(progress)) == progress)
    }
}
