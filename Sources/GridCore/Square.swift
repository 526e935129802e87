/// A cell address on a grid: `row` counts down from the top, `col` counts right from the left.
/// Every app addresses its tiles with this one type so that geometry code is written once.
public struct Square: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var row: Int
    public var col: Int

    public init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }

    /// How every API writes a square inside a list (a path, a winning line, a tile's cells):
    /// `[row, col]`. A single position is written as the fields `row` and `col`.
    public var pair: [Int] { [row, col] }

    /// The square one step away in `direction`.
    public func moved(_ direction: Direction, by steps: Int = 1) -> Square {
        Square(row: row + direction.rowDelta * steps, col: col + direction.colDelta * steps)
    }

    /// The up to four squares sharing an edge with this one (no bounds check).
    public var neighbours: [Square] { Direction.allCases.map { moved($0) } }

    /// Reading order: top to bottom, then left to right.
    public static func < (lhs: Square, rhs: Square) -> Bool {
        (lhs.row, lhs.col) < (rhs.row, rhs.col)
    }

    public static func + (lhs: Square, rhs: Square) -> Square {
        Square(row: lhs.row + rhs.row, col: lhs.col + rhs.col)
    }

    public var description: String { "(\(row), \(col))" }
}

/// The four compass directions on screen: north is up (row − 1).
/// Apps whose original API counts y upwards (the maze) map their axis onto this in one place.
public enum Direction: String, CaseIterable, Sendable, Codable, Hashable {
    case north, east, south, west

    public var rowDelta: Int {
        switch self {
        case .north: -1
        case .south: 1
        case .east, .west: 0
        }
    }

    public var colDelta: Int {
        switch self {
        case .east: 1
        case .west: -1
        case .north, .south: 0
        }
    }

    public var opposite: Direction {
        switch self {
        case .north: .south
        case .south: .north
        case .east: .west
        case .west: .east
        }
    }

    public var clockwise: Direction {
        switch self {
        case .north: .east
        case .east: .south
        case .south: .west
        case .west: .north
        }
    }

    public var anticlockwise: Direction { clockwise.opposite }
}
