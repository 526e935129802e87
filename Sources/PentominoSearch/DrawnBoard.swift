import GridCore

/// A board someone drew: any 60 cells of a frame of at most 20×20, joined or not (the solver says
/// whether the twelve tiles fit). Drawn as text, one string per row, `.` for a cell and `#` for a
/// square that is not part of the board: the same letters `Board.letterRows` prints for an empty
/// board, so a drawn board's rows are exactly its empty board's text.
///
/// Kept trimmed: rows and columns with no cell at the edges are dropped, so the same drawing made
/// anywhere in the editor is the same board (and has the symmetries of its own shape, not of the
/// frame it was drawn in).
public struct DrawnBoard: Sendable, Hashable {
    /// The largest frame a drawing may use, either way.
    public static let maxSide = 20
    /// Cells a board needs: five for each of the twelve tiles.
    public static let cellCount = 60
    /// The id of a drawn board starts with this; its rows follow, joined by `/`.
    public static let idPrefix = "drawn:"
    /// The longest id: the prefix and a full frame's rows with their separators.
    public static let maxIDLength = idPrefix.utf8.count + maxSide * maxSide + maxSide - 1

    public let rows: Int
    public let cols: Int
    /// Row `r` has a cell in column `c` when bit `c` of `cellBits[r]` is set.
    private let cellBits: [UInt32]

    /// A board from its rows of `.` (a cell) and `#` (no cell). Throws `drawnBoardFrame` for no
    /// rows, more than 20, a row longer than 20 or rows of different lengths;
    /// `drawnBoardCharacter` for anything but `.` and `#`; `drawnBoardCells` unless there are
    /// exactly 60 cells.
    public init(rows text: [String]) throws(PentominoError) {
        guard (1...Self.maxSide).contains(text.count), let width = text.first?.utf8.count,
              (1...Self.maxSide).contains(width) else { throw .drawnBoardFrame }
        var bits: [UInt32] = []
        var cells = 0
        for line in text {
            // Bytes, not characters: anything outside ASCII is refused below, and the length is
            // checked before any work.
            guard line.utf8.count == width else { throw .drawnBoardFrame }
            var row: UInt32 = 0
            for (col, byte) in line.utf8.enumerated() {
                switch byte {
                case UInt8(ascii: "."):
                    row |= 1 << UInt32(col)
                    cells += 1
                case UInt8(ascii: "#"): continue
                default: throw .drawnBoardCharacter(line.first { $0 != "." && $0 != "#" }.map(String.init) ?? "?")
                }
            }
            bits.append(row)
        }
        guard cells == Self.cellCount else { throw .drawnBoardCells(cells) }
        // Trimmed to the cells' bounding box: top and bottom rows, then the columns on both sides.
        let used = bits.indices.filter { bits[$0] != 0 }
        let all = bits.reduce(0, |)
        let (top, bottom) = (used.first ?? 0, used.last ?? 0)
        let left = all.trailingZeroBitCount
        let right = 31 - all.leadingZeroBitCount
        cellBits = bits[top...bottom].map { $0 >> UInt32(left) }
        rows = bottom - top + 1
        cols = right - left + 1
    }

    /// A board from its id, `drawn:` then its rows joined by `/`.
    public init(id: String) throws(PentominoError) {
        guard id.utf8.count <= Self.maxIDLength, id.hasPrefix(Self.idPrefix) else { throw .drawnBoardFrame }
        let rows = id.dropFirst(Self.idPrefix.count).split(separator: "/", omittingEmptySubsequences: false)
        try self.init(rows: rows.map(String.init))
    }

    /// Whether `square` is one of the board's cells.
    public func isCell(_ square: Square) -> Bool {
        guard square.row >= 0, square.row < rows, square.col >= 0, square.col < cols else { return false }
        return cellBits[square.row] & (1 << UInt32(square.col)) != 0
    }

    /// The squares of the frame that are not cells.
    public var holes: Set<Square> {
        var holes: Set<Square> = []
        for row in 0..<rows {
            for col in 0..<cols where cellBits[row] & (1 << UInt32(col)) == 0 { holes.insert(Square(row: row, col: col)) }
        }
        return holes
    }

    /// The rows as drawn (trimmed): `.` for a cell, `#` for a square that is not one.
    public var textRows: [String] {
        cellBits.map { bits in String((0..<cols).map { bits & (1 << UInt32($0)) != 0 ? Board.emptySymbol : Board.holeSymbol }) }
    }

    /// `drawn:` and the rows joined by `/`: what the API and the CLI call this board.
    public var id: String { Self.idPrefix + textRows.joined(separator: "/") }
}

extension BoardShape {
    /// The board drawn in `rows` (see `DrawnBoard`): one of the named boards when the drawing is
    /// exactly one of them (a 6×10 rectangle is the 6×10 board, with its solution list shared),
    /// otherwise a drawn board.
    public static func drawn(rows: [String]) throws(PentominoError) -> BoardShape {
        named(matching: try DrawnBoard(rows: rows))
    }

    /// The named board with the same cells as `drawing`, or the drawing itself.
    static func named(matching drawing: DrawnBoard) -> BoardShape {
        let holes = drawing.holes
        return named.first { $0.rows == drawing.rows && $0.cols == drawing.cols && $0.holes == holes } ?? .drawn(drawing)
    }
}
