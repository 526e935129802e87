import Foundation
import GridKit
import Testing
@testable import PentominoKit
@testable import PentominoSearch

/// "Why am I stuck?" names the fewest placed tiles in the way, and agrees with asking the solver
/// again without them.
@Suite("Stuck")
struct StuckTests {
    /// Three tiles of a real solution, away from the top-left corner (a completable start), then X
    /// walling off cell (0, 0).
    private func deadEnd(flips: Bool) throws -> PentominoPuzzle {
        var solved = PentominoPuzzle(id: "solution", shape: .sixByTen, flips: flips)
        while let next = solved.hint() { try solved.place(next) }
        let farRight = solved.board.placements.filter { $0.shape != .x && $0.cells.allSatisfy { $0.col >= 4 } }.prefix(3)
        try #require(farRight.count == 3)
        var puzzle = PentominoPuzzle(id: "stuck", shape: .sixByTen, flips: flips)
        for placement in farRight { try puzzle.place(placement) }
        #expect(puzzle.stuck() == .solvable)
        try puzzle.place(Placement(.x, at: Square(row: -1, col: -1)))  // its box is rows 0–2, cols 0–2: (0, 0) is cut off
        return puzzle
    }

    @Test(arguments: [true, false])
    func theTileThatWallsOffACornerIsNamed(flips: Bool) throws {
        let puzzle = try deadEnd(flips: flips)
        #expect(puzzle.hint() == nil)
        #expect(puzzle.stuck() == .remove([.x]))
    }

    @Test func theAnswerIsTheFewestAndTakingThemOffReallyHelps() throws {
        var puzzle = try deadEnd(flips: true)
        guard case .remove(let tiles) = puzzle.stuck() else { Issue.record("expected tiles to remove"); return }
        for tile in tiles { try puzzle.remove(tile) }
        #expect(puzzle.hint() != nil)
    }

    @Test func aCompletedBoardIsNotStuck() throws {
        var puzzle = PentominoPuzzle(id: "done", shape: .threeByTwenty)
        while let next = puzzle.hint() { try puzzle.place(next) }
        #expect(puzzle.board.isSolved && puzzle.stuck() == .solvable)
    }
}

/// The count of ways left, from the solution list, agrees with the solver's own search.
@Suite("Solutions left")
struct SolutionsLeftTests {
    @Test(arguments: [0, 1, 3])
    func theListAndTheSearchAgree(placed: Int) throws {
        var puzzle = PentominoPuzzle(id: "left", shape: .fiveByTwelve)
        for _ in 0..<placed { try puzzle.place(try #require(puzzle.hint())) }
        let fromList = puzzle.solutionCount()
        let searched = PentominoSolver.solve(board: puzzle.board, flips: true)
        #expect(fromList.complete && fromList.count == searched.count && searched.count > 0)
        #expect(puzzle.solutionCount(limit: 1) == (placed == 0 ? (1, false) : (min(1, searched.count), searched.count <= 1)))
    }
}
