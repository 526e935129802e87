import GridKit
import Testing
@testable import PentominoKit
@testable import PentominoSearch

@Suite("Drop with intent")
struct DropTargetTests {
    let cell = 10.0

    @Test func theSquareUnderTheTopLeftPointWinsWhenLegal() {
        let board = Board(shape: .sixByTen)
        // V's filled cells start one cell in from its grid's corner; (0, 1) puts it on the board.
        #expect(board.dropTarget(for: Tile(.v), at: BoardPoint(x: 12, y: 7), cellSize: cell) == Square(row: 0, col: 1))
        // Anywhere inside that square gives the same answer, even nearer another corner.
        #expect(board.dropTarget(for: Tile(.v), at: BoardPoint(x: 19.9, y: 9.9), cellSize: cell) == Square(row: 0, col: 1))
    }

    @Test func anIllegalSquareSnapsToTheNearestLegalOrigin() {
        let board = Board(shape: .sixByTen)
        // Under the point is (-2, -1): V's top cell would be off the board. Of the legal
        // neighbours, (-1, -1) has the nearest origin (-10, -10).
        let target = board.dropTarget(for: Tile(.v), at: BoardPoint(x: -8, y: -12), cellSize: cell)
        #expect(target == Square(row: -1, col: -1))
    }

    @Test func tiesGoToTheFirstSquareInColumnMajorOrder() throws {
        // L walls off (3, 2) so X may not use origin (1, 1), but (1, 2), (2, 1) and (2, 2) are all
        // legal and their origins are all √50 from (15, 15). Column-major order meets (2, 1) first.
        let board = try Board(shape: .sixByTen, text: """
            ..L.......
            ..L.......
            ..L.......
            .LL.......
            ..........
            ..........
            """)
        let x = Tile(.x)
        #expect(!board.canPlace(x, at: Square(row: 1, col: 1)))
        for legal in [Square(row: 1, col: 2), Square(row: 2, col: 1), Square(row: 2, col: 2)] {
            #expect(board.canPlace(x, at: legal))
        }
        #expect(board.dropTarget(for: x, at: BoardPoint(x: 15, y: 15), cellSize: cell) == Square(row: 2, col: 1))
    }

    @Test func noLegalSquareNearbyMeansNoDrop() throws {
        var board = Board(shape: .sixByTen)
        #expect(board.dropTarget(for: Tile(.i), at: BoardPoint(x: 500, y: 500), cellSize: cell) == nil)
        #expect(board.dropTarget(for: Tile(.i), at: BoardPoint(x: -200, y: 3), cellSize: cell) == nil)
        // A piece already on the board has to be picked up before it can be dropped again.
        try board.place(Placement(.v, at: Square(row: 0, col: 1)))
        #expect(board.dropTarget(for: Tile(.v), at: BoardPoint(x: 52, y: 7), cellSize: cell) == nil)
        #expect(board.dropTarget(for: Tile(.v), at: BoardPoint(x: 12, y: 7), cellSize: 0) == nil)
        #expect(board.dropTarget(for: Tile(.v), at: BoardPoint(x: .nan, y: 7), cellSize: cell) == nil)
    }
}
