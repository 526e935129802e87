import GridKit

/// Something wrong with an explored maze, found by `ExploredMaze.problems()`.
public enum MazeProblem: Hashable, Sendable, CustomStringConvertible {
    case noRooms
    case noExit
    case multipleExits(Int)
    /// A link leads to a coordinate where no room was placed.
    case danglingLink(Square, Direction)
    /// A link disagrees with the room it leads to: wrong id, a room link to a door (or a lock to a
    /// non-door), or no link back.
    case asymmetricLink(Square, Direction)
    /// One id at two coordinates.
    case duplicateID(String)
    case unreachable(Square)

    public var description: String {
        switch self {
        case .noRooms: "no rooms"
        case .noExit: "no exit"
        case let .multipleExits(count): "\(count) exits"
        case let .danglingLink(square, side): "room \(square) links \(side.rawValue) to nothing"
        case let .asymmetricLink(square, side): "room \(square) and its \(side.rawValue) neighbour disagree"
        case let .duplicateID(id): "id \(id) appears at two coordinates"
        case let .unreachable(square): "room \(square) is unreachable from the start"
        }
    }
}

/// The maze as the explorer has built it so far: rooms keyed by coordinate relative to the start,
/// grown one room at a time in O(1) (never rebuilt per room), with a running bounding box.
public struct ExploredMaze: Hashable, Sendable {
    /// The start room's coordinate.
    public static let start = Square(row: 0, col: 0)

    public private(set) var rooms: [Square: ExploredRoom] = [:]
    public private(set) var exit: Square?
    public private(set) var doorCount = 0
    /// Smallest and largest occupied rows and columns; nil while empty.
    public var bounds: (rows: ClosedRange<Int>, cols: ClosedRange<Int>)? {
        rowRange.flatMap { rows in colRange.map { (rows, $0) } }
    }
    private var rowRange: ClosedRange<Int>?
    private var colRange: ClosedRange<Int>?

    public init() {}

    public init(rooms: [ExploredRoom]) {
        for room in rooms { add(room) }
    }

    public var count: Int { rooms.count }

    public subscript(coordinate: Square) -> ExploredRoom? { rooms[coordinate] }

    public mutating func add(_ room: ExploredRoom) {
        let square = room.coordinate
        if let previous = rooms.updateValue(room, forKey: square), previous.type == .door { doorCount -= 1 }
        if room.type == .door { doorCount += 1 }
        if room.type == .exit { exit = square }
        rowRange = rowRange.map { min($0.lowerBound, square.row)...max($0.upperBound, square.row) } ?? square.row...square.row
        colRange = colRange.map { min($0.lowerBound, square.col)...max($0.upperBound, square.col) } ?? square.col...square.col
    }

    /// Rooms reachable in one step from `square` through its links (doors are passable).
    public func neighbours(of square: Square) -> [Square] {
        guard let room = rooms[square] else { return [] }
        return room.openSides.map { square.moved($0) }.filter { rooms[$0] != nil }
    }

    /// Everything wrong with the maze, in a stable order; empty when it is a complete, consistent maze:
    /// links symmetric and matching, one id per coordinate, exactly one exit, every room reachable.
    public func problems() -> [MazeProblem] {
        guard !rooms.isEmpty else { return [.noRooms] }
        var problems: [MazeProblem] = []
        let ordered = rooms.values.sorted { $0.coordinate < $1.coordinate }
        var seenIDs: [String: Square] = [:]
        for room in ordered {
            if seenIDs.updateValue(room.coordinate, forKey: room.id) != nil { problems.append(.duplicateID(room.id)) }
            for side in room.openSides {
                if let problem = check(room, side) { problems.append(problem) }
            }
        }
        let exits = ordered.filter { $0.type == .exit }.count
        if exits == 0 { problems.append(.noExit) }
        if exits > 1 { problems.append(.multipleExits(exits)) }
        let reached = reachable()
        problems += ordered.map(\.coordinate).filter { !reached.contains($0) }.map { .unreachable($0) }
        return problems
    }

    public var isValid: Bool { problems().isEmpty }

    private func check(_ room: ExploredRoom, _ side: Direction) -> MazeProblem? {
        let target = room.coordinate.moved(side)
        guard let neighbour = rooms[target] else { return .danglingLink(room.coordinate, side) }
        let forwardMatches: Bool = switch room.links[side] {
        case let .room(id): id == neighbour.id && neighbour.type != .door
        case .lock: neighbour.type == .door
        case nil: false
        }
        let backMatches: Bool = switch neighbour.links[side.opposite] {
        case let .room(id): id == room.id && room.type != .door
        case .lock: room.type == .door
        case nil: false
        }
        return forwardMatches && backMatches ? nil : .asymmetricLink(room.coordinate, side)
    }

    private func reachable() -> Set<Square> {
        guard rooms[Self.start] != nil else { return [] }
        var seen: Set<Square> = [Self.start]
        var frontier = [Self.start]
        while let square = frontier.popLast() {
            for next in neighbours(of: square) where seen.insert(next).inserted { frontier.append(next) }
        }
        return seen
    }

    /// The shortest start → exit route over explored rooms (doors passable), both ends included;
    /// nil until the exit has been found. For the "show path" overlay.
    public func shortestPath() -> [Square]? {
        guard let exit, rooms[Self.start] != nil else { return nil }
        return breadthFirstPath(from: Self.start, to: exit, neighbours: neighbours(of:))
    }

    /// A terminal picture, one string per row, north up: the bounding box plus a one-tile border,
    /// `S` start, `E` exit, `D` door, `.` room, `o` path, `#` everything else. For a fully explored
    /// maze this equals the server's `Maze.mapRows`, since the outer wall is exactly that border.
    public func textRows(path: [Square] = []) -> [String] {
        guard let rowRange, let colRange else { return [] }
        let onPath = Set(path)
        return ((rowRange.lowerBound - 1)...(rowRange.upperBound + 1)).map { row in
            String(((colRange.lowerBound - 1)...(colRange.upperBound + 1)).map { col -> Character in
                let square = Square(row: row, col: col)
                guard let room = rooms[square] else { return "#" }
                if square == Self.start { return "S" }
                switch room.type {
                case .exit: return "E"
                case .door: return "D"
                case .empty: return onPath.contains(square) ? "o" : "."
                }
            })
        }
    }

    public func text(path: [Square] = []) -> String { textRows(path: path).joined(separator: "\n") }
}
