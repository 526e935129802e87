/// "Why am I stuck?": at a dead end, the fewest placed tiles whose removal lets the board be
/// completed again, so a player is pointed at the piece that is in the way rather than told to
/// start over.
public enum StuckAnswer: Sendable, Hashable {
    /// The board can still be completed as it is.
    case solvable
    /// Taking these tiles off (the fewest that do it) makes the board completable again.
    case remove([TileShape])
    /// Not even the empty board can be completed (a drawn board with no solution).
    case unsolvableBoard
}

extension PentominoPuzzle {
    /// Which placed tiles are in the way. With flips the board's whole solution list (kept per shape
    /// for hints) is compared with the placed tiles: the solution that agrees with the most of them
    /// names the fewest to take off, exactly. Without flips (or on a drawn board with too many
    /// solutions to list) the solver is asked again with one tile off, then two; beyond that,
    /// every placed tile is named.
    public func stuck() -> StuckAnswer {
        if board.isSolved || hint() != nil { return .solvable }
        // A drawn board with too many solutions to list asks the solver, as without flips.
        if flips, case let catalogue = SolutionCatalogue.shared(for: board.shape), catalogue.isComplete {
            return catalogue.fewestInTheWay(of: board, keeping: Set(given))
        }
        return fewestInTheWayWithoutFlips()
    }

    private func fewestInTheWayWithoutFlips() -> StuckAnswer {
        // Given tiles stay: only the player's own can be in the way.
        let placed = board.placements.map(\.shape).filter { !given.contains($0) }
        guard solvable(without: placed) else { return .unsolvableBoard }
        for one in placed where solvable(without: [one]) { return .remove([one]) }
        for (index, one) in placed.enumerated() {
            for two in placed.dropFirst(index + 1) where solvable(without: [one, two]) { return .remove([one, two]) }
        }
        return .remove(placed)
    }

    private func solvable(without removed: [TileShape]) -> Bool {
        var trial = self
        for shape in removed { _ = try? trial.remove(shape) }
        return trial.hint() != nil
    }
}

extension SolutionCatalogue {
    /// How many of the board's solutions keep every placed tile where it is.
    func count(agreeingWith board: Board) -> Int {
        let placed = board.placements.map { (piece: $0.shape.index, mask: geometry.mask($0.cells)) }
        guard placed.allSatisfy({ $0.mask != nil }) else { return 0 }
        var agreeing = 0
        for solution in 0..<count where placed.allSatisfy({ masks[solution * SearchTable.pieceCount + $0.piece] == $0.mask }) {
            agreeing += 1
        }
        return agreeing
    }

    /// The placed tiles that disagree with the solution closest to `board` (fewest disagreeing),
    /// among the solutions that keep every tile of `kept` (a puzzle's given tiles) where it is.
    func fewestInTheWay(of board: Board, keeping kept: Set<TileShape> = []) -> StuckAnswer {
        let placed: [(shape: TileShape, mask: UInt64?)] = board.placements.map { ($0.shape, geometry.mask($0.cells)) }
        var best: [TileShape]?
        for solution in 0..<count {
            let base = solution * SearchTable.pieceCount
            guard placed.allSatisfy({ !kept.contains($0.shape) || $0.mask == masks[base + $0.shape.index] }) else { continue }
            var inTheWay: [TileShape] = []
            for tile in placed where tile.mask != masks[base + tile.shape.index] {
                inTheWay.append(tile.shape)
                if inTheWay.count >= (best?.count ?? .max) { break }
            }
            if inTheWay.count < (best?.count ?? .max) { best = inTheWay }
            if best?.count == 1 { break }  // one is the fewest a stuck board can need
        }
        guard let best else { return .unsolvableBoard }
        return best.isEmpty ? .solvable : .remove(best)
    }
}
