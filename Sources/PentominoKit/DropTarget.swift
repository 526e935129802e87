import GridKit

/// A point in board pixels: x to the right and y down from the top-left corner of board cell
/// (0, 0). Negative values are above or left of the board.
public struct BoardPoint: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

extension Board {
    /// Where a dragged piece should land when let go: "drop with intent", as in the original app.
    ///
    /// `point` is the position of the **top-left corner of the piece's 5×5 grid** (not of its
    /// first filled cell, and not the finger), in board pixels, with cells `cellSize` pixels
    /// square. The answer is the origin square for `place(_:at:)`:
    /// 1. the square under the point (`floor(x / cellSize)`, `floor(y / cellSize)`), if the piece
    ///    may go there (`canPlace`, so the piece must not already be on the board);
    /// 2. otherwise, among the 3×3 squares around it, the legal one whose top-left corner is
    ///    nearest the point (squared distance). Ties go to the first in column-major order (left
    ///    column top to bottom, then the middle, then the right), as the original's strict `<`
    ///    comparison over its column-major neighbourhood did;
    /// 3. otherwise `nil`: the piece snaps back.
    ///
    /// `nil` as well for a non-positive or non-finite `cellSize` or a non-finite point.
    public func dropTarget(for tile: Tile, at point: BoardPoint, cellSize: Double) -> Square? {
        guard cellSize > 0, cellSize.isFinite, point.x.isFinite, point.y.isFinite else { return nil }
        let column = (point.x / cellSize).rounded(.down)
        let row = (point.y / cellSize).rounded(.down)
        // Far outside any board no origin can be legal; this also keeps Int conversion safe.
        let reach = Double(max(shape.rows, shape.cols) + 8)
        guard abs(column) <= reach, abs(row) <= reach else { return nil }
        let under = Square(row: Int(row), col: Int(column))
        if canPlace(tile, at: under) { return under }

        var best: (square: Square, distance: Double)?
        for colDelta in -1...1 {
            for rowDelta in -1...1 {
                let candidate = Square(row: under.row + rowDelta, col: under.col + colDelta)
                guard canPlace(tile, at: candidate) else { continue }
                let dx = Double(candidate.col) * cellSize - point.x
                let dy = Double(candidate.row) * cellSize - point.y
                let distance = dx * dx + dy * dy
                if best == nil || distance < (best?.distance ?? .infinity) {
                    best = (candidate, distance)
                }
            }
        }
        return best?.square
    }
}
