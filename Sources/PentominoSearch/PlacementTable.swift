import GridCore
import Synchronization

/// Every way each piece fits on an empty board, as bit masks, for one set of allowed orientations,
/// leaving out placements that cut off a region no set of pentominoes could fill.
package struct PlacementList: Sendable {
    /// 16 bytes: the list is made at every start of `tessera-pentomino`, and at 56 bytes (a
    /// whole `Placement` inside) its pages were a tenth of a 3×20 run's page faults.
    package struct Entry: Sendable {
        package let mask: UInt64
        private let shape: TileShape
        private let orientation: UInt8
        private let row: Int8
        private let col: Int8

        /// `origin` lies within a few squares of a board of at most 20 × 20, so it fits in 8 bits.
        init(mask: UInt64, shape: TileShape, orientation: Orientation, origin: Square) {
            self.mask = mask
            self.shape = shape
            self.orientation = UInt8(truncatingIfNeeded: orientation.index)
            row = Int8(truncatingIfNeeded: origin.row)
            col = Int8(truncatingIfNeeded: origin.col)
        }

        package var piece: Int { shape.index }

        package var placement: Placement {
            Placement(shape, Orientation.all[Int(orientation)], at: Square(row: Int(row), col: Int(col)))
        }
    }

    package let geometry: BoardGeometry
    package let entries: [Entry]
    /// `lookup[piece][mask]` → index into `entries`, to turn a mapped mask back into a placement;
    /// made on first use, since a plain count never needs it.
    private let lookup: EntryLookup

    /// Which candidates (every piece, orientation and origin in the order `init` meets them) were
    /// kept: bit `n % 64` of word `n / 64`. What `KnownFits` stores for the named boards.
    let fitBits: [UInt64]

    /// `orientations(piece)` lists the orientations allowed for that piece. `fits`, when given
    /// (from `KnownFits`), says which candidates to keep without testing them: the region test
    /// is most of the list's cost, paid at every start of `tessera-pentomino`.
    init(geometry: BoardGeometry, orientations: (TileShape) -> [Orientation], fits: [UInt64]? = nil) {
        self.geometry = geometry
        let shape = geometry.shape
        var entries: [Entry] = []
        // With the verdicts known, the list's length is too: one allocation instead of a dozen
        // growing copies (each new page touched is a page fault at every start).
        if let fits { entries.reserveCapacity(fits.reduce(0) { $0 + $1.nonzeroBitCount }) }
        var fitBits: [UInt64] = []
        var candidate = 0
        for piece in TileShape.allCases {
            for orientation in orientations(piece) {
                let cells = piece.gridCells(orientation)
                // Only origins that keep all five cells inside the rectangle (the 5×5 grid may
                // hang off any edge), each mask built in place: this list is made at every start
                // of `tessera-pentomino`, so its cost is part of every solve's time.
                guard let first = cells.first else { continue }
                var top = first.row, bottom = first.row, left = first.col, right = first.col
                for cell in cells {
                    top = min(top, cell.row)
                    bottom = max(bottom, cell.row)
                    left = min(left, cell.col)
                    right = max(right, cell.col)
                }
                for row in stride(from: -top, to: shape.rows - bottom, by: 1) {
                    for col in stride(from: -left, to: shape.cols - right, by: 1) {
                        let origin = Square(row: row, col: col)
                        let word = candidate >> 6, bit = UInt64(candidate & 63)
                        candidate += 1
                        if word == fitBits.count { fitBits.append(0) }
                        var known = false
                        if let fits, word < fits.count {
                            guard fits[word] >> bit & 1 != 0 else { continue }
                            known = true
                        }
                        var mask: UInt64 = 0
                        for cell in cells { mask |= 1 << UInt64(geometry.bit(cell + origin)) }
                        if !known {
                            // Distinct orientations and origins never give the same mask twice.
                            guard mask & ~geometry.freeMask == 0 else { continue }
                            // A piece that walls off a pocket of, say, 3 cells can never be part of
                            // a solution, whatever else is on the board: the pocket cannot be filled.
                            // Dropping it here costs nothing during the search.
                            guard geometry.regionsDivisibleByFive(outside: mask) else { continue }
                        }
                        fitBits[word] |= 1 << bit
                        entries.append(Entry(mask: mask, shape: piece, orientation: orientation, origin: origin))
                    }
                }
            }
        }
        self.entries = entries
        self.fitBits = fitBits
        lookup = EntryLookup()
    }

    package func index(piece: Int, mask: UInt64) -> Int? { lookup.table(entries)[piece][mask] }

    /// The lookup itself, for many look-ups in a row without a lock each.
    func indexTable() -> [[UInt64: Int]] { lookup.table(entries) }
}

/// `PlacementList`'s mask → entry lookup, built once when first asked for.
final class EntryLookup: Sendable {
    private let made = Mutex<[[UInt64: Int]]?>(nil)

    func table(_ entries: [PlacementList.Entry]) -> [[UInt64: Int]] {
        made.withLock { made in
            if let made { return made }
            var lookup = Array(repeating: [UInt64: Int](), count: TileShape.allCases.count)
            for (index, entry) in entries.enumerated() { lookup[entry.piece][entry.mask] = index }
            made = lookup
            return lookup
        }
    }
}
