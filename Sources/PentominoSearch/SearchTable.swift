/// Which 6-bit patterns can occur at one cell (see `SearchTable.init`).
private struct PatternReach {
    /// Bits always 0 / always 1 there.
    var zero: UInt8 = 0
    var one: UInt8 = 0
    /// Pairs of bits that name the same cell (the same at every cell of a board, so the caller
    /// works them out once): at most two, with lines of 2.
    var same: [(UInt8, UInt8)]

    func allows(_ pattern: UInt8) -> Bool {
        guard pattern & zero == 0, pattern & one == one else { return false }
        for (first, second) in same where (pattern & first == 0) != (pattern & second == 0) { return false }
        return true
    }
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
package final class SearchTable: @unchecked Sendable {
    package static let pieceCount = 12
    /// 64 cells plus one spare, so a full board's cell index (64) is still in range.
    static let cellSlots = 65
    static let patternCount = 64
    /// Boards whose lines have at most this many cells get a flat table (see `patternShift`).
    static let flatLine = 3

    /// A slot is `cell << patternShift + pattern & patternMask`: 6 and 63 normally, 0 and 0 in a
    /// flat table, which keeps one bucket list per cell whatever lies around it. On 3×20 the
    /// whole search is under 2,000 nodes, so the patterns saved less search time than building
    /// and touching their 60 × 64 slots cost at every start.
    let patternShift: Int
    let patternMask: Int

    /// Masks in bucket order.
    let masks: UnsafeMutablePointer<UInt64>
    /// On a compact drawn board (`hasBorders`): for each mask, the free cells next to it, and each
    /// cell's neighbours (64 of them). The search checks that no cell next to a placed piece is
    /// left walled in, which the shift tests cannot tell there.
    let borders: UnsafeMutablePointer<UInt64>
    let neighbours: UnsafeMutablePointer<UInt64>
    let hasBorders: Bool
    /// For each mask, the index of its entry in the `PlacementList`.
    /// (16 bits: a board has at most 63 orientations × 64 cells of placements, and every page
    /// of this buffer written is a page fault paid at each start.)
    let entryIndices: UnsafeMutablePointer<UInt16>
    /// `offsets[(cell * 64 + pattern) * 13 + piece]` is where a bucket starts; the next offset is
    /// where it ends (the 13th, where the slot's last bucket ends). Written only for the slots the
    /// search can meet, and there only around the pieces `pieceSets` names: nothing else is read.
    let offsets: BucketOffsets
    static let offsetStride = pieceCount + 1

    /// Bucket offsets in 16 bits when every mask index fits (all the named boards), else 32. The
    /// buffer spans every slot, and each page of it written is a page fault (2–3 µs here) paid at
    /// every start of `tessera-pentomino`: 16 bits halve them (54 to 27 of a 3×20 run's 200).
    enum BucketOffsets {
        case narrow(UnsafeMutablePointer<UInt16>)
        case wide(UnsafeMutablePointer<Int32>)
    }
    /// Per cell, the pattern whose buckets hold every placement starting there: only its forced
    /// bits (cells outside the board or holes) set.
    let fullPatterns: UnsafeMutablePointer<UInt8>
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

        let flat = line <= Self.flatLine
        patternShift = flat ? 0 : 6
        patternMask = flat ? 0 : Self.patternCount - 1
        let slotCount = Self.cellSlots << patternShift
        pieceSets = .allocate(capacity: slotCount)
        // Every slot reads as "nothing here" until filled (4 pages, and a full board's cell 64 reads it).
        pieceSets.initialize(repeating: 0, count: slotCount)
        fullPatterns = .allocate(capacity: Self.cellSlots)
        fullPatterns.initialize(repeating: 0, count: Self.cellSlots)
        let cellNeighbours = list.geometry.neighbours
        hasBorders = !cellNeighbours.isEmpty
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
        // Each kept entry's `need`: which of its lowest cell's six nearby cells it covers. It goes
        // in the bucket of every pattern that leaves those cells free (`need & pattern == 0`).
        // Worked out once per entry, so the fill below is a tight loop: this table is built at
        // every start of `tessera-pentomino`, and on thin boards building it cost more than the search.
        let nearby = [1, 2, line - 1, line, line + 1, 2 * line]
        var sortedMasks = [UInt64](repeating: 0, count: sorted.count)
        var needs = [UInt8](repeating: 0, count: sorted.count)
        var pieceOf = [UInt8](repeating: 0, count: sorted.count)
        for (position, index) in sorted.enumerated() {
            let mask = entries[Int(index)].mask
            let cell = mask.trailingZeroBitCount
            var need: UInt8 = 0
            // A flat table has one pattern, 0, which every entry fits.
            for (bit, offset) in nearby.enumerated() where !flat && cell + offset < 64 && mask & (1 << UInt64(cell + offset)) != 0 {
                need |= 1 << UInt8(bit)
            }
            sortedMasks[position] = mask
            needs[position] = need
            pieceOf[position] = UInt8(truncatingIfNeeded: entries[Int(index)].piece)
        }
        // Patterns the search can never meet at a cell are left empty, which on 3×20 is half of
        // them: a nearby cell past bit 63 always reads free, one outside the board or a hole
        // always covered, and two of the six offsets naming the same cell (1 and 2 with lines
        // of 3) always agree.
        let notFree = ~list.geometry.freeMask
        var same: [(UInt8, UInt8)] = []
        for (bit, offset) in nearby.enumerated() {
            for (other, otherOffset) in nearby.enumerated() where other < bit && otherOffset == offset {
                same.append((UInt8(1) << UInt8(other), UInt8(1) << UInt8(bit)))
            }
        }
        func reachability(_ cell: Int) -> PatternReach {
            var reach = PatternReach(same: same)
            for (bit, offset) in nearby.enumerated() {
                let target = cell + offset
                if target >= 64 {
                    reach.zero |= 1 << UInt8(bit)
                } else if notFree & (1 << UInt64(target)) != 0 {
                    reach.one |= 1 << UInt8(bit)
                }
            }
            return reach
        }
        // The patterns each cell can meet, and from them the exact number of masks, which says
        // whether 16-bit offsets will do.
        var allowed = [UInt64](repeating: 0, count: 64)
        var total = 0
        for cell in 0..<64 where list.geometry.freeMask & (1 << UInt64(cell)) != 0 {
            let reach = reachability(cell)
            fullPatterns[cell] = reach.one
            var patterns: UInt64 = 0
            if flat {
                patterns = 1
            } else {
                for pattern in 0..<Self.patternCount where reach.allows(UInt8(pattern)) { patterns |= 1 << UInt64(pattern) }
            }
            allowed[cell] = patterns
            let cellStart = groupStart[cell * Self.pieceCount], cellEnd = groupStart[(cell + 1) * Self.pieceCount]
            if flat {
                total += cellEnd - cellStart
                continue
            }
            for position in cellStart..<cellEnd {
                // The patterns that leave this entry's cells free: the subsets of the others.
                var fits: UInt64 = 1
                let free = ~needs[position] & 0b11_1111
                for bit in 0..<6 where free & (1 << UInt8(bit)) != 0 { fits |= fits << UInt64(1 << bit) }
                total += (patterns & fits).nonzeroBitCount
            }
        }
        let capacity = max(total, 1)
        masks = .allocate(capacity: capacity)
        entryIndices = .allocate(capacity: capacity)
        borders = .allocate(capacity: hasBorders ? capacity : 1)
        let offsetCount = slotCount * Self.offsetStride
        var narrow: UnsafeMutablePointer<UInt16>?
        var wide: UnsafeMutablePointer<Int32>?
        if total <= Int(UInt16.max) {
            let buffer = UnsafeMutablePointer<UInt16>.allocate(capacity: offsetCount)
            narrow = buffer
            offsets = .narrow(buffer)
        } else {
            let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: offsetCount)
            wide = buffer
            offsets = .wide(buffer)
        }
        func setOffset(_ index: Int, _ value: Int) {
            if let narrow { narrow[index] = UInt16(truncatingIfNeeded: value) }
            if let wide { wide[index] = Int32(truncatingIfNeeded: value) }
        }
        var count = 0
        sortedMasks.withUnsafeBufferPointer { sortedMasks in
        needs.withUnsafeBufferPointer { needs in
        pieceOf.withUnsafeBufferPointer { pieceOf in
        sorted.withUnsafeBufferPointer { sorted in
            for cell in 0..<64 where list.geometry.freeMask & (1 << UInt64(cell)) != 0 {
                // A cell that is never the first empty one (a hole, past the board) is never
                // read, and neither is a pattern that cannot occur: their pages stay untouched.
                let cellStart = groupStart[cell * Self.pieceCount], cellEnd = groupStart[(cell + 1) * Self.pieceCount]
                let slotBase = cell << patternShift
                // No placement starts here: a dead end, whatever lies around (pieceSets stays 0).
                guard cellStart < cellEnd else { continue }
                var patterns = allowed[cell]
                while patterns != 0 {
                    let pattern = patterns.trailingZeroBitCount
                    patterns &= patterns - 1
                    let patternBits = UInt8(pattern)
                    // One walk over the cell's entries (sorted by piece) per pattern, writing a
                    // bucket's start and end only for pieces that have one: the search reads
                    // offsets only for pieces in `pieceSets`. Most buckets are empty (3×20 has
                    // about two placements per slot), so this beats visiting all twelve pieces.
                    let offsetBase = (slotBase + pattern) * Self.offsetStride
                    var pieces: UInt32 = 0
                    var current = -1
                    for position in cellStart..<cellEnd where needs[position] & patternBits == 0 {
                        let piece = Int(pieceOf[position])
                        if piece != current {
                            if current >= 0 { setOffset(offsetBase + current + 1, count) }
                            setOffset(offsetBase + piece, count)
                            pieces |= 1 << UInt32(piece)
                            current = piece
                        }
                        masks[count] = sortedMasks[position]
                        entryIndices[count] = UInt16(truncatingIfNeeded: sorted[position])
                        count += 1
                    }
                    if current >= 0 { setOffset(offsetBase + current + 1, count) }
                    pieceSets[slotBase + pattern] = pieces
                }
            }
        }
        }
        }
        }
        if hasBorders {
            for position in 0..<count { borders[position] = border(masks[position]) }
        }
    }

    deinit {
        masks.deallocate()
        borders.deallocate()
        neighbours.deallocate()
        entryIndices.deallocate()
        switch offsets {
        case .narrow(let buffer): buffer.deallocate()
        case .wide(let buffer): buffer.deallocate()
        }
        fullPatterns.deallocate()
        pieceSets.deallocate()
    }

    /// The pattern of `occupied` around `cell` (the search computes the same thing inline).
    @inline(__always)
    static func pattern(_ occupied: UInt64, after cell: Int, line: Int) -> Int {
        // One shift down to the cell, then short fixed ones: a cell past bit 63 reads 0, i.e.
        // "free", which only means less filtering. Masking shifts are exact here (`cell` < 64
        // while a piece is left to place, and lines are at most `DrawnBoard.maxSide` = 20
        // long, so `2 * line` < 64); the checked shifts they replace were a tenth of a 4×15 run.
        let here = occupied &>> UInt64(truncatingIfNeeded: cell)
        let along = (here &>> 1) & 0b11
        let across = (here &>> UInt64(truncatingIfNeeded: line - 1)) & 0b111
        let further = (here &>> UInt64(truncatingIfNeeded: 2 * line)) & 0b1
        return Int(along | across &<< 2 | further &<< 5)
    }

    /// Where the placements of `piece` whose lowest cell is `cell` lie in `masks` and
    /// `entryIndices` (empty if there are none).
    func bucket(cell: Int, piece: Int) -> Range<Int> {
        guard cell >= 0, cell < 64, piece >= 0, piece < Self.pieceCount else { return 0..<0 }
        let slot = cell << patternShift + Int(fullPatterns[cell]) & patternMask
        // A cell the search never fills first, or with no placement of `piece`: nothing there.
        guard pieceSets[slot] & (1 << UInt32(piece)) != 0 else { return 0..<0 }
        switch offsets {
        case .narrow(let buffer):
            return Int(buffer[slot * Self.offsetStride + piece])..<Int(buffer[slot * Self.offsetStride + piece + 1])
        case .wide(let buffer):
            return Int(buffer[slot * Self.offsetStride + piece])..<Int(buffer[slot * Self.offsetStride + piece + 1])
        }
    }
}
