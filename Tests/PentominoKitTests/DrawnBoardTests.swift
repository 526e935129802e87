import Foundation
import GridKit
import Testing
@testable import PentominoKit
@testable import PentominoSearch

@Suite("Drawn boards")
struct DrawnBoardTests {
    /// An L: a bar four cells wide and six tall over a foot four tall and nine wide. Its frame
    /// (10×9 = 90 squares) is larger than 64, so the solver numbers only its cells. 1494 solutions,
    /// counted by an independent exact-cover search (Algorithm X) over the same cells.
    static let lShape = Array(repeating: "....#####", count: 6) + Array(repeating: ".........", count: 4)
    /// A thin L, three cells wide: 15 solutions (the same independent count), quick to search.
    static let thinL = Array(repeating: "...#########", count: 8) + Array(repeating: "............", count: 3)

    @Test func aDrawingIsTrimmedAndRoundTripsThroughItsID() throws {
        let framed = ["############"] + Self.lShape.map { "#" + $0 + "##" } + ["############"]
        let shape = try BoardShape.drawn(rows: framed)
        guard case .drawn(let drawing) = shape else { Issue.record("not drawn: \(shape)"); return }
        #expect(drawing.rows == 10 && drawing.cols == 9)
        #expect(drawing.textRows == Self.lShape)
        #expect(shape.id == "drawn:" + Self.lShape.joined(separator: "/"))
        #expect(BoardShape(rawValue: shape.id) == shape)
        #expect(try BoardShape.parse(shape.id) == shape)
        #expect(Board(shape: shape).emptySquares.count == 60)
        #expect(Board(shape: shape).letterRows == Self.lShape)
    }

    @Test func aDrawnRectangleIsTheNamedBoard() throws {
        let rows = ["############"] + Array(repeating: "#" + String(repeating: ".", count: 10) + "#", count: 6)
        #expect(try BoardShape.drawn(rows: rows) == .sixByTen)
    }

    @Test func badDrawingsAreRefusedWithTheirReason() {
        #expect(throws: PentominoError.drawnBoardCells(59)) {
            try BoardShape.drawn(rows: ["#" + String(repeating: ".", count: 9)] + Array(repeating: String(repeating: ".", count: 10), count: 5))
        }
        #expect(throws: PentominoError.drawnBoardCharacter("x")) { try BoardShape.drawn(rows: ["..x.."]) }
        #expect(throws: PentominoError.drawnBoardFrame) { try BoardShape.drawn(rows: []) }
        #expect(throws: PentominoError.drawnBoardFrame) { try BoardShape.drawn(rows: ["...", "...."]) }
        #expect(throws: PentominoError.drawnBoardFrame) { try BoardShape.drawn(rows: [String(repeating: ".", count: 21)]) }
        #expect(throws: PentominoError.drawnBoardFrame) { try BoardShape.drawn(rows: Array(repeating: ".", count: 21)) }
    }

    @Test func theLShapeHasItsSolutionsOnTheCompactNumbering() throws {
        let shape = try BoardShape.drawn(rows: Self.lShape)
        let result = PentominoSolver.solve(shape: shape, keep: 3)
        #expect(result.isComplete)
        #expect(result.count == 1494)
        // No symmetry of its 10×9 frame keeps the L, so every solution is distinct.
        #expect(result.symmetryCount == 1 && result.distinctCount == 1494)
        // Every kept solution covers exactly the board's cells.
        #expect(result.solutions.count == 3 && result.solutions.allSatisfy { $0.board.isSolved })
    }

    @Test func hintsWaysLeftAndStuckWorkOnADrawnBoard() throws {
        let shape = try BoardShape.drawn(rows: Self.thinL)
        var puzzle = PentominoPuzzle(id: "drawn", shape: shape)
        #expect(puzzle.solutionCount() == (15, true))
        let hint = try #require(puzzle.hint())
        try puzzle.place(hint)
        #expect(puzzle.solutionCount().count > 0)
        #expect(puzzle.stuck() == .solvable)
    }

    @Test func aBoardWithNoSolutionCountsNone() throws {
        // Twelve separate strips of five: only I fits in one.
        let strips = [".....#....."] + Array(repeating: ["###########", ".....#....."], count: 5).flatMap { $0 }
        let shape = try BoardShape.drawn(rows: strips)
        let result = PentominoSolver.solve(shape: shape)
        #expect(result.isComplete && result.count == 0)
        #expect(PentominoPuzzle(id: "none", shape: shape).stuck() == .unsolvableBoard)
    }

    @Test func aStoredPuzzleOnADrawnBoardReadsBack() throws {
        let shape = try BoardShape.drawn(rows: Self.thinL)
        var puzzle = PentominoPuzzle(id: "stored", shape: shape)
        let hint = try #require(puzzle.hint())
        try puzzle.place(hint)
        let data = try JSONEncoder().encode(puzzle)
        let back = try JSONDecoder().decode(PentominoPuzzle.self, from: data)
        #expect(back.board == puzzle.board)
        #expect(back.board.shape == shape)
    }
}
