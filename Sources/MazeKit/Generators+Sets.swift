import GridKit

/// Set-merging algorithms: walls come down between cells not yet joined, tracked with union–find,
/// so no loop can form. Kruskal takes walls from the whole maze in random order (many short dead
/// ends); Eller works one row at a time (its memory is one row; long-ish horizontal runs).
extension Carver {
    mutating func kruskal(_ random: inout SeededRandom) {
        var sets = UnionFind(count: cellRows * cellColumns)
        // Every wall between two cells, as (cell number, east or south neighbour's number).
        var walls: [(Int, Int)] = []
        walls.reserveCapacity(2 * cellRows * cellColumns)
        for row in 0..<cellRows {
            for col in 0..<cellColumns {
                let number = row * cellColumns + col
                if col + 1 < cellColumns { walls.append((number, number + 1)) }
                if row + 1 < cellRows { walls.append((number, number + cellColumns)) }
            }
        }
        // Fisher–Yates with the kit's own `below`, so the order never depends on the toolchain.
        for index in stride(from: walls.count - 1, to: 0, by: -1) { walls.swapAt(index, random.below(index + 1)) }
        for (a, b) in walls where sets.union(a, b) {
            connect(cellIndex(a / cellColumns, a % cellColumns), cellIndex(b / cellColumns, b % cellColumns))
        }
    }

    mutating func eller(_ random: inout SeededRandom) {
        var sets = UnionFind(count: cellRows * cellColumns)
        for row in 0..<cellRows {
            let last = row == cellRows - 1
            let base = row * cellColumns
            // Join neighbours in this row: at random, or always on the last row so all ends as one.
            for col in 0..<(cellColumns - 1) where (last || random.chance(0.5)) && sets.find(base + col) != sets.find(base + col + 1) {
                _ = sets.union(base + col, base + col + 1)
                connect(cellIndex(row, col), cellIndex(row, col + 1))
            }
            guard !last else { break }
            // Every set of this row goes down at least once (else it would be cut off), others at random.
            // Columns sorted by set then column: a fixed order, no hashing.
            let roots = (0..<cellColumns).map { sets.find(base + $0) }
            let columns = (0..<cellColumns).sorted { (roots[$0], $0) < (roots[$1], $1) }
            var groupStart = 0
            while groupStart < columns.count {
                let root = roots[columns[groupStart]]
                var groupEnd = groupStart
                while groupEnd < columns.count, roots[columns[groupEnd]] == root { groupEnd += 1 }
                let required = groupStart + random.below(groupEnd - groupStart)
                for position in groupStart..<groupEnd where position == required || random.chance(0.3) {
                    let col = columns[position]
                    _ = sets.union(base + col, base + cellColumns + col)
                    connect(cellIndex(row, col), cellIndex(row + 1, col))
                }
                groupStart = groupEnd
            }
        }
    }
}

/// Disjoint sets with path halving and union by size.
struct UnionFind {
    private var parent: [Int]
    private var size: [Int]

    init(count: Int) {
        parent = Array(0..<count)
        size = Array(repeating: 1, count: count)
    }

    mutating func find(_ element: Int) -> Int {
        var current = element
        while parent[current] != current {
            parent[current] = parent[parent[current]]
            current = parent[current]
        }
        return current
    }

    /// Joins the two sets; false when they were one already.
    mutating func union(_ a: Int, _ b: Int) -> Bool {
        var rootA = find(a), rootB = find(b)
        guard rootA != rootB else { return false }
        if size[rootA] < size[rootB] { swap(&rootA, &rootB) }
        parent[rootB] = rootA
        size[rootA] += size[rootB]
        return true
    }
}
