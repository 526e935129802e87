import GridKit
import Synchronization
import Testing
@testable import PentominoKit
@testable import PentominoSearch

/// Solution counts. A debug build solves all five boards in a few seconds, so every count runs in
/// the default `swift test`; the heavier no-flip sweeps run only in release builds
/// (`_isDebugAssertConfiguration()`), where the benchmark and CLI also check them.
@Suite("Solver")
struct SolverTests {
    static let isRelease = !_isDebugAssertConfiguration()

    @Test("published solution counts", arguments: [
        (BoardShape.sixByTen, 9356, 2339), (.fiveByTwelve, 4040, 1010), (.fourByFifteen, 1472, 368),
        (.threeByTwenty, 8, 2), (.eightByEightWithHole, 520, 65),
    ])
    func counts(shape: BoardShape, raw: Int, distinct: Int) {
        let all = PentominoSolver.solve(shape: shape)
        #expect(all.count == raw)
        #expect(all.isComplete && !all.wasCancelled)
        #expect(PentominoSolver.count(shape, distinct: true) == distinct)
        // One search gives both counts, whichever was asked for.
        #expect(all.rawCount == raw && all.distinctCount == distinct)
        let families = PentominoSolver.solve(shape: shape, distinct: true)
        #expect(families.count == distinct && families.isComplete)
        #expect(families.rawCount == raw && families.distinctCount == distinct)
        #expect(families.symmetryCount == (shape == .eightByEightWithHole ? 8 : 4))
        let parallel = PentominoSolver.solve(shape: shape, distinct: true, threads: 2)
        #expect(parallel.count == distinct && parallel.rawCount == raw && parallel.distinctCount == distinct)
    }

    /// Without flips only turns relate solutions, so each family holds 2 (4 on the square board).
    @Test func bothCountsFromOneSearchWithoutFlips() {
        let families = PentominoSolver.solve(shape: .fourByFifteen, flips: false, distinct: true)
        #expect(families.distinctCount == 6 && families.rawCount == 12 && families.symmetryCount == 2)
        let all = PentominoSolver.solve(shape: .fourByFifteen, flips: false)
        #expect(all.count == 12 && all.distinctCount == 6)
    }

    /// Every board offered can be finished: one solution found is enough (the counts of the 8×8
    /// variants are the solver's own, checked by the symmetry test for one of them).
    @Test("every board has a solution", arguments: BoardShape.allCases)
    func everyBoardIsSolvable(shape: BoardShape) {
        #expect(PentominoSolver.solve(board: Board(shape: shape), limit: 1).count == 1)
    }

    /// Checks the solver's own symmetry handling against GridKit's grid turns: every raw solution
    /// is a real, different tiling, and the distinct ones are exactly one per symmetry class.
    @Test("raw solutions are valid and distinct ones are one per symmetry class",
          arguments: [BoardShape.fourByFifteen, .threeByTwenty, .eightByEightWithHole, .eightByEightCornerHole])
    func symmetryClasses(shape: BoardShape) throws {
        let raw = PentominoSolver.solve(shape: shape, keep: Int.max)
        #expect(raw.solutions.count == raw.count)
        #expect(Set(raw.solutions.map(\.rows)).count == raw.count)
        for solution in raw.solutions {
            let board = try Board(shape: shape, placements: solution.placements)
            #expect(board.isSolved)
            #expect(board.letterRows == solution.rows)
        }
        let distinct = PentominoSolver.solve(shape: shape, distinct: true, keep: Int.max)
        let classes = Set(distinct.solutions.map { canonicalForm($0.rows) })
        #expect(classes.count == distinct.count)
        #expect(Set(raw.solutions.map { canonicalForm($0.rows) }) == classes)
    }

    @Test func partialBoardKeepsPlacedPieces() throws {
        let first = try #require(PentominoSolver.solve(shape: .threeByTwenty, limit: 1, keep: 1).solutions.first)
        var board = Board(shape: .threeByTwenty)
        for placement in first.placements.prefix(3) { try board.place(placement) }
        let result = PentominoSolver.solve(board: board, keep: 10)
        #expect(result.count >= 1)
        #expect(result.solutions.contains(first))
        for solution in result.solutions {
            #expect(Array(solution.placements.prefix(3)) == Array(first.placements.prefix(3)))
        }
        // A complete board is its own single solution.
        let full = PentominoSolver.solve(board: first.board, keep: 1)
        #expect(full.count == 1 && full.solutions == [first])
    }

    @Test func limitKeepAndThreadsGiveTheSameFirstSolutions() {
        let five = PentominoSolver.solve(shape: .fiveByTwelve, distinct: true, limit: 5, keep: 5)
        #expect(five.count == 5 && five.solutions.count == 5 && !five.isComplete)
        let more = PentominoSolver.solve(shape: .fiveByTwelve, distinct: true, limit: 20, keep: 20)
        #expect(Array(more.solutions.prefix(5)) == five.solutions)
        let parallel = PentominoSolver.solve(shape: .fiveByTwelve, distinct: true, limit: 20, keep: 20, threads: 2)
        #expect(parallel.solutions == more.solutions && parallel.count == 20)
        let all = PentominoSolver.solve(shape: .eightByEightWithHole, keep: 100, threads: 2)
        let single = PentominoSolver.solve(shape: .eightByEightWithHole, keep: 100)
        #expect(all.count == 520 && all.isComplete)
        #expect(all.solutions == single.solutions)
        #expect(PentominoSolver.solve(shape: .threeByTwenty, limit: 0).count == 0)
    }

    @Test func streamingStopsWhenAsked() {
        var seen: [Solution] = []
        let result = PentominoSolver.forEachSolution(of: Board(shape: .fourByFifteen)) { solution in
            seen.append(solution)
            return seen.count == 3 ? .stop : .proceed
        }
        #expect(seen.count == 3 && result.count == 3 && !result.isComplete)
        #expect(seen == PentominoSolver.solve(shape: .fourByFifteen, keep: 3).solutions)
    }

    @Test func progressIsReportedAndCanCancel() {
        let calls = Mutex(0)
        let cancelled = PentominoSolver.solve(shape: .sixByTen) { progress in
            calls.withLock { $0 += 1 }
            #expect(progress.fractionDone >= 0 && progress.fractionDone <= 1)
            return .stop
        }
        #expect(calls.withLock { $0 } == 1)
        #expect(cancelled.wasCancelled && !cancelled.isComplete && cancelled.count < 9356)

        let watched = PentominoSolver.solve(shape: .fourByFifteen, distinct: true, threads: 2) { _ in
            calls.withLock { $0 += 1 }
            return .proceed
        }
        #expect(watched.count == 368 && watched.isComplete && calls.withLock { $0 } >= 2)
    }

    @Test func withoutFlipsThreeByTwentyHasNoSolution() {
        #expect(PentominoSolver.solve(board: Board(shape: .threeByTwenty), flips: false).count == 0)
        #expect(PentominoSolver.solve(shape: .fourByFifteen, flips: false).count == 12)
    }

    @Test func summedOverHandednessNoFlipCountsEqualFlipCounts() {
        let chiral: [TileShape] = [.f, .l, .n, .p, .y, .z]
        var total = 0
        var solvable = 0
        for subset in 0..<64 {
            let mirrored = Set(chiral.indices.filter { subset & (1 << $0) != 0 }.map { chiral[$0] })
            let count = PentominoSolver.solve(Board(shape: .threeByTwenty),
                                              options: SolveOptions(flips: false, mirroredPieces: mirrored)).count
            total += count
            if count > 0 { solvable += 1 }
        }
        #expect(total == 8)
        #expect(solvable == 2)
    }

    @Test(.enabled(if: SolverTests.isRelease, "no-flip sweeps are release-only"))
    func noFlipCountsWithTheBlogsHandedness() {
        #expect(PentominoSolver.count(.sixByTen, flips: false) == 190)
        #expect(PentominoSolver.count(.sixByTen, flips: false, distinct: true) == 95)
        #expect(PentominoSolver.count(.fiveByTwelve, flips: false) == 60)
        #expect(PentominoSolver.count(.eightByEightWithHole, flips: false) == 36)
        #expect(PentominoSolver.count(.eightByEightWithHole, flips: false, distinct: true) == 9)
    }
}

/// The smallest text among a letter grid's images under the board's symmetries, worked out with
/// GridKit's turns and flips (independently of the solver's bit permutations).
func canonicalForm(_ rows: [String]) -> String {
    guard let grid = Grid(rows.map(Array.init)) else { return "" }
    var images = [grid, grid.rotatedClockwise().rotatedClockwise()]
    images += images.map { $0.flippedHorizontally() }
    if grid.rows == grid.cols {
        images += images.map { $0.transposed() }
    }
    return images.map { $0.text { $0 } }.min() ?? ""
}
