import GridKit

/// A generated maze: a thick-wall grid of tiles with one exit and a start room.
///
/// ## Direction convention (one place, used everywhere in the kit)
/// Tiles are addressed by GridKit `Square(row:col:)`, row 0 at the top of the screen. The API's
/// `north` is y+1; Tessera draws north **up**, so API tile (x, y) is `Square(row: height − 1 − y,
/// col: x)`, and an API side is exactly GridKit's `Direction` (north = row − 1). Map rows, tile art
/// and the explorer's relative coordinates all follow this, so nothing is mirrored anywhere.
/// (The original clients drew north down; we make our own tile art, so we need not copy that.)
public struct Maze: Sendable, Hashable {
    public let parameters: MazeParameters
    /// Row 0 is the top row (the largest API y).
    public let tiles: Grid<MazeTile>
    public let start: Square
    public let exit: Square

    init(parameters: MazeParameters, tiles: Grid<MazeTile>, start: Square, exit: Square) {
        self.parameters = parameters
        self.tiles = tiles
        self.start = start
        self.exit = exit
    }

    public var width: Int { tiles.cols }
    public var height: Int { tiles.rows }

    /// The tile at `square`; outside the grid counts as wall, so callers never index out of range.
    public func tile(at square: Square) -> MazeTile {
        tiles.cell(at: square) ?? .wall
    }

    public func isRoom(_ square: Square) -> Bool { tile(at: square).isRoom }

    /// The sides of a room that lead to another room, in `Direction.allCases` order.
    public func openSides(of square: Square) -> [Direction] {
        guard isRoom(square) else { return [] }
        return Direction.allCases.filter { isRoom(square.moved($0)) }
    }

    /// The tile image a room shows: doors and the exit have their own art, other rooms show their walls.
    public func tilePattern(at square: Square) -> TilePattern {
        switch tile(at: square) {
        case .door: return .door
        case .exit: return .exit
        case .wall, .empty:
            var walls = WallMask()
            for side in Direction.allCases where !isRoom(square.moved(side)) { walls.insert(WallMask(side)) }
            return .room(walls: walls)
        }
    }

    /// Every room in reading order.
    public var rooms: [Square] { tiles.squares.filter { tiles[$0].isRoom } }
    public var roomCount: Int { tiles.cells.reduce(0) { $0 + ($1.isRoom ? 1 : 0) } }
    public var doorCount: Int { tiles.cells.reduce(0) { $0 + ($1 == .door ? 1 : 0) } }

    /// Independent cycles (edges − rooms + 1 for a connected maze): 0 for a perfect maze.
    public var loopCount: Int {
        var edges = 0
        for square in rooms {
            if isRoom(square.moved(.east)) { edges += 1 }
            if isRoom(square.moved(.south)) { edges += 1 }
        }
        return edges - roomCount + 1
    }

    /// The full map for the debug endpoint: one string per tile row, top row first (largest API y),
    /// `#` wall, `.` room, `D` door, `E` exit, `S` start.
    public var mapRows: [String] {
        (0..<height).map { row in
            String((0..<width).map { col in
                let square = Square(row: row, col: col)
                return square == start ? "S" : tiles[square].symbol
            })
        }
    }

    public var mapText: String { mapRows.joined(separator: "\n") }

    /// The square of API tile (x, y).
    public func square(x: Int, y: Int) -> Square { Square(row: height - 1 - y, col: x) }

    /// The API (x, y) of a square.
    public func apiCoordinates(of square: Square) -> (x: Int, y: Int) {
        (square.col, height - 1 - square.row)
    }

    /// The shortest start → exit route through the full map (doors passable), start and exit included.
    public func shortestPath() -> [Square]? {
        breadthFirstPath(from: start, to: exit) { square in
            openSides(of: square).map { square.moved($0) }
        }
    }
}

/// Breadth-first search returning the squares from `start` to `goal` inclusive; neighbours are
/// visited in the order given, so ties break the same way every time.
func breadthFirstPath(from start: Square, to goal: Square, neighbours: (Square) -> [Square]) -> [Square]? {
    var cameFrom: [Square: Square] = [start: start]
    var frontier = [start]
    var index = 0
    while index < frontier.count {
        let current = frontier[index]
        index += 1
        if current == goal {
            var path = [current]
            var step = current
            while let previous = cameFrom[step], previous != step {
                path.append(previous)
                step = previous
            }
            return path.reversed()
        }
        for next in neighbours(current) where cameFrom[next] == nil {
            cameFrom[next] = current
            frontier.append(next)
        }
    }
    return nil
}
