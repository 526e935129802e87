import GridKit
import Testing

@Suite struct GridTests {
    let letters = Grid([["a", "b", "c"], ["d", "e", "f"]] as [[Character]])!

    @Test func rotatingFourTimesIsIdentity() {
        var grid = letters
        for _ in 0..<4 { grid = grid.rotatedClockwise() }
        #expect(grid == letters)
    }

    @Test func clockwiseTurnPutsBottomLeftAtTopLeft() {
        let turned = letters.rotatedClockwise()
        #expect(turned.rows == 3 && turned.cols == 2)
        #expect(turned.text { $0 } == "da\neb\nfc")
        #expect(turned.rotatedAnticlockwise() == letters)
    }

    @Test func flipMirrorsLeftToRight() {
        #expect(letters.flippedHorizontally().text { $0 } == "cba\nfed")
        #expect(letters.flippedHorizontally().flippedHorizontally() == letters)
    }

    @Test func safeReadOutsideIsNil() {
        #expect(letters.cell(at: Square(row: 2, col: 0)) == nil)
        #expect(letters.cell(at: Square(row: -1, col: 0)) == nil)
        #expect(letters.cell(at: Square(row: 1, col: 2)) == "f")
    }

    @Test func parseRejectsRaggedText() {
        #expect(Grid<Character>.parse("ab\nc") { $0 } == nil)
        #expect(Grid<Character>.parse("ab\ncd") { $0 }?.transposed().text { $0 } == "ac\nbd")
    }

    @Test func directionsAreConsistent() {
        for direction in Direction.allCases {
            #expect(direction.opposite.opposite == direction)
            #expect(Square(row: 3, col: 3).moved(direction).moved(direction.opposite) == Square(row: 3, col: 3))
            #expect(direction.clockwise.anticlockwise == direction)
        }
        #expect(Square(row: 3, col: 3).moved(.north) == Square(row: 2, col: 3))
    }
}
