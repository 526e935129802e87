import GridCore

/// How a board's cells map to bits of a `UInt64`, and the board's symmetries as bit permutations.
///
/// Cells are numbered along the short side first (column by column on a wide board), so the
/// solver's "first empty cell" walks down a short column and dead ends show up early. A board whose
/// rectangle has at most 64 squares numbers every square (holes too), so a neighbour is always one
/// bit or one line away and the search's shift tricks hold. A drawn board in a larger frame numbers
/// only its 60 cells (`isCompact`): its holes all share the spare bit 63, never free.
package struct BoardGeometry: Sendable {
    let shape: BoardShape
    /// Bits of cells a piece may cover.
    let freeMask: UInt64
    /// Cells per line of bits: the short side. Bit ± 1 is the next cell along the same line,
    /// bit ± `lineLength` the same cell on the neighbouring line.
    let lineLength: Int
    /// The line length the search's walled-in-cell tests may rely on: `lineLength`, or 0 on a compact
    /// board, where bits one line apart need not be neighbours (a shift by 0 makes every empty cell
    /// its own neighbour, so the tests never prune).
    let wallLine: Int
    /// Bits that are not the first / not the last cell of their line.
    let notFirstInLine: UInt64
    let notLastInLine: UInt64
    /// On a compact board, each bit's neighbouring cells (for `regionsDivisibleByFive` and the
    /// search's walled-in-cell test there); empty otherwise.
    let neighbours: [UInt64]
    /// `bitOf[row * cols + col]`.
    private let bitOf: [Int]
    /// `squareOf[bit]`, for bits inside the rectangle (a compact board: its cells).
    private let squareOf: [Square]
    /// Symmetries of the board (those of its rectangle that map its holes onto holes), identity
    /// first. Each is a permutation of bits 0..<64 (bits outside
    /// the rectangle map to themselves).
    let symmetries: [BoardSymmetry]

    /// The bit every hole of a compact board shares: past the 60 cells, so never free.
    private static let compactHole = 63

    init(_ shape: BoardShape) {
        self.shape = shape
        let (rows, cols) = (shape.rows, shape.cols)
        let columnMajor = rows < cols
        let compact = rows * cols > 64
        let holes = shape.holes
        var bitOf = Array(repeating: Self.compactHole, count: rows * cols)
        var squareOf: [Square] = []
        let (lines, along) = columnMajor ? (cols, rows) : (rows, cols)
        for line in 0..<lines {
            for step in 0..<along {
                let square = columnMajor ? Square(row: step, col: line) : Square(row: line, col: step)
                if compact && holes.contains(square) { continue }
                bitOf[square.row * cols + square.col] = squareOf.count
                squareOf.append(square)
            }
        }
        lineLength = compact ? max(2, along) : along
        wallLine = compact ? 0 : along
        var notFirst: UInt64 = 0
        var notLast: UInt64 = 0
        for bit in 0..<64 {
            if bit % lineLength != 0 { notFirst |= 1 << UInt64(bit) }
            if bit % lineLength != lineLength - 1 { notLast |= 1 << UInt64(bit) }
        }
        notFirstInLine = notFirst
        notLastInLine = notLast
        var free: UInt64 = 0
        for square in squareOf where !holes.contains(square) {
            free |= 1 << UInt64(bitOf[square.row * cols + square.col])
        }
        var neighbours: [UInt64] = []
        if compact {
            neighbours = Array(repeating: 0, count: 64)
            for (bit, square) in squareOf.enumerated() {
                for next in [Square(row: square.row - 1, col: square.col), Square(row: square.row + 1, col: square.col),
                             Square(row: square.row, col: square.col - 1), Square(row: square.row, col: square.col + 1)]
                where shape.contains(next) {
                    let other = bitOf[next.row * cols + next.col]
                    if free & (1 << UInt64(other)) != 0 { neighbours[bit] |= 1 << UInt64(other) }
                }
            }
        }
        self.neighbours = neighbours
        self.bitOf = bitOf
        self.squareOf = squareOf
        self.freeMask = free
        symmetries = BoardSymmetry.kinds(rows: rows, cols: cols).map { kind in
            var permutation = Array(0..<64)
            for (bit, square) in squareOf.enumerated() {
                let image = BoardSymmetry.image(of: square, under: kind, rows: rows, cols: cols)
                permutation[bit] = bitOf[image.row * cols + image.col]
            }
            return BoardSymmetry(kind: kind, permutation: permutation)
        }.filter { $0.apply(free) == free }  // a hole off the centre keeps only the symmetries that keep it
    }

    package func bit(_ square: Square) -> Int { bitOf[square.row * shape.cols + square.col] }

    func square(ofBit bit: Int) -> Square { squareOf[bit] }

    /// The mask of `squares`; `nil` if any is not a free cell.
    package func mask(_ squares: [Square]) -> UInt64? {
        var mask: UInt64 = 0
        for square in squares {
            // `freeMask` rather than `shape.isFree`, which builds the set of holes on every call:
            // building the placement list asks this some 9,000 times.
            guard shape.contains(square) else { return nil }
            let cell: UInt64 = 1 << UInt64(bit(square))
            guard freeMask & cell != 0 else { return nil }
            mask |= cell
        }
        return mask
    }

    /// The cells of `mask`, in reading order.
    func squares(_ mask: UInt64) -> [Square] {
        var result: [Square] = []
        var rest = mask & freeMask
        while rest != 0 {
            result.append(squareOf[rest.trailingZeroBitCount])
            rest &= rest - 1
        }
        return result.sorted()
    }

    /// Whether every connected region of free cells outside `covered` has a multiple of five
    /// cells. If not, no set of pentominoes can fill the rest of the board.
    func regionsDivisibleByFive(outside covered: UInt64) -> Bool {
        guard neighbours.isEmpty else { return compactRegionsDivisibleByFive(outside: covered) }
        var unvisited = freeMask & ~covered
        let line = UInt64(lineLength)
        while unvisited != 0 {
            // Grown a whole ring at a time with shifts (along a line, masked so it does not wrap
            // to the next line; across lines), until the region stops growing.
            var region = unvisited & (0 &- unvisited)
            while true {
                let grown = (region | (region << 1) & notFirstInLine | (region >> 1) & notLastInLine
                             | region << line | region >> line) & unvisited
                if grown == region { break }
                region = grown
            }
            if region.nonzeroBitCount % 5 != 0 { return false }
            unvisited &= ~region
        }
        return true
    }

    /// `regionsDivisibleByFive` on a compact board: regions grown through the neighbour table.
    private func compactRegionsDivisibleByFive(outside covered: UInt64) -> Bool {
        var unvisited = freeMask & ~covered
        while unvisited != 0 {
            var region = unvisited & (0 &- unvisited)
            var frontier = region
            while frontier != 0 {
                var grown: UInt64 = 0
                var rest = frontier
                while rest != 0 {
                    grown |= neighbours[rest.trailingZeroBitCount]
                    rest &= rest - 1
                }
                frontier = grown & unvisited & ~region
                region |= frontier
            }
            if region.nonzeroBitCount % 5 != 0 { return false }
            unvisited &= ~region
        }
        return true
    }

    /// Symmetries the solver may use: all of them when pieces may flip; only rotations otherwise,
    /// because a mirrored solution needs mirrored pieces.
    func symmetries(flips: Bool) -> [BoardSymmetry] {
        flips ? symmetries : symmetries.filter(\.kind.isRotation)
    }
}

/// One symmetry of a board, as a permutation of cell bits.
package struct BoardSymmetry: Sendable {
    enum Kind: UInt8, Sendable, CaseIterable {
        case identity, halfTurn, mirrorTopBottom, mirrorLeftRight
        case quarterTurn, threeQuarterTurn, transpose, antiTranspose

        var isRotation: Bool {
            switch self {
            case .identity, .halfTurn, .quarterTurn, .threeQuarterTurn: true
            default: false
            }
        }
    }

    let kind: Kind
    let permutation: [Int]

    func apply(_ mask: UInt64) -> UInt64 {
        var result: UInt64 = 0
        var rest = mask
        while rest != 0 {
            result |= 1 << UInt64(permutation[rest.trailingZeroBitCount])
            rest &= rest - 1
        }
        return result
    }

    /// The symmetries of a rows×cols rectangle: four, or eight when it is square. A board with holes
    /// keeps only those that keep its holes (`init` filters them).
    static func kinds(rows: Int, cols: Int) -> [Kind] {
        rows == cols ? Kind.allCases : [.identity, .halfTurn, .mirrorTopBottom, .mirrorLeftRight]
    }

    /// Where `kind` moves `square` on a rows×cols rectangle.
    static func image(of square: Square, under kind: Kind, rows: Int, cols: Int) -> Square {
        let (row, col) = (square.row, square.col)
        switch kind {
        case .identity: return square
        case .halfTurn: return Square(row: rows - 1 - row, col: cols - 1 - col)
        case .mirrorTopBottom: return Square(row: rows - 1 - row, col: col)
        case .mirrorLeftRight: return Square(row: row, col: cols - 1 - col)
        case .quarterTurn: return Square(row: col, col: rows - 1 - row)
        case .threeQuarterTurn: return Square(row: cols - 1 - col, col: row)
        case .transpose: return Square(row: col, col: row)
        case .antiTranspose: return Square(row: cols - 1 - col, col: rows - 1 - row)
        }
    }
}
