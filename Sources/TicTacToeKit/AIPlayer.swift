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

/// Exhaustive game-tree search. Each position is scored once (memoised in a table indexed by the
/// board's base-3 code), so a move from the empty board explores only the ~5,500 reachable positions.
public enum Minimax {
    /// All moves that keep the best result for the player to move (win > draw > loss; sooner wins first).
    public static func bestMoves(on board: Board) -> [Position] {
        guard let me = board.turn else { return [] }
        var memo = [Int8](repeating: unknown, count: 19_683)
        var best = Int.min
        var moves: [Position] = []
        for position in board.emptyPositions {
            guard case .success(let next) = board.makeMove(me, at: position) else { continue }
            let score = -value(of: next, memo: &memo)
            if score > best {
                best = score
                moves = [position]
            } else if score == best {
                moves.append(position)
            }
        }
        return moves
    }

    /// The result for the player to move, from their point of view: +(10 − depth) for a win,
    /// 0 for a draw, negative for a loss. Preferring quicker wins makes the computer finish games.
    public static func value(of board: Board) -> Int {
        var memo = [Int8](repeating: unknown, count: 19_683)
        return value(of: board, memo: &memo)
    }

    private static let unknown: Int8 = .min

    private static func value(of board: Board, memo: inout [Int8]) -> Int {
        let code = code(of: board)
        if memo[code] != unknown { return Int(memo[code]) }
        let result: Int
        let empties = board.emptyPositions.count
        if board.winner != nil {
            result = -(1 + empties)  // the previous player just won: a loss for the player to move
        } else if let me = board.turn {
            var best = Int.min
            for position in board.emptyPositions {
                if case .success(let next) = board.makeMove(me, at: position) {
                    best = max(best, -value(of: next, memo: &memo))
                }
            }
            result = best
        } else {
            result = 0
        }
        memo[code] = Int8(result)
        return result
    }

    private static func code(of board: Board) -> Int {
        board.cells.cells.reduce(0) { code, cell in
            code * 3 + (cell == .cross ? 1 : cell == .circle ? 2 : 0)
        }
    }
}
