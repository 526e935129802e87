/// What a square leads to with perfect play from both sides, for the player about to move.
public enum Outcome: String, Sendable, Codable, Hashable, CaseIterable {
    case win, draw, loss

    /// Win above draw above loss.
    var rank: Int {
        switch self {
        case .win: 2
        case .draw: 1
        case .loss: 0
        }
    }
}

/// One empty square as the coach sees it: playing there leads to `result`, and the game ends
/// `moves` moves later (this move included) when both sides play their best (the winner as soon as
/// they can, the loser as late as they can).
public struct SquareAnalysis: Sendable, Hashable {
    public let position: Position
    public let result: Outcome
    public let moves: Int
}

/// The first move of a finished game that threw away a win or a draw, and why, in terms a child
/// can follow (the page says it from `reason`).
public struct MoveReview: Sendable, Hashable {
    public enum Reason: String, Sendable, Hashable {
        /// The mover could have made three in a row at once.
        case missedWin
        /// The other player had two in a row and the move did not block it.
        case missedBlock
        /// The move let the other player make two threats at once (a fork): only one can be blocked.
        case allowedFork
        /// Anything deeper: the better square kept the result with best play.
        case other
    }

    /// 1 for the game's first move.
    public let number: Int
    public let move: Move
    /// What the mover could still get before the move, and what they could get after it.
    public let had: Outcome
    public let became: Outcome
    /// A square that would have kept `had`.
    public let better: Position
    public let reason: Reason
}

/// The coach: every empty square's result with perfect play, and the review of a finished game.
///
/// All 3^9 boards are scored once per process (a few milliseconds, on first use) into a table
/// indexed from the mover's side, so an analysis is nine look-ups and the review of a game at
/// most nine analyses. The table does not depend on who moved first, only on whose marks are whose.
public enum Coach {
    /// The empty squares of `board` for the player to move, in reading order; none once the game is over.
    public static func analysis(of board: Board) -> [SquareAnalysis] {
        guard let me = board.turn else { return [] }
        let (mine, theirs) = masks(of: board, for: me)
        let empties = 9 - (mine | theirs).nonzeroBitCount
        return (0..<9).compactMap { index -> SquareAnalysis? in
            guard (mine | theirs) & (1 << index) == 0 else { return nil }
            let score = -Int(table[key(mine: theirs, theirs: mine | (1 << index))])
            return SquareAnalysis(position: Position.all[index], result: outcome(score), moves: length(score, empties: empties))
        }
    }

    /// The first move in `game` after which its mover could no longer get what they could before
    /// (a win became a draw or a loss, or a draw a loss); `nil` when nobody threw anything away.
    public static func review(of game: Game) -> MoveReview? {
        var board = Board(first: game.first)
        for (index, move) in game.moves.enumerated() {
            let squares = analysis(of: board)
            guard let best = squares.max(by: { $0.result.rank < $1.result.rank }),
                  let played = squares.first(where: { $0.position == move.position }) else { return nil }
            guard case .success(let next) = board.makeMove(move.marker, at: move.position) else { return nil }
            if played.result.rank < best.result.rank {
                let keepers = squares.filter { $0.result == best.result }.map(\.position)
                let (reason, better) = why(board: board, after: next, mover: move.marker, keepers: keepers)
                return MoveReview(number: index + 1, move: move, had: best.result, became: played.result,
                                  better: better, reason: reason)
            }
            board = next
        }
        return nil
    }

    // MARK: - why a move was a mistake

    private static func why(board: Board, after: Board, mover: Marker, keepers: [Position]) -> (MoveReview.Reason, Position) {
        let fallback = keepers.first ?? Position(row: 1, col: 1)
        if let win = completing(board, for: mover).first(where: keepers.contains) { return (.missedWin, win) }
        let threats = completing(board, for: mover.other)
        if !threats.isEmpty, !completing(after, for: mover.other).isEmpty {
            return (.missedBlock, threats.first(where: keepers.contains) ?? fallback)
        }
        let forks = after.emptyPositions.contains { square in
            guard case .success(let next) = after.makeMove(mover.other, at: square) else { return false }
            return completing(next, for: mover.other).count >= 2
        }
        return (forks ? .allowedFork : .other, fallback)
    }

    /// The empty squares that would finish a line for `marker`.
    private static func completing(_ board: Board, for marker: Marker) -> [Position] {
        board.emptyPositions.filter { square in
            Board.lines.contains { line in
                line.contains(square) && line.allSatisfy { $0 == square || board[$0] == marker }
            }
        }
    }

    // MARK: - the table

    /// Scores as `Minimax.value` gives them: +(1 + empty squares at the end) when the mover wins,
    /// 0 for a draw, −(1 + empty squares at the end) when they lose.
    private static func outcome(_ score: Int) -> Outcome { score > 0 ? .win : score < 0 ? .loss : .draw }

    /// Moves from now to the end: a draw fills the board; a win or loss ends with |score| − 1 empty.
    private static func length(_ score: Int, empties: Int) -> Int {
        score == 0 ? empties : empties - (abs(score) - 1)
    }

    private static let powers: [Int] = (0..<9).map { index in (0..<index).reduce(1) { value, _ in value * 3 } }
    private static let full: UInt16 = 0b111_111_111
    private static let lineMasks: [UInt16] = Board.lines.map { line in
        line.reduce(0) { $0 | UInt16(1) << UInt16($1.index) }
    }

    /// Base 3, from the mover's side: a square is 0 empty, 1 the mover's, 2 the other player's.
    static func key(mine: UInt16, theirs: UInt16) -> Int {
        var key = 0
        for index in 0..<9 {
            if mine & (1 << index) != 0 { key += powers[index] } else if theirs & (1 << index) != 0 { key += 2 * powers[index] }
        }
        return key
    }

    /// The result with perfect play for the player to move (`mine`), from their side: +(1 + empty
    /// cells) for a win, 0 for a draw, negative for a loss. The computer's perfect moves read it too.
    static func value(mine: UInt16, theirs: UInt16) -> Int { Int(table[key(mine: mine, theirs: theirs)]) }

    static func masks(of board: Board, for me: Marker) -> (mine: UInt16, theirs: UInt16) {
        var mine: UInt16 = 0, theirs: UInt16 = 0
        for position in Position.all {
            if board[position] == me { mine |= 1 << position.index }
            if board[position] == me.other { theirs |= 1 << position.index }
        }
        return (mine, theirs)
    }

    /// Every one of the 3^9 boards scored, built once (a `static let` is initialised once, safely,
    /// on first use). Boards no game can reach are scored too, so a look-up never misses.
    static let table: [Int8] = {
        var memo = [Int8](repeating: .min, count: 19_683)
        for key in 0..<19_683 {
            var mine: UInt16 = 0, theirs: UInt16 = 0, rest = key
            for index in 0..<9 {
                if rest % 3 == 1 { mine |= 1 << index } else if rest % 3 == 2 { theirs |= 1 << index }
                rest /= 3
            }
            _ = score(mine: mine, theirs: theirs, memo: &memo)
        }
        return memo
    }()

    /// Negamax over masks; `mine` belongs to the player to move, `theirs` to the one who just moved.
    private static func score(mine: UInt16, theirs: UInt16, memo: inout [Int8]) -> Int {
        let slot = key(mine: mine, theirs: theirs)
        if memo[slot] != .min { return Int(memo[slot]) }
        let occupied = mine | theirs
        let empties = 9 - occupied.nonzeroBitCount
        let result: Int
        if lineMasks.contains(where: { theirs & $0 == $0 }) {
            result = -(1 + empties)
        } else if occupied == full {
            result = 0
        } else {
            var best = Int.min
            for index in 0..<9 where occupied & (1 << index) == 0 {
                best = max(best, -score(mine: theirs, theirs: mine | (1 << index), memo: &memo))
            }
            result = best
        }
        memo[slot] = Int8(result)
        return result
    }
}
