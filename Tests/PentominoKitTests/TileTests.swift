import GridKit
import Testing
@testable import PentominoKit
@testable import PentominoSearch

@Suite("Tiles")
struct TileTests {
    @Test("each piece has its true number of orientations", arguments: [
        (TileShape.f, 8), (.i, 2), (.l, 8), (.n, 8), (.p, 8), (.t, 4),
        (.u, 4), (.v, 4), (.w, 4), (.x, 1), (.y, 8), (.z, 4),
    ])
    func orientationCounts(shape: TileShape, expected: Int) {
        #expect(shape.orientations.count == expected)
        // Distinct grids and distinct shapes agree: symmetric pieces are drawn centred.
        let shapes = Set(shape.orientations.map { shape.normalisedCells($0) })
        #expect(shapes.count == expected)
        let allShapes = Set(Orientation.all.map { shape.normalisedCells($0) })
        #expect(allShapes.count == expected)
    }

    @Test func sixtyThreeFixedOrientationsInAll() {
        #expect(TileShape.allCases.map(\.orientations.count).reduce(0, +) == 63)
    }

    @Test func everyDrawingIsFiveConnectedCells() {
        for shape in TileShape.allCases {
            let cells = shape.gridCells(.identity)
            #expect(cells.count == 5, "\(shape)")
            var reached: Set<Square> = [cells[0]]
            var frontier = [cells[0]]
            while let next = frontier.popLast() {
                for neighbour in next.neighbours where cells.contains(neighbour) && !reached.contains(neighbour) {
                    reached.insert(neighbour)
                    frontier.append(neighbour)
                }
            }
            #expect(reached.count == 5, "\(shape) is not connected")
        }
    }

    @Test func fourTurnsAndTwoFlipsAreIdentity() {
        for shape in TileShape.allCases {
            for orientation in Orientation.all {
                let tile = Tile(shape, orientation)
                let clockwise = tile.rotatedClockwise().rotatedClockwise().rotatedClockwise().rotatedClockwise()
                let anticlockwise = tile.rotatedAnticlockwise().rotatedAnticlockwise()
                    .rotatedAnticlockwise().rotatedAnticlockwise()
                #expect(clockwise == tile)
                #expect(anticlockwise == tile)
                #expect(tile.flipped().flipped() == tile)
                #expect(tile.rotatedClockwise().rotatedAnticlockwise() == tile)
            }
        }
    }

    @Test func turningATileTurnsItsGridAboutTheCentre() {
        for shape in TileShape.allCases {
            for orientation in Orientation.all {
                let tile = Tile(shape, orientation)
                #expect(tile.rotatedClockwise().grid == tile.grid.rotatedClockwise())
                #expect(tile.rotatedAnticlockwise().grid == tile.grid.rotatedAnticlockwise())
                #expect(tile.flipped().grid == tile.grid.flippedHorizontally())
                // The centre cell stays the centre cell.
                #expect(tile.rotatedClockwise().grid[2, 2] == tile.grid[2, 2])
            }
        }
    }

    @Test func symmetricPiecesLookTheSameAfterTurning() {
        #expect(Tile(.x).rotatedClockwise() == Tile(.x))
        #expect(Tile(.x).flipped() == Tile(.x))
        #expect(Tile(.i).rotatedClockwise().rotatedClockwise() == Tile(.i))
        #expect(Tile(.i).rotatedClockwise() != Tile(.i))
        #expect(Tile(.t).flipped() == Tile(.t))
        #expect(Tile(.f).flipped() != Tile(.f))
    }

    @Test func textFormRoundTripsForEveryOrientation() throws {
        for shape in TileShape.allCases {
            for orientation in shape.orientations {
                let tile = Tile(shape, orientation)
                let text = tile.text
                #expect(text.split(separator: "\n").count == 5)
                #expect(text.split(separator: "\n").allSatisfy { $0.count == 5 })
                #expect(try Tile(text: text) == tile)
                #expect(try Tile(text: text.replacing("\n", with: "\r\n") + "\n") == tile)
            }
        }
    }

    @Test func textFormShowsTheDrawing() {
        #expect(Tile(.x).text == "_____\n__#__\n_###_\n__#__\n_____")
        #expect(Tile(.i).rotatedClockwise().text == "_____\n_____\n#####\n_____\n_____")
    }

    @Test func badTileTextIsRejected() {
        #expect(throws: PentominoError.self) { try Tile(text: "###") }
        #expect(throws: PentominoError.self) { try Tile(text: "_____\n__#__\n_###_\n__#__\n____#") }
        #expect(throws: PentominoError.self) { try Tile(text: "_____\n__#__\n_#x#_\n__#__\n_____") }
        // A plus shifted off-centre is an X, but not in any of its 5×5 orientations.
        #expect(throws: PentominoError.self) { try Tile(text: "__#__\n_###_\n__#__\n_____\n_____") }
    }

    @Test func blogLettersAreAliases() throws {
        #expect(TileShape(letter: "O") == .i)
        #expect(TileShape(letter: "Q") == .l)
        #expect(TileShape(letter: "R") == .f)
        #expect(TileShape(letter: "S") == .n)
        for letter in ["P", "T", "U", "V", "W", "X", "Y", "Z"] {
            #expect(TileShape(letter: letter)?.letter == letter)
            #expect(TileShape(letter: letter)?.blogLetter == letter)
        }
        #expect(TileShape(letter: "f") == .f)
        #expect(TileShape(letter: "K") == nil)
        #expect(throws: PentominoError.unknownTile("K")) { try TileShape.parse("K") }
        #expect(Set(TileShape.allCases.map(\.blogLetter)) == Set("OPQRSTUVWXYZ".map(String.init)))
    }

    @Test func orientationsNormaliseTurnsAndCompose() {
        #expect(Orientation(quarterTurns: -1) == Orientation(quarterTurns: 3))
        #expect(Orientation(quarterTurns: 9, flipped: true) == Orientation(quarterTurns: 1, flipped: true))
        #expect(Orientation.all.count == 8)
        #expect(Set(Orientation.all.map(\.index)) == Set(0..<8))
        #expect(Orientation(quarterTurns: 1).mirrored() == Orientation(quarterTurns: 3, flipped: true))
    }

    @Test func rotationsWithoutFlipping() {
        #expect(TileShape.f.rotations().count == 4)
        #expect(TileShape.z.rotations().count == 2)
        #expect(TileShape.i.rotations().count == 2)
        #expect(TileShape.x.rotations().count == 1)
        #expect(TileShape.f.rotations(mirrored: true).allSatisfy { $0.flipped })
    }

    @Test func normalisedCellsTouchTheAxes() {
        for shape in TileShape.allCases {
            for orientation in shape.orientations {
                let cells = shape.normalisedCells(orientation)
                #expect(cells.map(\.row).min() == 0)
                #expect(cells.map(\.col).min() == 0)
                #expect(cells.count == 5)
            }
        }
    }
}
