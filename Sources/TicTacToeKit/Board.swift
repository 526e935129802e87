import GridKit

/// A player's mark. Cross moves first unless a board says otherwise (`Board.first`).
public enum Marker: String, Sendable, Codable, CaseIterable, Hashable {
    case cross = "X"
    case circle = "O"

    public var other: Marker { self == .cross ? .circle : .cross }
    /// "X" or "O", as shown next to a player's name.
    public var symbol: String { rawValue }
}

/// A cell position: row and column, each 0…2, with index `row * 3 + col`.
public struct Position: Hashable, Sendable, Codable, CustomStringConvertible {
    public let row: Int
    public let col: Int

    public init(row: Int, col: Int) {
        self.row = row
        self.col = col
    }

    /// Position from a keypad-style number 1…9 (1 = top left, 9 = bottom right).
    public init?(number: Int) {
        guard (1...9).contains(number) else { return nil }
        self.init(row: (number - 1) / 3, col: (number - 1) % 3)
    }

    public var isOnBoard: Bool { (0..<3).contains(row) && (0..<3).contains(col) }
    public var index: Int { row * 3 + col }
    public var square: Square { Square(row: row, col: col) }
    public var description: String { "(\(row), \(col))" }

    public static let all: [Position] = (0..<9).map { Position(row: $0 / 3, col: $0 % 3) }
}

/// Why a move was refused. Each case is a value, not an assertion, so callers can show it.
public enum MoveError: Error, Equatable, Sendable, CustomStringConvertible {
    case positionOutOfRange(Position)
    case cellOccupied(Position)
    case gameOver
    case notYourTurn(expected: Marker)

    /// The stable code used by the API.
    public var code: String {
        switch self {
        case .positionOutOfRange: "invalid_position"
        case .cellOccupied: "cell_occupied"
        case .gameOver: "game_over"
        case .notYourTurn: "not_your_turn"
        }
    }

    public var description: String {
        switch self {
        case .positionOutOfRange(let position):
            "Position \(position) is off the board: row and column must be 0, 1 or 2."
        // The original said "Illegal move, (1, 2 is not empty)" with an unbalanced parenthesis;
        // we keep its wording but close the parenthesis deliberately.
        case .cellOccupied(let position): "Illegal move, (\(position.row), \(position.col)) is not empty."
        case .gameOver: "The game is over: start a new game to play again."
        case .notYourTurn(let expected): "It is \(expected.symbol)'s turn."
        }
    }
}

/// How a game stands.
public enum GameStatus: String, Sendable, Codable, Hashable {
    case playing, won, draw
}

/// An immutable 3×3 board. Every move returns a new board.
public struct Board: Hashable, Sendable {
    /// Who moves first on this board. Cross by default; in a series the first move alternates
    /// between games, so each player keeps their mark and the same board rules serve both orders.
    public let first: Marker

    /// The eight lines that win: three rows, three columns, two diagonals.
    public static let lines: [[Position]] = {
        let rows = (0..<3).map { row in (0..<3).map { Position(row: row, col: $0) } }
        let cols = (0..<3).map { col in (0..<3).map { Position(row: $0, col: col) } }
        let diagonals = [
            (0..<3).map { Position(row: $0, col: $0) },
            (0..<3).map { Position(row: $0, col: 2 - $0) },
        ]
        return rows + cols + diagonals
    }()

    public let cells: Grid<Marker?>

    public init(first: Marker = .cross) {
        cells = Grid(rows: 3, cols: 3, fill: nil)
        self.first = first
    }

    /// A board from nine cells in reading order; `nil` unless there are exactly nine.
    public init?(cells: [Marker?], first: Marker = .cross) {
        guard cells.count == 9, let grid = Grid([Array(cells[0..<3]), Array(cells[3..<6]), Array(cells[6..<9])])
        else { return nil }
        self.cells = grid
        self.first = first
    }

    /// A board from text such as "X.O/.X./..O" (rows separated by "/", "." or " " for empty).
    public init?(_ text: String, first: Marker = .cross) {
        let symbols = text.filter { $0 != "/" && $0 != "\n" }
        guard symbols.count == 9 else { return nil }
        var markers: [Marker?] = []
        for symbol in symbols {
            switch symbol {
            case "X", "x": markers.append(.cross)
            case "O", "o": markers.append(.circle)
            case ".", " ", "_": markers.append(nil)
            default: return nil
            }
        }
        self.init(cells: markers, first: first)
    }

    private init(grid: Grid<Marker?>, first: Marker) {
        cells = grid
        self.first = first
    }

    public subscript(position: Position) -> Marker? {
        position.isOnBoard ? cells[position.square] : nil
    }

    public var emptyPositions: [Position] { Position.all.filter { self[$0] == nil } }
    public var isFull: Bool { emptyPositions.isEmpty }

    /// The line that wins, checking all eight lines independently. The original stopped at the
    /// first all-empty row or column and so missed later winning lines.
    public var winningLine: [Position]? {
        Board.lines.first { line in
            guard let first = self[line[0]] else { return false }
            return line.allSatisfy { self[$0] == first }
        }
    }

    public var winner: Marker? { winningLine.flatMap { self[$0[0]] } }

    public var status: GameStatus {
        if winner != nil { return .won }
        return isFull ? .draw : .playing
    }

    /// Whose turn it is: the second player when they have fewer marks than the first, else the
    /// first; nobody once the game is over.
    public var turn: Marker? {
        guard status == .playing else { return nil }
        let firsts = cells.cells.filter { $0 == first }.count
        let seconds = cells.cells.filter { $0 == first.other }.count
        return seconds < firsts ? first.other : first
    }

    /// Places `marker` at `position`, or says why it may not.
    public func makeMove(_ marker: Marker, at position: Position) -> Result<Board, MoveError> {
        guard position.isOnBoard else { return .failure(.positionOutOfRange(position)) }
        guard status == .playing, let turn else { return .failure(.gameOver) }
        guard self[position] == nil else { return .failure(.cellOccupied(position)) }
        guard marker == turn else { return .failure(.notYourTurn(expected: turn)) }
        var grid = cells
        grid[position.square] = marker
        return .success(Board(grid: grid, first: first))
    }

    /// The board as three strings of "X", "O" and "" per row: the API's JSON form.
    public var rows: [[String]] {
        cells.nestedRows.map { row in row.map { $0?.symbol ?? "" } }
    }

    /// Text form "X.O/.X./..O".
    public var text: String {
        cells.nestedRows.map { row in String(row.map { $0.map { Character($0.symbol) } ?? "." }) }
            .joined(separator: "/")
    }
}
