/// A rectangular grid of cells stored row by row: a value type, so every change makes a new grid.
public struct Grid<Cell>: Sendable where Cell: Sendable {
    public let rows: Int
    public let cols: Int
    public private(set) var cells: [Cell]

    /// A grid with every cell set to `fill`. Negative sizes are treated as zero.
    public init(rows: Int, cols: Int, fill: Cell) {
        self.rows = max(0, rows)
        self.cols = max(0, cols)
        self.cells = Array(repeating: fill, count: self.rows * self.cols)
    }

    /// A grid from nested rows; `nil` when the rows are ragged.
    public init?(_ nested: [[Cell]]) {
        let width = nested.first?.count ?? 0
        guard nested.allSatisfy({ $0.count == width }) else { return nil }
        rows = nested.count
        cols = width
        cells = nested.flatMap { $0 }
    }

    public func contains(_ square: Square) -> Bool {
        square.row >= 0 && square.row < rows && square.col >= 0 && square.col < cols
    }

    /// The cell at `square`; reading outside the grid is a programming error, so check `contains` first.
    public subscript(square: Square) -> Cell {
        get { cells[square.row * cols + square.col] }
        set { cells[square.row * cols + square.col] = newValue }
    }

    public subscript(row: Int, col: Int) -> Cell {
        get { self[Square(row: row, col: col)] }
        set { self[Square(row: row, col: col)] = newValue }
    }

    /// The cell at `square`, or `nil` outside the grid: the safe read for input data.
    public func cell(at square: Square) -> Cell? {
        contains(square) ? self[square] : nil
    }

    /// Every square in reading order.
    public var squares: [Square] {
        (0..<rows).flatMap { row in (0..<cols).map { Square(row: row, col: $0) } }
    }

    public var nestedRows: [[Cell]] {
        (0..<rows).map { row in Array(cells[(row * cols)..<(row * cols + cols)]) }
    }

    public func map<T: Sendable>(_ transform: (Cell) throws -> T) rethrows -> Grid<T> {
        Grid<T>(rows: rows, cols: cols, cells: try cells.map(transform))
    }

    /// The grid turned a quarter turn clockwise: a rows×cols grid becomes cols×rows.
    public func rotatedClockwise() -> Grid {
        rebuilt(rows: cols, cols: rows) { square in self[rows - 1 - square.col, square.row] }
    }

    public func rotatedAnticlockwise() -> Grid {
        rebuilt(rows: cols, cols: rows) { square in self[square.col, cols - 1 - square.row] }
    }

    /// The grid mirrored left to right.
    public func flippedHorizontally() -> Grid {
        rebuilt(rows: rows, cols: cols) { square in self[square.row, cols - 1 - square.col] }
    }

    /// Rows become columns: the grid mirrored about its main diagonal.
    public func transposed() -> Grid {
        rebuilt(rows: cols, cols: rows) { square in self[square.col, square.row] }
    }

    private func rebuilt(rows newRows: Int, cols newCols: Int, _ source: (Square) -> Cell) -> Grid {
        var newCells: [Cell] = []
        newCells.reserveCapacity(cells.count)
        for row in 0..<newRows {
            for col in 0..<newCols { newCells.append(source(Square(row: row, col: col))) }
        }
        return Grid(rows: newRows, cols: newCols, cells: newCells)
    }

    init(rows: Int, cols: Int, cells: [Cell]) {
        self.rows = rows
        self.cols = cols
        self.cells = cells
    }
}

extension Grid: Equatable where Cell: Equatable {}
extension Grid: Hashable where Cell: Hashable {}

extension Grid {
    /// Text form, one line per row, with `symbol` choosing each cell's character.
    public func text(_ symbol: (Cell) -> Character) -> String {
        nestedRows.map { String($0.map(symbol)) }.joined(separator: "\n")
    }

    /// Parses a text form (one line per row); `nil` when lines are ragged or a character is unknown.
    public static func parse(_ text: String, _ cell: (Character) -> Cell?) -> Grid? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        var nested: [[Cell]] = []
        for line in lines {
            var row: [Cell] = []
            for character in line {
                guard let value = cell(character) else { return nil }
                row.append(value)
            }
            nested.append(row)
        }
        return Grid(nested)
    }
}
