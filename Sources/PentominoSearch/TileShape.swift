import GridCore

/// The twelve pentominoes, named with Conway's letters in alphabetical order.
///
/// The raw value is the canonical letter. The blog series behind the original app used the letters
/// `O P Q R S T U V W X Y Z`; `TileShape(letter:)` accepts those too, where `O` is I, `Q` is L,
/// `R` is F and `S` is N (the other eight letters name the same piece in both schemes).
public enum TileShape: String, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    case f = "F", i = "I", l = "L", n = "N", p = "P", t = "T"
    case u = "U", v = "V", w = "W", x = "X", y = "Y", z = "Z"

    /// The canonical (Conway) letter, e.g. `"F"`.
    public var letter: String { rawValue }

    /// The letter the blog series used for this piece (`I` is `O`, `L` is `Q`, `F` is `R`, `N` is `S`).
    public var blogLetter: String {
        switch self {
        case .i: "O"
        case .l: "Q"
        case .f: "R"
        case .n: "S"
        default: rawValue
        }
    }

    /// A piece from a one-letter name, case-insensitive; accepts both Conway letters and the blog's
    /// aliases. `nil` for anything else.
    public init?(letter: String) {
        // One ASCII letter only: `uppercased()` would also map "ı" to "I" and "ﬁ" to "FI".
        guard letter.utf8.count == 1 else { return nil }
        let upper = letter.uppercased()
        if let shape = TileShape(rawValue: upper) {
            self = shape
            return
        }
        guard let alias = TileShape.allCases.first(where: { $0.blogLetter == upper }) else { return nil }
        self = alias
    }

    /// Like `init?(letter:)` but throws `PentominoError.unknownTile` so callers can report bad input.
    public static func parse(_ letter: String) throws(PentominoError) -> TileShape {
        guard let shape = TileShape(letter: letter) else { throw .unknownTile(letter) }
        return shape
    }

    /// Position in `allCases` (0–11): the bit this piece owns in the solver's "pieces left" mask.
    public var index: Int {
        switch self {
        case .f: 0
        case .i: 1
        case .l: 2
        case .n: 3
        case .p: 4
        case .t: 5
        case .u: 6
        case .v: 7
        case .w: 8
        case .x: 9
        case .y: 10
        case .z: 11
        }
    }

    public static func < (lhs: TileShape, rhs: TileShape) -> Bool { lhs.index < rhs.index }

    public var description: String { rawValue }

    /// The piece as drawn in its home orientation, `#` filled and `_` empty, five rows of five.
    ///
    /// Symmetric pieces are drawn so that their centre or mirror axis passes through the grid's
    /// centre cell: turning about that cell then maps the drawing onto itself exactly, so equal
    /// shapes give equal grids. The six chiral pieces (F, L, N, P, Y, Z) have the same handedness as
    /// the blog's drawings, which keeps the no-flip solution counts comparable with the original.
    public var drawing: String {
        switch self {
        case .f: "_____\n__##_\n_##__\n__#__\n_____"
        case .i: "__#__\n__#__\n__#__\n__#__\n__#__"
        case .l: "_#___\n_#___\n_#___\n_##__\n_____"
        case .n: "_#___\n_#___\n_##__\n__#__\n_____"
        case .p: "_____\n_##__\n_##__\n_#___\n_____"
        case .t: "_____\n_###_\n__#__\n__#__\n_____"
        case .u: "_____\n_#_#_\n_###_\n_____\n_____"
        case .v: "_____\n_#___\n_#___\n_###_\n_____"
        case .w: "_____\n_#___\n_##__\n__##_\n_____"
        case .x: "_____\n__#__\n_###_\n__#__\n_____"
        case .y: "__#__\n_##__\n__#__\n__#__\n_____"
        case .z: "_____\n_##__\n__#__\n__##_\n_____"
        }
    }

    /// The distinct orientations of this piece: 8, 4, 2 or 1 of them. Each is the first of its
    /// equivalence class in the order unflipped 0–3 quarter turns, then flipped 0–3.
    public var orientations: [Orientation] { TileCells.shared.distinct[index] }

    /// The orientations available without flipping: the four rotations of the piece as drawn, or
    /// of its mirror image when `mirrored`, with repeats removed.
    public func rotations(mirrored: Bool = false) -> [Orientation] {
        var seen: [Orientation] = []
        for turns in 0..<4 {
            let orientation = canonical(Orientation(quarterTurns: turns, flipped: mirrored))
            if !seen.contains(orientation) { seen.append(orientation) }
        }
        return seen
    }

    /// The representative of `orientation`'s class: the orientation in `orientations` giving the
    /// same 5×5 grid. Two orientations of a symmetric piece can look identical (X has only one).
    public func canonical(_ orientation: Orientation) -> Orientation {
        TileCells.shared.canonical[index][orientation.index]
    }

    /// The piece's 5×5 grid in `orientation` (`true` = filled).
    public func grid(_ orientation: Orientation) -> Grid<Bool> {
        TileCatalog.shared.grids[index][orientation.index]
    }

    /// The filled cells of the 5×5 grid in `orientation`, in reading order, relative to the grid's
    /// top-left corner: add a board square (the grid's origin) to get the cells a placement covers.
    public func gridCells(_ orientation: Orientation) -> [Square] {
        TileCells.shared.cells[index][orientation.index]
    }

    /// The filled cells moved so the topmost row and leftmost column are 0: the shape without its
    /// position in the 5×5 grid. Equal for two orientations exactly when they look the same.
    public func normalisedCells(_ orientation: Orientation) -> [Square] {
        let cells = gridCells(orientation)
        let top = cells.map(\.row).min() ?? 0
        let left = cells.map(\.col).min() ?? 0
        return cells.map { Square(row: $0.row - top, col: $0.col - left) }
    }
}

extension TileShape: Codable {
    /// Decodes a letter, accepting the blog's aliases as well.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let shape = TileShape(letter: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "unknown tile \"\(text)\""))
        }
        self = shape
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Every piece's grids in all eight orientations, for the pages and hints that draw them.
struct TileCatalog: Sendable {
    static let shared = TileCatalog()

    /// `[shape.index][orientation.index]`
    let grids: [[Grid<Bool>]]

    private init() {
        grids = TileCells.shared.masks.map { masks in
            masks.map { mask in
                var grid = Grid(rows: 5, cols: 5, fill: false)
                for bit in 0..<25 where mask & (1 << UInt32(bit)) != 0 { grid[bit / 5, bit % 5] = true }
                return grid
            }
        }
    }
}

/// Every piece's cells in all eight orientations, worked out once from the drawings as 25-bit
/// masks of the 5×5 grid (bit `row * 5 + col`). `tessera-pentomino` builds this at every start,
/// so it avoids grids and hashing: through `Grid` and a dictionary of grids it cost a quarter of
/// a 3×20 run's instructions.
struct TileCells: Sendable {
    static let shared = TileCells()

    /// `[shape.index][orientation.index]`
    let masks: [[UInt32]]
    let cells: [[[Square]]]
    let canonical: [[Orientation]]
    let distinct: [[Orientation]]

    private init() {
        // Every array made with its final size and no temporaries: this runs at every start of
        // `tessera-pentomino`, where each allocation and free is a few hundred instructions.
        var masks: [[UInt32]] = []
        var cells: [[[Square]]] = []
        var canonical: [[Orientation]] = []
        var distinct: [[Orientation]] = []
        let shapes = TileShape.allCases.count, orientations = Orientation.all.count
        masks.reserveCapacity(shapes)
        cells.reserveCapacity(shapes)
        canonical.reserveCapacity(shapes)
        distinct.reserveCapacity(shapes)
        for shape in TileShape.allCases {
            let home = Self.mask(drawing: shape.drawing)
            var shapeMasks: [UInt32] = []
            shapeMasks.reserveCapacity(orientations)
            for orientation in Orientation.all {
                var mask = orientation.flipped ? Self.mirrored(home) : home
                for _ in 0..<orientation.quarterTurns { mask = Self.turnedClockwise(mask) }
                shapeMasks.append(mask)
            }
            var shapeCanonical: [Orientation] = []
            var shapeDistinct: [Orientation] = []
            var shapeCells: [[Square]] = []
            shapeCanonical.reserveCapacity(orientations)
            shapeDistinct.reserveCapacity(orientations)
            shapeCells.reserveCapacity(orientations)
            for (index, mask) in shapeMasks.enumerated() {
                // The first orientation (in `Orientation.all` order) with the same grid.
                let first = shapeMasks.firstIndex(of: mask) ?? index
                shapeCanonical.append(Orientation.all[first])
                if first == index { shapeDistinct.append(Orientation.all[index]) }
                var squares: [Square] = []
                squares.reserveCapacity(mask.nonzeroBitCount)
                var rest = mask
                while rest != 0 {
                    let bit = rest.trailingZeroBitCount
                    squares.append(Square(row: bit / 5, col: bit % 5))
                    rest &= rest - 1
                }
                shapeCells.append(squares)
            }
            masks.append(shapeMasks)
            cells.append(shapeCells)
            canonical.append(shapeCanonical)
            distinct.append(shapeDistinct)
        }
        self.masks = masks
        self.cells = cells
        self.canonical = canonical
        self.distinct = distinct
    }

    /// The drawing's `#` cells (rows split by newlines).
    private static func mask(drawing: String) -> UInt32 {
        var mask: UInt32 = 0
        var row = 0, col = 0
        for byte in drawing.utf8 {
            if byte == UInt8(ascii: "\n") {
                row += 1
                col = 0
                continue
            }
            if byte == UInt8(ascii: "#"), row < 5, col < 5 { mask |= 1 << UInt32(row * 5 + col) }
            col += 1
        }
        return mask
    }

    /// Mirrored left to right, as `Grid.flippedHorizontally`.
    private static func mirrored(_ mask: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<25 where mask & (1 << UInt32(bit)) != 0 {
            result |= 1 << UInt32(bit / 5 * 5 + 4 - bit % 5)
        }
        return result
    }

    /// A quarter turn clockwise, as `Grid.rotatedClockwise`: (row, col) moves to (col, 4 − row).
    private static func turnedClockwise(_ mask: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<25 where mask & (1 << UInt32(bit)) != 0 {
            result |= 1 << UInt32(bit % 5 * 5 + 4 - bit / 5)
        }
        return result
    }
}
