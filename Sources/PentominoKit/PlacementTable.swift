import GridKit

/// Every way each piece fits on an empty board, as bit masks, for one set of allowed orientations,
/// leaving out placements that cut off a region no set of pentominoes could fill.
struct PlacementList: Sendable {
    struct Entry: Sendable {
        let mask: UInt64
        let piece: Int
        let placement: Placement
    }

    let geometry: BoardGeometry
    let entries: [Entry]
    /// `lookup[piece][mask]` → index into `entries`, to turn a mapped mask back into a placement.
    private let lookup: [[UInt64: Int]]

    /// `orientations(piece)` lists the orientations allowed for that piece.
    init(geometry: BoardGeometry, orientations: (TileShape) -> [Orientation]) {
        self.geometry = geometry
        let shape = geometry.shape
        var entries: [Entry] = []
        var lookup = Array(repeating: [UInt64: Int](), count: TileShape.allCases.count)
        for piece in TileShape.allCases {
            for orientation in orientations(piece) {
                let cells = piece.gridCells(orientation)
                // Only origins that keep all five cells inside the rectangle (the 5×5 grid may
                // hang off any edge), each mask built in place: this list is made at every start
                // of `tessera-pentomino`, so its cost is part of every solve's time.
                let rows = cells.map(\.row), cols = cells.map(\.col)
                guard let top = rows.min(), let bottom = rows.max(), let left = cols.min(), let right = cols.max() else { continue }
                for row in stride(from: -top, to: shape.rows - bottom, by: 1) {
                    for col in stride(from: -left, to: shape.cols - right, by: 1) {
                        let origin = Square(row: row, col: col)
                        var mask: UInt64 = 0
                        for cell in cells { mask |= 1 << UInt64(geometry.bit(cell + origin)) }
                        guard mask & ~geometry.freeMask == 0, lookup[piece.index][mask] == nil else { continue }
                        // A piece that walls off a pocket of, say, 3 cells can never be part of
                        // a solution, whatever else is on the board: the pocket cannot be filled.
                        // Dropping it here costs nothing during the search.
                        guard geometry.regionsDivisibleByFive(outside: mask) else { continue }
                        lookup[piece.index][mask] = entries.count
                        entries.append(Entry(mask: mask, piece: piece.index,
                                             placement: Placement(piece, orientation, at: origin)))
                    }
                }
            }
        }
        self.entries = entries
        self.lookup = lookup
    }

    func index(piece: Int, mask: UInt64) -> Int? { lookup[piece][mask] }
}

/// The solver's lookup table: placements grouped by the lowest cell they cover, then by what lies
/// just after that cell, then by piece. Filling the first empty cell then only looks at
/// placements that start there *and* miss the covered cells nearby, which removes most of the
/// candidates that would fail the overlap test.
///
/// "Nearby" is six cells after the first empty cell `c`: `c+1`, `c+2` (further along its line),
/// `c+L-1`, `c+L`, `c+L+1` (the next line) and `c+2L`, where `L` is the line length. Their
/// occupancy forms a 6-bit pattern; a placement is listed under a pattern only if it avoids all
/// the pattern's covered cells.
///
/// The arrays live in manually allocated buffers so the search loop reads them through plain
/// pointers, without bounds checks or copy-on-write retains. They are written once in `init` and
/// never again, which is why sharing the table between threads is safe.
final class SearchTable: @unchecked Sendable {
    static let pieceCount = 12
    /// 64 cells plus one spare, so a full board's cell index (64) is still in range.
    static let cellSlots = 65
    static let patternCount = 64

    /// Masks in bucket order.
    let masks: UnsafeMutablePointer<UInt64>
    /// On a compact drawn board (`hasBorders`): for each mask, the free cells next to it, and each
    /// cell's neighbours (64 of them). The search checks that no cell next to a placed piece is
    /// left walled in, which the shift tests cannot tell there.
    let borders: UnsafeMutablePointer<UInt64>
    let neighbours: UnsafeMutablePointer<UInt64>
    let hasBorders: Bool
    /// For each mask, the index of its entry in the `PlacementList`.
    let entryIndices: UnsafeMutablePointer<Int32>
    /// `offsets[(cell * 64 + pattern) * 12 + piece]` is where a bucket starts; the next offset is
    /// where it ends.
    let offsets: UnsafeMutablePointer<Int32>
    /// `pieceSets[cell * 64 + pattern]`: one bit per piece whose bucket there is not empty, so the
    /// search never visits an empty bucket (four in ten of the buckets it would visit on 6×10).
    let pieceSets: UnsafeMutablePointer<UInt32>
    /// Copied from the board geometry for the search's pattern and one-cell-hole tests.
    let lineLength: UInt64
    /// The geometry's `wallLine`: 0 on a compact drawn board, which turns the walled-in tests off.
    let wallLine: UInt64
    let notFirstInLine: UInt64
    let notLastInLine: UInt64

    /// A table of the list's placements that pass `keep`.
    ///
    /// Built at every start of `tessera-pentomino`, so it is written straight into its buffers:
    /// the kept entries sorted by (lowest cell, piece) with a counting sort, then each bucket
    /// filled in order. A bucket can hold an entry at most once per pattern, which bounds the
    /// buffers; pages never written are never touched.
    init(_ list: PlacementList, keep: (PlacementList.Entry) -> Bool = { _ in true }) {
        let line = list.geometry.lineLength
        lineLength = UInt64(line)
        wallLine = UInt64(list.geometry.wallLine)
        notFirstInLine = list.geometry.notFirstInLine
        notLastInLine = list.geometry.notLastInLine
        let entries = list.entries
        let groups = Self.cellSlots * Self.pieceCount
        // Counting sort of the kept entries by group (lowest cell, piece).
        var groupStart = [Int](repeating: 0, count: groups + 1)
        var kept: [Int32] = []
        kept.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() where keep(entry) {
            kept.append(Int32(index))
            groupStart[entry.mask.trailingZeroBitCount * Self.pieceCount + entry.piece + 1] += 1
        }
        for group in 0..<groups { groupStart[group + 1] += groupStart[group] }
        var next = groupStart
        var sorted = [Int32](repeating: 0, count: kept.count)
        for index in kept {
            let entry = entries[Int(index)]
            let group = entry.mask.trailingZeroBitCount * Self.pieceCount + entry.piece
            sorted[next[group]] = index
            next[group] += 1
        }

        let slots = Self.cellSlots * Self.patternCount * Self.pieceCount
        offsets = .allocate(capacity: slots + 1)
        pieceSets = .allocate(capacity: Self.cellSlots * Self.patternCount)
        let capacity = max(kept.count * Self.patternCount, 1)
        masks = .allocate(capacity: capacity)
        let cellNeighbours = list.geometry.neighbours
        hasBorders = !cellNeighbours.isEmpty
        borders = .allocate(capacity: hasBorders ? capacity : 1)
        neighbours = .allocate(capacity: 64)
        neighbours.initialize(repeating: 0, count: 64)
        for (bit, next) in cellNeighbours.enumerated() where bit < 64 { neighbours[bit] = next }
        func border(_ mask: UInt64) -> UInt64 {
            var around: UInt64 = 0
            var rest = mask
            while rest != 0 {
                around |= cellNeighbours[rest.trailingZeroBitCount]
                rest &= rest - 1
            }
            return around & ~mask
        }
        entryIndices = .allocate(capacity: capacity)
        var count = 0
        // The cells a pattern stands for, from the six nearby offsets (cells past bit 63 left out).
        let nearby = [1, 2, line - 1, line, line + 1, 2 * line]
        for cell in 0..<Self.cellSlots {
            for pattern in 0..<Self.patternCount {
                var covered: UInt64 = 0
                for (bit, offset) in nearby.enumerated() where pattern & (1 << bit) != 0 && cell + offset < 64 {
                    covered |= 1 << UInt64(cell + offset)
                }
                var pieces: UInt32 = 0
                for piece in 0..<Self.pieceCount {
                    offsets[(cell * Self.patternCount + pattern) * Self.pieceCount + piece] = Int32(count)
                    let start = count
                    let group = cell * Self.pieceCount + piece
                    for position in groupStart[group]..<groupStart[group + 1] {
                        let index = sorted[position]
                        let mask = entries[Int(index)].mask
                        guard mask & covered == 0 else { continue }
                        masks[count] = mask
                        entryIndices[count] = index
                        if hasBorders { borders[count] = border(mask) }
                        count += 1
                    }
                    if count > start { pieces |= 1 << UInt32(piece) }
                }
                pieceSets[cell * Self.patternCount + pattern] = pieces
            }
        }
        offsets[slots] = Int32(count)
    }

    deinit {
        masks.deallocate()
        borders.deallocate()
        neighbours.deallocate()
        entryIndices.deallocate()
        offsets.deallocate()
        pieceSets.deallocate()
    }

    /// The pattern of `occupied` around `cell` (the search computes the same thing inline).
    @inline(__always)
    static func pattern(_ occupied: UInt64, after cell: Int, line: Int) -> Int {
        // Smart shifts: a shift past bit 63 gives 0, i.e. "free", which only means less filtering.
        let along = (occupied >> UInt64(cell + 1)) & 0b11
        let across = (occupied >> UInt64(cell + line - 1)) & 0b111
        let further = (occupied >> UInt64(cell + 2 * line)) & 0b1
        return Int(along | across << 2 | further << 5)
    }

    /// Placements of `piece` whose lowest cell is `cell`, as (mask, entry index) pairs.
    func bucket(cell: Int, piece: Int) -> [(mask: UInt64, entry: Int32)] {
        let slot = cell * Self.patternCount * Self.pieceCount + piece
        let start = Int(offsets[slot])
        let end = Int(offsets[slot + 1])
        return (start..<end).map { (masks[$0], entryIndices[$0]) }
    }
}
