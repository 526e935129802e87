import Foundation
import Testing
@testable import RouterKit
@testable import RouterPython

/// The rules behind the teacher's views: who is stuck, playing, done or away; what a pupil's
/// progress and saved programs remember of their runs; and which working programs have one shape.
@Suite struct TeachingRulesTests {
    let now = Date(timeIntervalSinceReferenceDate: 800_000_000)

    func minutesAgo(_ minutes: Double) -> Date { now.addingTimeInterval(-minutes * 60) }

    func run(_ level: String, _ success: Bool, _ minutes: Double) -> RecentRun {
        RecentRun(level: level, success: success, at: minutesAgo(minutes))
    }

    @Test func threeFailuresOnOneLevelInFifteenMinutesIsStuck() {
        let runs = [run("5", false, 12), run("4", false, 10), run("5", false, 9), run("5", false, 1)]
        let activity = PupilActivity.make(recent: runs, lastSeen: nil, now: now)
        #expect(activity == PupilActivity(state: .stuck, level: "5", since: minutesAgo(12), failures: 3))
        // A success since the first failures counts only the ones after it.
        let recovered = PupilActivity.make(recent: runs + [run("5", true, 5)], lastSeen: nil, now: now)
        #expect(recovered.state == .playing && recovered.level == "5")
        // Failures older than the window do not count.
        let old = PupilActivity.make(recent: [run("5", false, 20), run("5", false, 16), run("5", false, 2)], lastSeen: nil, now: now)
        #expect(old.state == .playing && old.failures == 0)
    }

    @Test func playingSinceTheStartOfTheRunsOnTheLevel() {
        let runs = [run("3", true, 40), run("4", false, 30), run("4", true, 20), run("4", false, 8), run("4", false, 1)]
        #expect(PupilActivity.make(recent: runs, lastSeen: nil, now: now) == PupilActivity(state: .playing, level: "4", since: minutesAgo(30)))
        // A gap longer than the window starts again.
        let gap = [run("4", false, 50), run("4", false, 10)]
        #expect(PupilActivity.make(recent: gap, lastSeen: nil, now: now).since == minutesAgo(10))
    }

    @Test func doneForTodaySignedInAndAway() {
        #expect(PupilActivity.make(recent: [run("9", true, 60)], lastSeen: minutesAgo(1), now: now)
                == PupilActivity(state: .done, level: "9", since: minutesAgo(60)))
        #expect(PupilActivity.make(recent: [], lastSeen: minutesAgo(30), now: now) == PupilActivity(state: .playing, since: minutesAgo(30)))
        #expect(PupilActivity.make(recent: [run("9", true, 60 * 9)], lastSeen: minutesAgo(61), now: now) == PupilActivity(state: .away))
    }

    @Test func stuckPupilsComeFirst() {
        let states: [PupilActivity.State] = [.away, .done, .stuck, .playing, .stuck]
        let sorted = PupilActivity.sorted(Array(states.enumerated()), state: \.element) { $0.offset < $1.offset }
        #expect(sorted.map(\.offset) == [2, 4, 3, 1, 0])
    }

    @Test func progressRemembersTheNewestRunsAndKeepsItsCodedForm() throws {
        var progress = PlayerProgress(id: "p")
        for index in 0..<40 {
            progress.record(levelID: String(index % 3), score: 1, max: 2, solved: index % 2 == 0, seconds: 1,
                            at: now.addingTimeInterval(Double(index)))
        }
        #expect(progress.recent.count == PlayerProgress.recentLimit)
        #expect(progress.recent.first?.at == now.addingTimeInterval(10) && progress.recent.last?.at == now.addingTimeInterval(39))
        let empty = String(decoding: try JSONEncoder().encode(PlayerProgress(id: "x")), as: UTF8.self)
        #expect(!empty.contains("recent"))
        let old = try JSONDecoder().decode(PlayerProgress.self, from: Data(#"{"id":"x","levels":{}}"#.utf8))
        #expect(old.recent == [])
    }

    @Test func savedProgramsKeepTheLastTwentyAttemptsWithinTheirBytes() {
        var saved = SavedPrograms(id: "p/1")
        for index in 0..<25 {
            saved.record(SavedPrograms.Run(program: "{\"n\":\(index)}", score: index, max: 30, success: index == 3, at: now))
        }
        #expect(saved.attempts.count == SavedPrograms.historyLimit)
        #expect(saved.attempts.first?.score == 24 && saved.attempts.last?.score == 5)
        #expect(saved.best?.score == 3, "the best outlives the history")
        let big = String(repeating: "x", count: SavedPrograms.historyBytes / 3 + 1)
        for _ in 0..<5 { saved.record(SavedPrograms.Run(program: big, score: 0, max: 30, success: false, at: now)) }
        #expect(saved.attempts.count == 2)
        // Records kept before the history existed show their latest run as the one attempt.
        #expect(SavedPrograms(id: "p/2", latest: saved.latest).attempts.count == 1)
    }

    @Test func programsWithTheSameBlocksHaveOneShape() throws {
        let short = try Program.parse(json: Data(#"{"blocks":[{"type":"controls_repeat","times":8,"do":[{"type":"move_forwards"}]}]}"#.utf8))
        let sameWithIDs = try Program.parse(json: Data(#"{"blocks":[{"type":"controls_repeat","id":"x","times":8,"do":[{"type":"move_forwards","id":"y"}]}]}"#.utf8))
        let asPython = try PythonProgram.parse("from van import Van\nv = Van()\nfor i in range(8):\n    v.move_forwards()\n")
        let long = try Program.parse(json: Data(#"{"blocks":[{"type":"move_forwards"},{"type":"move_forwards"}]}"#.utf8))
        let groups = SolutionGroups.group([(member: 1, program: .blocks(long)), (member: 2, program: .blocks(short)),
                                           (member: 3, program: .blocks(sameWithIDs)), (member: 4, program: .python(asPython))])
        #expect(groups.map(\.label) == ["A", "B"])
        #expect(groups.map(\.members) == [[1], [2, 3, 4]] || groups.map(\.members) == [[2, 3, 4], [1]])
        #expect(groups.first?.blockCount ?? 0 <= groups.last?.blockCount ?? 0)
        #expect([0, 25, 26, 27, 701, 702].map(SolutionGroups.label) == ["A", "Z", "AA", "AB", "ZZ", "AAA"])
    }
}
