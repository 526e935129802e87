import Foundation
import GridKit
import Testing
@testable import PentominoKit
@testable import PentominoSearch

@Suite("Boards")
struct BoardTests {
    /// V as drawn fills a 3×3 corner shape whose box starts at grid cell (1, 1).
    private func vCovering(boxAt corner: Square) -> Placement {
        Placement(.v, at: Square(row: corner.row - 1, col: corner.col - 1))
    }

    @Test("boards have their ids, sizes and 60 free cells", arguments: [
        (BoardShape.sixByTen, "6x10", 6, 10), (.fiveByTwelve, "5x12", 5, 12),
        (.fourByFifteen, "4x15", 4, 15), (.threeByTwenty, "3x20", 3, 20), (.eightByEightWithHole, "8x8", 8, 8),
    ])
    func sizes(shape: BoardShape, id: String, rows: Int, cols: Int) throws {
        #expect(shape.id == id)
        #expect(try BoardShape.parse(id) == shape)
        #expect(shape.rows == rows && shape.cols == cols)
        #expect(shape.freeCellCount == 60)
        #expect(Board(shape: shape).emptySquares.count == 60)
    }

    @Test func boardIdsAreForgiving() {
        #expect(BoardShape(id: "6×10") == .sixByTen)
        #expect(BoardShape(id: "8X8-hole") == .eightByEightWithHole)
        #expect(throws: PentominoError.unknownBoard("7x7")) { try BoardShape.parse("7x7") }
    }

    /// The boards whose 3×3 corner boxes hold no hole (a hole in a corner box would refuse the V).
    static let openCorners = BoardShape.allCases.filter { shape in
        shape.holes.allSatisfy { hole in (3..<shape.rows - 3).contains(hole.row) || (3..<shape.cols - 3).contains(hole.col) }
    }

    @Test("a piece fits in every corner, and not one cell further out", arguments: openCorners)
    func corners(shape: BoardShape) throws {
        let board = Board(shape: shape)
        let corners: [(box: Square, outward: Square)] = [
            (Square(row: 0, col: 0), Square(row: -1, col: -1)),
            (Square(row: 0, col: shape.cols - 3), Square(row: -1, col: 1)),
            (Square(row: shape.rows - 3, col: 0), Square(row: 1, col: -1)),
            (Square(row: shape.rows - 3, col: shape.cols - 3), Square(row: 1, col: 1)),
        ]
        for corner in corners {
            let inside = vCovering(boxAt: corner.box)
            #expect(board.canPlace(inside), "\(shape) \(corner.box)")
            for step in [Square(row: corner.outward.row, col: 0), Square(row: 0, col: corner.outward.col)] {
                let outside = Placement(.v, at: inside.origin + step)
                #expect(!board.canPlace(outside))
                #expect(throws: PentominoError.self) { try board.validate(outside) }
            }
        }
        // The top-left V hangs its empty grid cells off the board: the origin is negative.
        #expect(vCovering(boxAt: Square(row: 0, col: 0)).origin == Square(row: -1, col: -1))
        var copy = board
        try copy.place(vCovering(boxAt: Square(row: 0, col: 0)))
        #expect(copy.tile(at: Square(row: 0, col: 0)) == .v)
    }

    @Test func thereAreTenBoardsEachWithSixtyFreeCellsAndItsOwnId() {
        #expect(BoardShape.allCases.count >= 10)
        #expect(Set(BoardShape.allCases.map(\.id)).count == BoardShape.allCases.count)
        #expect(BoardShape.allCases.allSatisfy { $0.freeCellCount == 60 && $0.rows * $0.cols <= 64 && $0.holes.allSatisfy($0.contains) })
        #expect(Self.openCorners.contains(.sixByTen) && !Self.openCorners.contains(.eightByEightCornerHole))
    }

    @Test func theEightByEightHoleCannotBeCovered() {
        let board = Board(shape: .eightByEightWithHole)
        let holes = BoardShape.eightByEightWithHole.holes
        #expect(holes == [Square(row: 3, col: 3), Square(row: 3, col: 4), Square(row: 4, col: 3), Square(row: 4, col: 4)])
        for piece in TileShape.allCases {
            for orientation in piece.orientations {
                for row in -4..<8 {
                    for col in -4..<8 {
                        let placement = Placement(piece, orientation, at: Square(row: row, col: col))
                        if placement.cells.contains(where: holes.contains) {
                            #expect(!board.canPlace(placement))
                        }
                    }
                }
            }
        }
        // X centred on a hole cell is refused with the hole named.
        #expect(throws: PentominoError.coversHole(.x, Square(row: 3, col: 3))) {
            try board.validate(Placement(.x, at: Square(row: 1, col: 1)))
        }
        #expect(board.tile(at: Square(row: 3, col: 3)) == nil)
    }

    @Test func tileAtAnswersOnlyForFilledCells() throws {
        var board = Board(shape: .sixByTen)
        let placement = Placement(.x, at: Square(row: 0, col: 0))
        try board.place(placement)
        #expect(placement.cells == [Square(row: 1, col: 2), Square(row: 2, col: 1), Square(row: 2, col: 2),
                                    Square(row: 2, col: 3), Square(row: 3, col: 2)])
        for row in -1...5 {
            for col in -1...5 {
                let square = Square(row: row, col: col)
                #expect(board.tile(at: square) == (placement.cells.contains(square) ? .x : nil))
            }
        }
        // The origin itself is an empty grid cell of X, so nothing answers there.
        #expect(board.tile(at: Square(row: 0, col: 0)) == nil)
    }

    @Test func placeRemoveAndPickUp() throws {
        var board = Board(shape: .sixByTen)
        try board.place(Tile(.i), at: Square(row: 0, col: -2))
        try board.place(Tile(.l, Orientation(quarterTurns: 1)), at: Square(row: 3, col: 4))
        #expect(board.placements.map(\.shape) == [.i, .l])
        #expect(board.unplacedShapes.count == 10)
        #expect(!board.isSolved)
        let picked = try board.removeTile(at: Square(row: 4, col: 0))
        #expect(picked.shape == .i)
        #expect(board.tile(at: Square(row: 4, col: 0)) == nil)
        let removed = try board.remove(.l)
        #expect(removed.shape == .l)
        #expect(board == Board(shape: .sixByTen))
    }

    @Test func everyPlacementErrorIsReported() throws {
        var board = Board(shape: .sixByTen)
        try board.place(Placement(.x, at: Square(row: 0, col: 0)))
        #expect(throws: PentominoError.tileAlreadyPlaced(.x)) { try board.place(Placement(.x, at: Square(row: 2, col: 4))) }
        #expect(throws: PentominoError.offBoard(.i, Square(row: -1, col: 9))) {
            try board.place(Placement(.i, at: Square(row: -1, col: 7)))
        }
        #expect(throws: PentominoError.overlaps(.i, Square(row: 1, col: 2), .x)) {
            try board.place(Placement(.i, at: Square(row: 0, col: 0)))
        }
        #expect(throws: PentominoError.notPlaced(.f)) { try board.remove(.f) }
        #expect(throws: PentominoError.noTileAt(Square(row: 5, col: 5))) { try board.removeTile(at: Square(row: 5, col: 5)) }
        let before = board
        #expect(throws: PentominoError.self) { try board.place(Placement(.i, at: Square(row: 0, col: 0))) }
        #expect(board == before, "a refused placement leaves the board unchanged")
    }

    @Test func errorsHaveStableCodesAndMessages() {
        let errors: [PentominoError] = [
            .unknownTile("K"), .unknownBoard("7x7"), .invalidTileText("x"), .invalidBoardText("x"),
            .tileAlreadyPlaced(.x), .offBoard(.i, Square(row: -1, col: 0)), .coversHole(.x, Square(row: 3, col: 3)),
            .overlaps(.i, Square(row: 0, col: 0), .x), .notPlaced(.f), .noTileAt(Square(row: 0, col: 0)),
        ]
        #expect(Set(errors.map(\.code)).count == errors.count)
        #expect(errors.allSatisfy { !$0.description.isEmpty })
        #expect(PentominoError.overlaps(.i, Square(row: 1, col: 2), .x).description.contains("X"))
    }

    @Test func letterTextRoundTrips() throws {
        let text = """
            ..L.......
            ..L.......
            ..L.......
            .LL...X...
            .....XXX..
            ......X...
            """
        let board = try Board(shape: .sixByTen, text: text)
        #expect(board.placements.map(\.shape) == [.l, .x])
        #expect(board.text == text)
        #expect(try Board(shape: .sixByTen, text: board.text) == board)
        // The blog's letter Q is L.
        #expect(try Board(shape: .sixByTen, text: text.replacing("L", with: "Q")) == board)
        let withHole = Board(shape: .eightByEightWithHole)
        #expect(withHole.letterRows[3] == "...##...")
        #expect(try Board(shape: .eightByEightWithHole, text: withHole.text) == withHole)
    }

    @Test func badLetterTextIsRejected() {
        #expect(throws: PentominoError.self) { try Board(shape: .threeByTwenty, text: "....") }
        let notAnX = "XX..................\nXXX.................\n...................."
        #expect(throws: PentominoError.invalidBoardText("the cells marked X do not form one X piece")) {
            try Board(shape: .threeByTwenty, text: notAnX)
        }
        #expect(throws: PentominoError.self) {
            try Board(shape: .threeByTwenty, text: "K...................\n....................\n....................")
        }
    }

    @Test func modelsAreCodable() throws {
        var board = Board(shape: .fiveByTwelve)
        try board.place(Placement(.f, Orientation(quarterTurns: 1, flipped: true), at: Square(row: 0, col: 0)))
        try board.place(Placement(.i, at: Square(row: 0, col: 8)))
        let data = try JSONEncoder().encode(board)
        #expect(try JSONDecoder().decode(Board.self, from: data) == board)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"shape\":\"5x12\""))
        #expect(json.contains("\"tile\":\"F\""))

        // A decoded board obeys the rules: overlapping placements are refused.
        let bad = #"{"shape":"6x10","placements":[{"tile":"X","origin":{"row":0,"col":0}},{"tile":"O","origin":{"row":0,"col":0}}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Board.self, from: Data(bad.utf8)) }
        // Blog letters decode too.
        let alias = #"{"tile":"R","orientation":{"quarterTurns":5},"origin":{"row":1,"col":2}}"#
        let placement = try JSONDecoder().decode(Placement.self, from: Data(alias.utf8))
        #expect(placement == Placement(.f, Orientation(quarterTurns: 1), at: Square(row: 1, col: 2)))
        let tile = Tile(.n, Orientation(quarterTurns: 2, flipped: true))
        #expect(try JSONDecoder().decode(Tile.self, from: JSONEncoder().encode(tile)) == tile)
    }
}
