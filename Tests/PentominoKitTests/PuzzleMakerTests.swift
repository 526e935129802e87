import Foundation
import GridKit
import Testing
@testable import PentominoKit
@testable import PentominoSearch

/// Puzzles that start with tiles placed: each difficulty's band of ways left, given tiles that
/// stay, and the daily puzzle with exactly one way to finish.
@Suite("Puzzle maker")
struct PuzzleMakerTests {
    @Test(arguments: Difficulty.allCases)
    func eachDifficultyLeavesWaysInItsBand(difficulty: Difficulty) throws {
        for seed: UInt64 in [1, 2, 3] {
            let puzzle = try #require(PentominoPuzzle.made(id: "p", shape: .sixByTen, difficulty: difficulty, seed: seed))
            let ways = puzzle.solutionCount()
            #expect(difficulty.waysLeft.contains(ways.count), "\(difficulty) seed \(seed): \(ways.count) ways")
            #expect(!puzzle.given.isEmpty && puzzle.given.count < 12)
            #expect(puzzle.given == puzzle.board.placements.map(\.shape))
            #expect(puzzle.difficulty == difficulty && puzzle.flips)
        }
    }

    @Test func theSameSeedMakesTheSamePuzzle() throws {
        let one = PentominoPuzzle.made(id: "p", shape: .fiveByTwelve, difficulty: .medium, seed: 42, now: .distantPast)
        let two = PentominoPuzzle.made(id: "p", shape: .fiveByTwelve, difficulty: .medium, seed: 42, now: .distantPast)
        #expect(one != nil && one == two)
    }

    @Test func aBoardWithFewSolutionsGetsTheNearestItAllows() throws {
        // 3×20 has 8 solutions in all: easy's 20 or more cannot be had, one tile is the nearest.
        let puzzle = try #require(PentominoPuzzle.made(id: "p", shape: .threeByTwenty, difficulty: .easy, seed: 7))
        #expect(puzzle.given.count == 1 && puzzle.solutionCount().count >= 1)
    }

    @Test func givenTilesStayThroughRemoveAndReset() throws {
        var puzzle = try #require(PentominoPuzzle.made(id: "p", shape: .sixByTen, difficulty: .hard, seed: 5))
        let given = try #require(puzzle.given.first)
        #expect(throws: PuzzleError.givenTile(given)) { try puzzle.remove(given) }
        let next = try #require(puzzle.hint())
        try puzzle.place(next)
        puzzle.reset()
        #expect(puzzle.board.placements.map(\.shape) == puzzle.given)
        let copy = puzzle.copy(id: "mine")
        #expect(copy.id == "mine" && copy.given == puzzle.given && copy.board == puzzle.board)
    }

    @Test func stuckNeverNamesAGivenTile() throws {
        var puzzle = try #require(PentominoPuzzle.made(id: "p", shape: .sixByTen, difficulty: .easy, seed: 11))
        // Fill with hints, then move one tile of the player's somewhere it does not belong.
        for _ in 0..<3 { if let next = puzzle.hint() { try puzzle.place(next) } }
        let own = try #require(puzzle.board.placements.first { !puzzle.given.contains($0.shape) })
        try puzzle.remove(own.shape)
        let elsewhere = Board.allPlacements(of: own.shape, on: puzzle.board).first { candidate in
            var trial = puzzle
            return (try? trial.place(candidate)) != nil && trial.hint() == nil
        }
        guard let elsewhere else { return }  // nowhere to block: nothing to check
        try puzzle.place(elsewhere)
        guard case .remove(let tiles) = puzzle.stuck() else { Issue.record("expected tiles in the way"); return }
        #expect(!tiles.contains { puzzle.given.contains($0) })
    }

    @Test func olderStoredPuzzlesHaveNoGivenTiles() throws {
        let stored = #"{"id":"old","flips":true,"board":{"shape":"6x10","placements":[]},"startedAt":0}"#
        let puzzle = try JSONDecoder().decode(PentominoPuzzle.self, from: Data(stored.utf8))
        #expect(puzzle.given.isEmpty && puzzle.difficulty == nil && puzzle.daily == nil)
        let made = try #require(PentominoPuzzle.made(id: "p", shape: .sixByTen, difficulty: .hard, seed: 1))
        let again = try JSONDecoder().decode(PentominoPuzzle.self, from: JSONEncoder().encode(made))
        #expect(again == made)
    }
}

@Suite("Daily puzzle")
struct DailyPuzzleTests {
    @Test func daysReadAndWriteAsISODates() throws {
        #expect(PuzzleDay("1970-01-01") == nil, "before 2000")
        #expect(PuzzleDay("2000-01-01")?.description == "2000-01-01")
        #expect(PuzzleDay("2024-02-29")?.adding(days: 1).description == "2024-03-01")
        for bad in ["2023-02-29", "2026-13-01", "2026-1-01", "2026-01-01T", "+026-01-01", "２０２６-01-01", ""] {
            #expect(PuzzleDay(bad) == nil, "\(bad)")
        }
        let day = PuzzleDay(containing: Date(timeIntervalSince1970: 1_795_305_600 + 86_399))  // 2026-11-22, last second
        #expect(day.description == "2026-11-22" && PuzzleDay(day.description) == day)
        #expect(DailyPuzzle.day(inID: "daily-2026-11-22") == day && DailyPuzzle.day(inID: "2026-11-22") == nil)
    }

    /// Each of the boards in turn has exactly one way to finish, and making it again gives the same.
    @Test(arguments: ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"])
    func theDailyHasExactlyOneSolution(date: String) throws {
        let day = try #require(PuzzleDay(date))
        SolutionCatalogue.prepare(DailyPuzzle.board(for: day))
        let clock = ContinuousClock()
        var made: PentominoPuzzle?
        let elapsed = clock.measure { made = DailyPuzzle.make(for: day) }
        let puzzle = try #require(made)
        print("daily \(day) on \(puzzle.board.shape): \(puzzle.given.count) tiles given, made in \(elapsed)")
        #expect(puzzle.solutionCount() == (1, true))
        #expect(puzzle.id == "daily-\(date)" && puzzle.daily == day && puzzle.startedAt == day.start)
        #expect(DailyPuzzle.make(for: day) == puzzle)
        #expect(elapsed < .seconds(1))
    }
}

extension SolutionCatalogue {
    static func prepare(_ shape: BoardShape) {
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = shared(for: shape) }
        print("solution list of \(shape): \(shared(for: shape).count) solutions, \(elapsed) (once per process)")
    }
}

extension Board {
    /// Every placement of `shape` that fits on `board` now (for tests that want a tile misplaced).
    static func allPlacements(of shape: TileShape, on board: Board) -> [Placement] {
        var found: [Placement] = []
        for orientation in shape.orientations {
            for row in -4..<board.shape.rows {
                for col in -4..<board.shape.cols {
                    let placement = Placement(shape, orientation, at: Square(row: row, col: col))
                    if board.canPlace(placement) { found.append(placement) }
                }
            }
        }
        return found
    }
}
