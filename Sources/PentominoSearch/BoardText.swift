import GridCore

/// The letter-grid text form shared by boards and solutions: one line per row, a piece's letter
/// on each cell it covers, `.` for a free empty cell and `#` for a hole.
extension Board {
    /// The character for an empty free cell.
    public static let emptySymbol: Character = "."
    /// The character for a hole (a cell no piece may cover).
    public static let holeSymbol: Character = "#"

    /// One string per row, e.g. `"FFLLL....."`.
    public var letterRows: [String] {
        let holes = shape.holes  // once: a drawn board's holes are a set built from its rows
        return (0..<shape.rows).map { row in
            String((0..<shape.cols).map { col in
                let square = Square(row: row, col: col)
                if holes.contains(square) { return Board.holeSymbol }
                return tile(at: square).map { Character($0.letter) } ?? Board.emptySymbol
            })
        }
    }

    /// `letterRows` joined by `\n`.
    public var text: String { letterRows.joined(separator: "\n") }

    /// A board from its letter grid: letters (Conway or the blog's aliases, any case) for pieces,
    /// `.` for empty cells, `#` or `.` for holes. Each letter present must mark exactly the five
    /// cells of that piece in some orientation. Useful for tests, saved games and the CLI.
    public init(shape: BoardShape, text: String) throws(PentominoError) {
        let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
        guard lines.count == shape.rows else {
            throw .invalidBoardText("expected \(shape.rows) rows, got \(lines.count)")
        }
        var cellsByShape: [TileShape: [Square]] = [:]
        for (row, line) in lines.enumerated() {
            guard line.count == shape.cols else {
                throw .invalidBoardText("row \(row) has \(line.count) cells, expected \(shape.cols)")
            }
            for (col, character) in line.enumerated() {
                let square = Square(row: row, col: col)
                if character == Board.emptySymbol { continue }
                if character == Board.holeSymbol {
                    guard shape.isHole(square) else {
                        throw .invalidBoardText("\(square) is not a hole on the \(shape) board")
                    }
                    continue
                }
                guard let piece = TileShape(letter: String(character)) else {
                    throw .invalidBoardText("unknown character \"\(character)\" at \(square)")
                }
                cellsByShape[piece, default: []].append(square)
            }
        }
        self.init(shape: shape)
        for piece in TileShape.allCases {
            guard let cells = cellsByShape[piece] else { continue }
            guard let placement = Placement.covering(cells, with: piece) else {
                throw .invalidBoardText("the cells marked \(piece) do not form one \(piece) piece")
            }
            try place(placement)
        }
    }
}

extension Placement {
    /// The placement of `piece` that covers exactly `cells`, if any.
    static func covering(_ cells: [Square], with piece: TileShape) -> Placement? {
        guard cells.count == 5, let top = cells.map(\.row).min(), let left = cells.map(\.col).min() else {
            return nil
        }
        let wanted = Set(cells.map { Square(row: $0.row - top, col: $0.col - left) })
        for orientation in piece.orientations where Set(piece.normalisedCells(orientation)) == wanted {
            // The normalised shape starts at (top, left); its grid cells start at (gridTop, gridLeft).
            let gridCells = piece.gridCells(orientation)
            let gridTop = gridCells.map(\.row).min() ?? 0
            let gridLeft = gridCells.map(\.col).min() ?? 0
            return Placement(piece, orientation, at: Square(row: top - gridTop, col: left - gridLeft))
        }
        return nil
    }
}
