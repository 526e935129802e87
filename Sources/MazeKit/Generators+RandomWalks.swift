import GridKit

/// Random-walk algorithms. Both give a uniform spanning tree — every perfect maze equally likely,
/// so no bias in any direction — at the cost of walking far more than they carve.
extension Carver {
    /// Steps an Aldous–Broder walk may take per cell before Wilson finishes the maze. The walk's
    /// expected cover time on a grid is about n·(ln n)²/π steps (some 300 000 at 201×201, a few
    /// milliseconds), but its tail is long; the cap bounds the worst case. Wilson from the tree so
    /// far keeps the result a uniform spanning tree, so the cap changes the time, not the maze's kind.
    static let aldousBroderStepsPerCell = 400

    /// Aldous–Broder: wander at random; entering a cell never seen before carves the way in.
    /// True when the walk finished the maze within its cap, false when Wilson had to.
    @discardableResult
    mutating func aldousBroder(from first: Int, _ random: inout SeededRandom) -> Bool {
        var inTree = Array(repeating: false, count: tiles.count)
        open(first)
        inTree[first] = true
        var remaining = cellRows * cellColumns - 1
        var budget = Self.aldousBroderStepsPerCell * cellRows * cellColumns
        var current = first
        while remaining > 0, budget > 0 {
            budget -= 1
            let options = neighbourCells(of: current)
            let next = options[random.below(options.count)]
            if !inTree[next] {
                connect(current, next)
                inTree[next] = true
                remaining -= 1
            }
            current = next
        }
        guard remaining > 0 else { return true }
        wilsonWalks(into: &inTree, &random)
        return false
    }

    /// Wilson: from each cell outside the tree, walk at random until the tree is hit, erasing any
    /// loop the walk makes, then carve the loop-free path into the tree.
    mutating func wilson(from first: Int, _ random: inout SeededRandom) {
        var inTree = Array(repeating: false, count: tiles.count)
        open(first)
        inTree[first] = true
        wilsonWalks(into: &inTree, &random)
    }

    /// Adds every cell not yet in the tree by loop-erased random walks, starting walks in reading order.
    private mutating func wilsonWalks(into inTree: inout [Bool], _ random: inout SeededRandom) {
        // The way each walked cell last left: overwriting it on a revisit is the loop erasure.
        var exit = Array(repeating: -1, count: tiles.count)
        for row in 0..<cellRows {
            for col in 0..<cellColumns {
                let start = cellIndex(row, col)
                guard !inTree[start] else { continue }
                var current = start
                while !inTree[current] {
                    let options = neighbourCells(of: current)
                    let next = options[random.below(options.count)]
                    exit[current] = next
                    current = next
                }
                current = start
                while !inTree[current] {
                    let next = exit[current]
                    connect(current, next)
                    inTree[current] = true
                    current = next
                }
            }
        }
    }
}
