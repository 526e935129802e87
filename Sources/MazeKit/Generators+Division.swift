import GridKit

/// Recursive division: the only algorithm here that adds walls instead of carving. It starts from
/// one open field and splits each chamber by a straight wall with a single gap, so the maze shows
/// long straight walls and a boxy, nested look. Chambers wait on an explicit stack, not recursion,
/// so a 201×201 maze cannot run deep.
extension Carver {
    mutating func recursiveDivision(_ random: inout SeededRandom) {
        for row in 1..<(height - 1) {
            for col in 1..<(width - 1) where !(row % 2 == 0 && col % 2 == 0) { tiles[row * width + col] = .empty }
        }
        // Chambers in cell coordinates, inclusive: (top, left, bottom, right).
        var chambers = [(0, 0, cellRows - 1, cellColumns - 1)]
        while let (top, left, bottom, right) = chambers.popLast() {
            let rows = bottom - top + 1, cols = right - left + 1
            guard rows > 1, cols > 1 else { continue }
            let horizontal = rows > cols || (rows == cols && random.chance(0.5))
            if horizontal {
                let above = top + random.below(rows - 1)  // the wall runs below this cell row
                let gap = left + random.below(cols)
                buildWall(row: 2 * above + 2, fromCol: 2 * left + 1, toCol: 2 * right + 1, gapCol: 2 * gap + 1)
                chambers.append((top, left, above, right))
                chambers.append((above + 1, left, bottom, right))
            } else {
                let before = left + random.below(cols - 1)  // the wall runs east of this cell column
                let gap = top + random.below(rows)
                buildWall(col: 2 * before + 2, fromRow: 2 * top + 1, toRow: 2 * bottom + 1, gapRow: 2 * gap + 1)
                chambers.append((top, left, bottom, before))
                chambers.append((top, before + 1, bottom, right))
            }
        }
    }

    /// Walls tiles `fromCol…toCol` of a row except the gap, recorded as the runs either side of it.
    private mutating func buildWall(row: Int, fromCol: Int, toCol: Int, gapCol: Int) {
        for col in fromCol...toCol where col != gapCol { tiles[row * width + col] = .wall }
        if gapCol > fromCol { note(row * width + fromCol, row * width + gapCol - 1) }
        if gapCol < toCol { note(row * width + gapCol + 1, row * width + toCol) }
    }

    private mutating func buildWall(col: Int, fromRow: Int, toRow: Int, gapRow: Int) {
        for row in fromRow...toRow where row != gapRow { tiles[row * width + col] = .wall }
        if gapRow > fromRow { note(fromRow * width + col, (gapRow - 1) * width + col) }
        if gapRow < toRow { note((gapRow + 1) * width + col, toRow * width + col) }
    }
}
