import GridKit

/// Row-by-row algorithms that decide each cell alone, with no memory beyond the current run: very
/// fast, and visibly biased — both leave the top row one long corridor.
extension Carver {
    /// Each cell opens north or east at random (only east on the top row, only north on the right
    /// column): every path runs diagonally up and right, and two sides are single corridors.
    mutating func binaryTree(_ random: inout SeededRandom) {
        for row in 0..<cellRows {
            for col in 0..<cellColumns {
                let cell = cellIndex(row, col)
                let canNorth = row > 0, canEast = col + 1 < cellColumns
                if canNorth, !canEast || random.chance(0.5) {
                    connect(cell, cellIndex(row - 1, col))
                } else if canEast {
                    connect(cell, cellIndex(row, col + 1))
                }
            }
        }
    }

    /// Runs east along each row; closing a run opens north from one random cell of it. The top row
    /// is one corridor, and paths upwards never wind.
    mutating func sidewinder(_ random: inout SeededRandom) {
        for row in 0..<cellRows {
            var runStart = 0
            for col in 0..<cellColumns {
                let atEastEdge = col + 1 == cellColumns
                if row == 0 {
                    if !atEastEdge { connect(cellIndex(row, col), cellIndex(row, col + 1)) }
                    continue
                }
                if atEastEdge || random.chance(0.5) {
                    let chosen = runStart + random.below(col - runStart + 1)
                    connect(cellIndex(row, chosen), cellIndex(row - 1, chosen))
                    runStart = col + 1
                } else {
                    connect(cellIndex(row, col), cellIndex(row, col + 1))
                }
            }
        }
    }
}
