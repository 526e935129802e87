import Foundation
import GridKit
import Testing
@testable import PentominoKit
@testable import PentominoSearch

@Suite("Hints")
struct HintTests {
    @Test("following hints from empty solves the board", arguments: [BoardShape.threeByTwenty, .sixByTen])
    func followingHintsSolves(shape: BoardShape) throws {
        var board = Board(shape: shape)
        for _ in 0..<12 {
            guard case .place(let placement) = PentominoSolver.hint(for: board) else {
                Issue.record("expected a placement on \(board.text)")
                return
            }
            // The hint covers the first empty cell in reading order.
            let firstEmpty = try #require(board.emptySquares.first)
            #expect(placement.cells.contains(firstEmpty))
            try board.place(placement)
        }
        #expect(board.isSolved)
        #expect(PentominoSolver.hint(for: board) == .solved)
    }

    @Test func hintOnAnUnsolvableBoardSaysSo() throws {
        // X in the corner walls off cell (0, 0).
        var board = Board(shape: .sixByTen)
        try board.place(Placement(.x, at: Square(row: -1, col: -1)))
        #expect(PentominoSolver.hint(for: board) == .noSolution)
        #expect(!PentominoSolver.isSolvable(board))

        // Subtler: I along the top of 3×20 leaves no region of a bad size, but no solution has it.
        let top = try Board(shape: .threeByTwenty, text: """
            IIIII...............
            ....................
            ....................
            """)
        #expect(PentominoSolver.hint(for: top) == .noSolution)
        #expect(PentominoSolver.solve(board: top).count == 0)
    }

    /// The hint list and the live search must agree on whether a board can be finished.
    @Test func hintAgreesWithTheSearchForEveryXPosition() {
        for shape in [BoardShape.threeByTwenty, .fourByFifteen] {
            for row in -1..<(shape.rows - 2) {
                for col in -1..<(shape.cols - 2) {
                    var board = Board(shape: shape)
                    guard (try? board.place(Placement(.x, at: Square(row: row, col: col)))) != nil else { continue }
                    let solvable = PentominoSolver.solve(board: board, limit: 1).count == 1
                    let hint = PentominoSolver.hint(for: board)
                    #expect((hint != .noSolution) == solvable, "\(shape) X at \(row), \(col)")
                    if case .place(let placement) = hint {
                        try? board.place(placement)
                        #expect(PentominoSolver.solve(board: board, limit: 1).count == 1)
                    }
                }
            }
        }
    }

    @Test func hintsAreCodable() throws {
        let hints: [Hint] = [.place(Placement(.f, at: Square(row: 0, col: 0))), .solved, .noSolution]
        for hint in hints {
            let data = try JSONEncoder().encode(hint)
            #expect(try JSONDecoder().decode(Hint.self, from: data) == hint)
        }
    }
}
