import Foundation
import GridKit

/// How hard a puzzle that starts with some tiles placed is, by how many ways are left to finish it
/// (fewer ways left, fewer lucky guesses: harder). Ways left count as the page's "ways left" line
/// does: every completion on the board, rotated and mirrored boards counted apart.
public enum Difficulty: String, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    case easy, medium, hard

    /// The ways left a puzzle of this difficulty starts with, with as few tiles placed as give it:
    /// easy 20–400 (one or two tiles on 6×10), medium 4–19, hard 1–3. A board with too few
    /// solutions for a band (3×20 has 8 in all) gets the nearest it allows.
    public var waysLeft: ClosedRange<Int> {
        switch self {
        case .easy: 20...400
        case .medium: 4...19
        case .hard: 1...3
        }
    }

    public var description: String { rawValue }
}

/// Tiles to place before a puzzle starts: some tiles of one solution of the board.
public struct Givens: Sendable, Hashable {
    /// Sorted by tile, F first.
    public let placements: [Placement]
    /// How many ways the board can be finished with them down.
    public let waysLeft: Int
}

/// Makes puzzles that start with tiles placed. Pure: the same board, band and seed give the same
/// tiles (for one build of the solver: its solution list's order is the catalogue's).
public enum PuzzleMaker {
    /// Tries a few random solutions of the board and, for each, the smallest sets of its tiles whose
    /// ways left fall in `band`; answers the fewest tiles found (the first such, on a tie). `nil`
    /// only when the board has no solution at all.
    ///
    /// Counting is a lookup: for one solution, every other solution agrees with it on some set of
    /// tiles (a 12-bit mask); the completions of a set of its tiles are the solutions whose
    /// agreement contains that set, which a sum over supersets gives for all 4096 sets at once.
    public static func givens(for shape: BoardShape, waysLeft band: ClosedRange<Int>, tries: Int,
                              random: inout SeededRandom) -> Givens? {
        let catalogue = SolutionCatalogue.shared(for: shape)
        guard catalogue.count > 0 else { return nil }
        var best: (solution: Int, tiles: UInt16, ways: Int, miss: Double)?
        for _ in 0..<max(1, tries) {
            let solution = Int(random.next() % UInt64(catalogue.count))
            let ways = catalogue.completions(keepingTilesOf: solution)
            guard let found = smallestSet(ways, in: band, random: &random) else { continue }
            let better = best.map { ($0.miss, $0.tiles.nonzeroBitCount) > (found.miss, found.tiles.nonzeroBitCount) } ?? true
            if better { best = (solution, found.tiles, found.ways, found.miss) }
            if found.miss == 0, found.tiles.nonzeroBitCount == 1 { break }  // none can be fewer
        }
        guard let best else { return nil }
        let placements = TileShape.allCases.filter { best.tiles & (1 << UInt16($0.index)) != 0 }.compactMap {
            catalogue.placement(in: best.solution, of: $0)
        }
        return Givens(placements: placements, waysLeft: best.ways)
    }

    /// Among sets of 1 to 11 tiles, the smallest whose ways left fall in `band` (one of them at
    /// random); if none does, the set nearest the band (`miss` > 0 says how far, as a ratio).
    private static func smallestSet(_ ways: [Int], in band: ClosedRange<Int>,
                                    random: inout SeededRandom) -> (tiles: UInt16, ways: Int, miss: Double)? {
        var nearest: (tiles: UInt16, ways: Int, miss: Double)?
        for size in 1...(SearchTable.pieceCount - 1) {
            var hits: [UInt16] = []
            var most = 0
            for set in 1..<ways.count where set.nonzeroBitCount == size {
                let count = ways[set]
                most = max(most, count)
                if band.contains(count) { hits.append(UInt16(set)); continue }
                let miss = count < band.lowerBound ? Double(band.lowerBound) / Double(max(count, 1))
                    : Double(count) / Double(max(band.upperBound, 1))
                if nearest.map({ miss < $0.miss }) ?? true { nearest = (UInt16(set), count, miss) }
            }
            if !hits.isEmpty {
                let tiles = hits[Int(random.next() % UInt64(hits.count))]
                return (tiles, ways[Int(tiles)], 0)
            }
            // More tiles only leave fewer ways: once every set is below the band, none will reach it.
            if most < band.lowerBound { break }
        }
        return nearest
    }
}

extension SolutionCatalogue {
    /// For each set of tiles (bit `p` for piece `p`), how many solutions place all of them exactly
    /// as solution `solution` does: the solution itself always among them.
    func completions(keepingTilesOf solution: Int) -> [Int] {
        let pieces = SearchTable.pieceCount
        let own = Array(masks[(solution * pieces)..<((solution + 1) * pieces)])
        // Buffers rather than arrays in the loops: a debug build (the tests, a developer's server)
        // checks every array access, and this pass is most of the daily puzzle's making.
        return [Int](unsafeUninitializedCapacity: 1 << pieces) { ways, initialised in
            ways.initialize(repeating: 0)
            masks.withUnsafeBufferPointer { all in
                own.withUnsafeBufferPointer { own in
                    for start in stride(from: 0, to: all.count, by: pieces) {
                        var agree = 0
                        for piece in 0..<pieces where all[start + piece] == own[piece] { agree |= 1 << piece }
                        ways[agree] += 1
                    }
                }
            }
            // Sum over supersets: afterwards ways[set] counts the solutions agreeing on at least `set`.
            for piece in 0..<pieces {
                let bit = 1 << piece
                for set in 0..<ways.count where set & bit == 0 { ways[set] += ways[set | bit] }
            }
            initialised = ways.count
        }
    }

    /// Where solution `solution` puts `shape`.
    func placement(in solution: Int, of shape: TileShape) -> Placement? {
        let mask = masks[solution * SearchTable.pieceCount + shape.index]
        return list.index(piece: shape.index, mask: mask).map { list.entries[$0].placement }
    }
}

extension PentominoPuzzle {
    /// Solutions tried for the fewest given tiles in a puzzle of some difficulty.
    static let triesPerDifficulty = 4

    /// A puzzle of `difficulty` on `shape`, its given tiles chosen by `seed`; `nil` when the board
    /// has no solution.
    public static func made(id: String, shape: BoardShape, difficulty: Difficulty, seed: UInt64,
                            now: Date = Date()) -> PentominoPuzzle? {
        var random = SeededRandom(seed: seed)
        guard let givens = PuzzleMaker.givens(for: shape, waysLeft: difficulty.waysLeft, tries: triesPerDifficulty,
                                              random: &random) else { return nil }
        return try? PentominoPuzzle(id: id, shape: shape, givens: givens.placements, difficulty: difficulty, now: now)
    }
}
