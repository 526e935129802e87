import GridKit

/// How hard the computer plays.
public enum Difficulty: String, Sendable, Codable, CaseIterable, Hashable {
    /// Any legal move, at random.
    case easy
    /// Wins when it can, blocks when it must, otherwise random.
    case medium
    /// Minimax with memoisation: never loses.
    case perfect
}

/// The computer opponent. Its random choices come from a seeded generator so games replay exactly.
public struct AIPlayer: Sendable {
    public let difficulty: Difficulty
    private var random: SeededRandom

    public init(difficulty: Difficulty, seed: UInt64 = 0x7E55_E4A) {
        self.difficulty = difficulty
        random = SeededRandom(seed: seed)
    }

    /// The move the computer makes on `board` for whoever's turn it is; `nil` once the game is over.
    public mutating func chooseMove(on board: Board) -> Position? {
        guard let me = board.turn else { return nil }
        let empty = board.emptyPositions
        switch difficulty {
        case .easy:
            return empty.randomElement(using: &random)
        case .medium:
            if let win = completingMove(on: board, for: me) { return win }
            if let block = completingMove(on: board, for: me.other) { return block }
            return empty.randomElement(using: &random)
        case .perfect:
            return Minimax.bestMoves(on: board).randomElement(using: &random)
        }
    }

    /// A cell that finishes a line for `marker`, if any.
    private func completingMove(on board: Board, for marker: Marker) -> Position? {
        for line in Board.lines {
            let marks = line.filter { board[$0] == marker }.count
            let empty = line.filter { board[$0] == nil }
            if marks == 2, empty.count == 1 { return empty[0] }
        }
        return nil
    }
}

/// Exhaustive game-tree search (negamax) on 9-bit masks. Each position is scored once, memoised
/// in a table indexed by (mover's cells, opponent's cells), so a move from the empty board
/// visits only the ~5,500 reachable positions, and the table starts empty on every call so the
/// timing is honest: nothing is precomputed.
public enum Minimax {
    /// All moves that keep the best result for the player to move (win > draw > loss; sooner wins first).
    public static func bestMoves(on board: Board) -> [Position] {
        guard let me = board.turn else { return [] }
        let (mine, theirs) = Coach.masks(of: board, for: me)
        var best = Int.min
        var moves: [Position] = []
        for index in 0..<9 where (mine | theirs) & (1 << index) == 0 {
            let score = -Coach.value(mine: theirs, theirs: mine | (1 << index))
            if score > best {
                best = score
                moves = [Position.all[index]]
            } else if score == best {
                moves.append(Position.all[index])
            }
        }
        return moves
    }

    /// The result for the player to move, from their point of view: +(1 + empty cells) for a win
    /// (quicker wins score higher, so the computer finishes games), 0 for a draw, negative for a loss.
    public static func value(of board: Board) -> Int {
        guard let me = board.turn ?? board.winner?.other else { return 0 }
        let (mine, theirs) = Coach.masks(of: board, for: me)
        return Coach.value(mine: mine, theirs: theirs)
    }
}
