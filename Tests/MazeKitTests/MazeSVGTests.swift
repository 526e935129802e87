import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GridKit
import Testing
@testable import MazeKit

/// The maze pictures `tessera maze explore --svg` keeps: well-formed XML, the route through every
/// room of the shortest path, heat colours that follow the distance, escaped text, a bounded size.
@Suite struct MazeSVGTests {
    /// A generated maze as a complete exploration would find it: every room at its coordinate
    /// relative to the start, links to doors as locks, everything else as room links.
    static func explored(seed: UInt64, size: Int) throws -> ExploredMaze {
        let maze = MazeGenerator.generate(try MazeParameters(seed: seed, width: size, height: size))
        let id = { (square: Square) in "R\(square.row)_\(square.col)" }
        var explored = ExploredMaze()
        for square in maze.rooms {
            var links = RoomLinks()
            for side in maze.openSides(of: square) {
                let next = square.moved(side)
                links[side] = maze.tile(at: next) == .door ? .lock("L\(id(next))") : .room(id(next))
            }
            let type: RoomType = switch maze.tile(at: square) {
            case .door: .door
            case .exit: .exit
            case .wall, .empty: .empty
            }
            explored.add(ExploredRoom(id: id(square), coordinate: Square(row: square.row - maze.start.row, col: square.col - maze.start.col),
                                      tileUrl: "", type: type, links: links))
        }
        return explored
    }

    /// Every element of a document, in order, with its attributes and text; nil when it is not
    /// well-formed XML.
    final class Elements: NSObject, XMLParserDelegate {
        var found: [(name: String, attributes: [String: String], text: String)] = []
        private var open: [Int] = []

        static func parse(_ svg: String) -> [(name: String, attributes: [String: String], text: String)]? {
            let parser = XMLParser(data: Data(svg.utf8))
            let elements = Elements()
            parser.delegate = elements
            return parser.parse() ? elements.found : nil
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            open.append(found.count)
            found.append((name, attributes, ""))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = open.popLast()
        }

        /// Text belongs to the innermost open element.
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let innermost = open.last { found[innermost].text += string }
        }
    }

    @Test(arguments: [false, true]) func theDocumentIsWellFormedWithViewBoxSizeAndTitle(heat: Bool) throws {
        let svg = MazeSVG.render(try Self.explored(seed: 5, size: 21), options: MazeSVGOptions(heat: heat, squareSize: 10, minimumWidth: 0, title: "Maze 21×21"))
        let elements = try #require(Elements.parse(svg))
        let root = try #require(elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["width"] == "210")
        let viewBox = try #require(root.attributes["viewBox"]).split(separator: " ").compactMap { Double($0) }
        #expect(viewBox.count == 4 && viewBox[2] == 21)
        // The heat legend adds a strip under the maze; without it the picture is exactly the maze.
        #expect(heat ? viewBox[3] > 21 : viewBox[3] == 21)
        #expect(root.attributes["height"] == String(Int((viewBox[3] * 10).rounded(.up))))
        #expect(elements.first { $0.name == "title" }?.text == "Maze 21×21")
        #expect(elements.contains { $0.name == "linearGradient" } == heat)
    }

    @Test func aSmallMazeOpensLargeEnoughToReadItsLegend() throws {
        let small = try Self.explored(seed: 5, size: 5)
        let root = try #require(Elements.parse(MazeSVG.render(small, options: MazeSVGOptions(heat: true)))?.first)
        let width = try #require(root.attributes["width"].flatMap { Int($0) })
        let viewBox = try #require(root.attributes["viewBox"]).split(separator: " ").compactMap { Double($0) }
        #expect(width >= 240 && width < 240 + Int(viewBox[2]))
        // The legend's words, in pixels as the file opens: its font size in tiles × pixels per tile.
        let legend = try #require(Elements.parse(MazeSVG.render(small, options: MazeSVGOptions(heat: true)))?
            .first { $0.attributes["font-size"] != nil })
        let font = try #require(legend.attributes["font-size"].flatMap { Double($0) })
        #expect(font * Double(width) / viewBox[2] >= 10)
        // A large maze keeps the tile size asked for.
        let large = try #require(Elements.parse(MazeSVG.render(try Self.explored(seed: 5, size: 41)))?.first)
        let largeBox = try #require(large.attributes["viewBox"]).split(separator: " ").compactMap { Double($0) }
        #expect(large.attributes["width"] == String(Int(largeBox[2]) * 12))
    }

    @Test func theRouteIsOnePathThroughEveryRoomOfTheShortestPath() throws {
        let maze = try Self.explored(seed: 5, size: 21)
        let shortest = try #require(maze.shortestPath())
        let bounds = try #require(maze.bounds)
        let elements = try #require(Elements.parse(MazeSVG.render(maze)))
        let routes = elements.filter { $0.attributes["id"] == "route" }
        try #require(routes.count == 1)
        // Walk the path data one tile at a time: M x y, then H x, V y or L x y to straight-line corners.
        let tokens = try #require(routes.first?.attributes["d"]).split { "MHVL ".contains($0) }.compactMap { Double($0) }
        let commands = try #require(routes.first?.attributes["d"]).filter { "MHVL".contains($0) }
        var index = 0
        func value() throws -> Double {
            defer { index += 1 }
            return try #require(tokens.indices.contains(index) ? tokens[index] : nil)
        }
        var visited: [Square] = []
        var at = (x: 0.0, y: 0.0)
        for command in commands {
            var next = at
            switch command {
            case "H": next.x = try value()
            case "V": next.y = try value()
            default: next = (try value(), try value())
            }
            if command == "M" { visited.append(Square(row: Int(next.y), col: Int(next.x))) } else {
                // Only straight stretches: every room between two corners is a tile of the route.
                try #require(next.x == at.x || next.y == at.y)
                let steps = Int(abs(next.x - at.x) + abs(next.y - at.y))
                for step in stride(from: 1, through: steps, by: 1) {
                    let fraction = Double(step) / Double(steps)
                    visited.append(Square(row: Int(at.y + (next.y - at.y) * fraction), col: Int(at.x + (next.x - at.x) * fraction)))
                }
            }
            at = next
        }
        // Tiles count from the outer wall's corner, one before the bounding box.
        let expected = shortest.map { Square(row: $0.row - bounds.rows.lowerBound + 1, col: $0.col - bounds.cols.lowerBound + 1) }
        #expect(visited == expected)
        #expect(MazeSVG.render(maze, options: MazeSVGOptions(showPath: false)).contains("id=\"route\"") == false)
    }

    @Test func heatColoursFollowTheDistanceFromTheStart() throws {
        let maze = try Self.explored(seed: 7, size: 31)
        let steps = maze.stepsFromStart()
        #expect(steps.count == maze.count)
        #expect(steps[ExploredMaze.start] == 0)
        let farthest = try #require(steps.values.max())
        #expect(farthest > 20)
        let elements = try #require(Elements.parse(MazeSVG.render(maze, options: MazeSVGOptions(heat: true))))
        // The room strokes: one path per colour, and many colours, from the start's to the farthest room's.
        let colours = Set(elements.filter { $0.name == "path" && $0.attributes["id"] == nil }.compactMap { $0.attributes["stroke"] })
        #expect(colours.count > 20)
        #expect(colours.contains(MazeSVG.heatColour(0)) && colours.contains(MazeSVG.heatColour(1)))
        #expect(!colours.contains(MazeSVG.roomColour))
        #expect(elements.contains { $0.name == "text" && $0.text == "\(farthest) steps" })
        // Blue near the start, red far away, each a valid #rrggbb.
        #expect(MazeSVG.heatColour(0) == "#97d7f7")
        #expect(MazeSVG.heatColour(1) == "#e21212")
        #expect(MazeSVG.heatColour(.nan) == MazeSVG.heatColour(0))
        let plain = try #require(Elements.parse(MazeSVG.render(maze)))
        #expect(Set(plain.filter { $0.name == "path" && $0.attributes["id"] == nil }.compactMap { $0.attributes["stroke"] }) == [MazeSVG.roomColour])
    }

    @Test func textIsEscapedAndForbiddenCharactersDropped() throws {
        let title = "<Maze> & \"seed\" 'five'\u{1}\u{FFFE} ✓"
        let svg = MazeSVG.render(try Self.explored(seed: 5, size: 9), options: MazeSVGOptions(title: title))
        let elements = try #require(Elements.parse(svg))
        #expect(elements.first { $0.name == "title" }?.text == "<Maze> & \"seed\" 'five' ✓")
        #expect(MazeSVG.escaped("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&apos;")
    }

    @Test func aLargeMazeStaysSmall() throws {
        let maze = try Self.explored(seed: 5, size: 201)
        for heat in [false, true] {
            let svg = MazeSVG.render(maze, options: MazeSVGOptions(heat: heat))
            // About 20,000 rooms: one stroke per run of rooms keeps this near 90 kB (a rect per room
            // would be over 1 MB).
            #expect(svg.utf8.count < 128 * 1024, "\(svg.utf8.count) bytes with heat \(heat)")
            let elements = try #require(Elements.parse(svg))
            #expect(elements.count < 120)
            // Large mazes ring the start and the exit so they can be found when shrunk to a screen.
            #expect(elements.filter { $0.name == "circle" }.count == 5) // the dot, and two rings each on a white one
        }
    }

    @Test func anEmptyMazeIsStillADocument() throws {
        let elements = try #require(Elements.parse(MazeSVG.render(ExploredMaze(), options: MazeSVGOptions(heat: true))))
        #expect(elements.first?.attributes["viewBox"] == "0 0 1 1")
    }

    @Test func numbersAreShort() {
        #expect(MazeSVG.number(3) == "3")
        #expect(MazeSVG.number(2.5) == "2.5")
        #expect(MazeSVG.number(0.34) == "0.34")
        #expect(MazeSVG.number(24.8) == "24.8")
        #expect(MazeSVG.number(-0.5) == "-0.5")
        #expect(MazeSVG.number(.infinity) == "0")
    }
}
