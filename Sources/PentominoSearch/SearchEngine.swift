/// The depth-first search at the heart of the solver, run on one thread over one work item.
///
/// The board is a `UInt64` with a bit set for every covered cell (cells outside the board and
/// holes start set). Each step finds the lowest clear bit, the first empty cell, and tries every
/// placement of every unused piece whose lowest cell is exactly that one: any solution must cover
/// that cell, and a placement reaching a lower cell would overlap what is already there.
///
/// The loop is iterative with its frames in plain buffers and its counters in local variables:
/// recursion through a class method paid for exclusivity checks on every stored-property access,
/// which made the search several times slower.
package final class SearchEngine {
    private let table: SearchTable
    /// Entry indices of the placements made so far, deepest last.
    private let stack: UnsafeMutablePointer<Int32>

    /// How often, in nodes, to call `poll` (a power of two minus one, used as a bit mask).
    private static let pollInterval = (1 << 15) - 1
    private static let maxDepth = SearchTable.pieceCount + 1

    private(set) var nodes = 0
    private(set) var found = 0
    private(set) var stopped = false
    private var nodesReported = 0
    private let limit: Int
    /// Called with the entry indices of each solution; `false` stops the search.
    private let onSolution: ((UnsafeBufferPointer<Int32>) -> Bool)?
    /// Called every `pollInterval` nodes with the nodes visited since the last call; `false` stops.
    private let poll: (Int) -> Bool
    /// When set, a full board counts (and reaches `onSolution`) only if this accepts it: the
    /// symmetry breaking that `SearchPlan` does after the search on thin boards.
    private let accept: ((UnsafeBufferPointer<Int32>) -> Bool)?

    package init(table: SearchTable, limit: Int, onSolution: ((UnsafeBufferPointer<Int32>) -> Bool)?,
         accept: ((UnsafeBufferPointer<Int32>) -> Bool)? = nil, poll: @escaping (Int) -> Bool) {
        self.table = table
        stack = .allocate(capacity: Self.maxDepth)
        self.limit = limit
        self.onSolution = onSolution
        self.accept = accept
        self.poll = poll
    }

    deinit { stack.deallocate() }

    /// Nodes not yet reported through `poll`.
    func takeUnreportedNodes() -> Int {
        defer { nodesReported = nodes }
        return nodes - nodesReported
    }

    /// Searches everything below `occupied`, with `prefix` already placed and `remaining` (one bit
    /// per piece index) still to place.
    package func run(occupied: UInt64, remaining: UInt32, prefix: [Int32]) {
        for (depth, entry) in prefix.enumerated() { stack[depth] = entry }
        let base = prefix.count
        var found = 0
        if remaining == 0 {
            if let accept, !accept(UnsafeBufferPointer(start: stack, count: base)) { return }
            found = 1
            if let onSolution, !onSolution(UnsafeBufferPointer(start: stack, count: base)) { stopped = true }
            self.found = found
            if found >= limit { stopped = true }
            return
        }
        switch table.offsets {
        case .narrow(let offsets): search(offsets, occupied: occupied, remaining: remaining, base: base)
        case .wide(let offsets): search(offsets, occupied: occupied, remaining: remaining, base: base)
        }
    }

    /// The search loop, for either width of bucket offsets (each call is specialised, so reading
    /// a 16-bit offset costs what reading a 32-bit one did).
    private func search<Offset: FixedWidthInteger>(_ offsets: UnsafeMutablePointer<Offset>, occupied: UInt64,
                                                   remaining: UInt32, base: Int) {
        var found = 0
        let masks = table.masks, entries = table.entryIndices, pieceSets = table.pieceSets
        let borders = table.borders, neighbours = table.neighbours, hasBorders = table.hasBorders
        let stack = self.stack
        // The walled-in tests shift by `wallLine` (the line length, or 0 where bits one line apart
        // need not be neighbours); the bucket patterns use the line length itself.
        let line = table.wallLine, lineInt = Int(table.lineLength), notFirst = table.notFirstInLine, notLast = table.notLastInLine
        // Saved frames of the levels above the current one.
        let frames = UnsafeMutablePointer<Frame>.allocate(capacity: Self.maxDepth)
        defer { frames.deallocate() }

        var nodes = 1
        var stopped = false
        var depth = base
        var frame = Frame(occupied: occupied, remaining: remaining)
        var piece = 0
        var index = 0
        var end = 0
        let shift = table.patternShift, patternMask = table.patternMask
        var slot = Self.slot(occupied, line: lineInt, shift: shift, mask: patternMask)
        var bucketBase = slot &* SearchTable.offsetStride
        var nextPieces = remaining & pieceSets[slot]
        search: while true {
            if index < end {
                let mask = masks[index]
                index &+= 1
                if mask & frame.occupied != 0 { continue }
                stack[depth] = Int32(entries[index &- 1])
                // Masking shifts throughout: every amount is known to be in range (a piece index
                // below 12, a line of at most 20 cells), and checked shifts were a sixth of the loop.
                let left = frame.remaining & ~(UInt32(1) &<< UInt32(truncatingIfNeeded: piece))
                if left == 0 {
                    if let accept, !accept(UnsafeBufferPointer(start: stack, count: depth &+ 1)) { continue }
                    found &+= 1
                    if let onSolution, !onSolution(UnsafeBufferPointer(start: stack, count: depth &+ 1)) {
                        stopped = true
                        break search
                    }
                    if found >= limit {
                        stopped = true
                        break search
                    }
                    continue
                }
                // An empty cell walled in on all four sides can never be filled: skip the
                // placement without descending. This one test removes most dead ends.
                let next = frame.occupied | mask
                let empty = ~next
                let after = (empty &>> 1) & notLast, before = (empty &<< 1) & notFirst
                let below = empty &>> line, above = empty &<< line
                if empty & ~(after | before | below | above) != 0 { continue }
                // Likewise two empty cells walled in together: cells with exactly one empty
                // neighbour, paired with each other.
                let two = (after & before) | (below & above) | ((after | before) & (below | above))
                let single = empty & ~two
                if (single & (single &>> 1) & notLast) | (single & (single &>> line)) != 0 { continue }
                // A compact drawn board: the cells next to the piece, each checked for an empty neighbour.
                if hasBorders {
                    var around = borders[index &- 1] & empty
                    var walledIn = false
                    while around != 0 {
                        if neighbours[around.trailingZeroBitCount] & empty == 0 {
                            walledIn = true
                            break
                        }
                        around &= around &- 1
                    }
                    if walledIn { continue }
                }
                frames[depth] = Frame(occupied: frame.occupied, remaining: frame.remaining,
                                      nextPieces: nextPieces, piece: piece, index: index, end: end, bucketBase: bucketBase)
                depth &+= 1
                frame = Frame(occupied: next, remaining: left)
                slot = Self.slot(next, line: lineInt, shift: shift, mask: patternMask)
                bucketBase = slot &* SearchTable.offsetStride
                nextPieces = left & pieceSets[slot]
                index = 0
                end = 0
                nodes &+= 1
                if nodes & Self.pollInterval == 0, !poll(nodes - nodesReported) {
                    nodesReported = nodes
                    stopped = true
                    break search
                } else if nodes & Self.pollInterval == 0 {
                    nodesReported = nodes
                }
            } else if nextPieces != 0 {
                piece = nextPieces.trailingZeroBitCount
                nextPieces &= nextPieces &- 1
                index = Int(truncatingIfNeeded: offsets[bucketBase &+ piece])
                end = Int(truncatingIfNeeded: offsets[bucketBase &+ piece &+ 1])
            } else {
                if depth == base { break search }
                depth &-= 1
                let saved = frames[depth]
                frame = saved
                nextPieces = saved.nextPieces
                piece = saved.piece
                index = saved.index
                end = saved.end
                bucketBase = saved.bucketBase
            }
        }
        self.nodes = nodes
        self.found = found
        self.stopped = stopped
    }

    /// The first empty cell of `occupied` and the pattern around it, as one index: its buckets
    /// begin at `slot * pieceCount`, and `pieceSets[slot]` says which of them hold anything.
    @inline(__always)
    private static func slot(_ occupied: UInt64, line: Int, shift: Int, mask: Int) -> Int {
        let cell = (~occupied).trailingZeroBitCount
        return cell &<< shift &+ SearchTable.pattern(occupied, after: cell, line: line) & mask
    }

    /// One level of the search: the board there and where the scan over its first empty cell's
    /// placements has got to.
    private struct Frame {
        var occupied: UInt64
        var remaining: UInt32
        var nextPieces: UInt32 = 0
        var piece = 0
        var index = 0
        var end = 0
        var bucketBase = 0
    }
}
