import Foundation
import Testing
@testable import RouterKit

/// The rules behind the teacher's view: when a run was played, keeping a browser's progress,
/// a pupil's latest and best program, a class's locks, and the scoreboard's sums and CSV.
@Suite struct ClassroomRulesTests {
    @Test func aRunRecordsWhenItWasPlayedAndOldRecordsWithoutADateStillLoad() throws {
        var progress = PlayerProgress(id: "p")
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        progress.record(levelID: "1", score: 10, max: 20, solved: true, seconds: 5, at: noon)
        #expect(progress.levels["1"]?.lastPlayed == noon)
        let old = #"{"id":"p","levels":{"1":{"best":18,"max":20,"attempts":3,"solved":true,"seconds":42.5}}}"#
        let decoded = try JSONDecoder().decode(PlayerProgress.self, from: Data(old.utf8))
        #expect(decoded.levels["1"]?.lastPlayed == nil && decoded.levels["1"]?.best == 18)
    }

    @Test func keptProgressTakesTheBetterBestAddsAttemptsAndTimeAndStaysSolved() {
        let early = Date(timeIntervalSince1970: 1), late = Date(timeIntervalSince1970: 2)
        var account = PlayerProgress(id: "acct-a", levels: [
            "1": .init(best: 20, max: 20, attempts: 2, solved: true, seconds: 10, lastPlayed: early),
            "2": .init(best: 0, max: 20, attempts: Int.max, solved: false, seconds: 1),
        ])
        let browser = PlayerProgress(id: "anon", levels: [
            "1": .init(best: 12, max: 20, attempts: 1, solved: false, seconds: 4, lastPlayed: late),
            "2": .init(best: 15, max: 20, attempts: 3, solved: true, seconds: 2),
            "3": .init(best: 5, max: 10, attempts: 1, solved: true, seconds: 1),
        ])
        account.merge(browser)
        #expect(account.levels["1"] == .init(best: 20, max: 20, attempts: 3, solved: true, seconds: 14, lastPlayed: late))
        #expect(account.levels["2"]?.attempts == Int.max, "saturates instead of trapping")
        #expect(account.levels["2"]?.solved == true && account.levels["2"]?.best == 15)
        #expect(account.levels["3"]?.best == 5)
    }

    @Test func theBestProgramIsTheHighestWorkingRunAndTheEarlierOneOnATie() {
        var saved = SavedPrograms(id: SavedPrograms.id(player: "acct-a", level: "1"))
        #expect(saved.id == "acct-a/1")
        func run(_ text: String, _ score: Int, _ success: Bool) -> SavedPrograms.Run {
            .init(program: text, score: score, max: 20, success: success, at: Date())
        }
        saved.record(run("failed", 0, false))
        #expect(saved.latest?.program == "failed" && saved.best == nil)
        saved.record(run("good", 15, true))
        saved.record(run("same", 15, true))
        saved.record(run("worse", 10, true))
        #expect(saved.best?.program == "good" && saved.latest?.program == "worse")
        saved.record(run("better", 20, true))
        #expect(saved.best?.program == "better")
    }

    @Test func locksNameOnlyOurEpisodesAndLevelsAndCoverAnEpisodesLevels() throws {
        let episode2 = try #require(LevelCatalog.episodes.first { $0.number == 2 })
        let locks = try ClassLocks.make(id: "c", episodes: [2, 2], levels: ["3", "1"]).get()
        #expect(locks.episodes == [2] && locks.levels == ["1", "3"], "each once, in playing order")
        #expect(episode2.levelIDs.allSatisfy(locks.locks(levelID:)))
        #expect(locks.locks(levelID: "1") && !locks.locks(levelID: "2") && !locks.locks(levelID: "custom-abc"))
        #expect(throws: LockProblem.self) { try ClassLocks.make(id: "c", episodes: [0], levels: []).get() }
        #expect(throws: LockProblem.self) { try ClassLocks.make(id: "c", episodes: [], levels: ["custom-abc"]).get() }
    }

    @Test func theScoreboardSumsPerPupilAndPerLevelAndItsCSVIsSafeForSpreadsheets() throws {
        let episode = try #require(LevelCatalog.episodes.first)
        let first = try #require(episode.levelIDs.first)
        let played = PlayerProgress(id: "acct-b", levels: [first: .init(best: 20, max: 20, attempts: 3, solved: true, seconds: 90)])
        let board = Scoreboard(class: (id: "c", name: "5B", code: "ABCDEF"), episode: episode, pupils: [
            (id: "b", name: "=Bob", progress: played),
            (id: "a", name: "Ann, \"Jr\"", progress: nil),
        ])
        #expect(board.pupils.map(\.id) == ["b", "a"] || board.pupils.map(\.id) == ["a", "b"])
        let bob = try #require(board.pupils.first { $0.id == "b" })
        #expect(bob.total.best == 20 && bob.total.solved == 1 && bob.total.stars == 3)
        #expect(bob.total.max == board.levels.reduce(0) { $0 + $1.max })
        #expect(board.levelTotals[first]?.played == 1 && board.levelTotals[first]?.attempts == 3)
        #expect(board.levelTotals.count == board.levels.count)
        let csv = board.csv.components(separatedBy: "\r\n")
        #expect(csv.contains { $0.hasPrefix("'=Bob,20,") }, "a name a spreadsheet would run as a formula is quoted")
        #expect(csv.contains { $0.hasPrefix("\"Ann, \"\"Jr\"\"\",,") })
    }
}
