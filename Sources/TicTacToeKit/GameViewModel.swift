import Observation

/// The TicTacToe screen's state, bound by any UI (terminal, SwiftUI, tests).
///
/// Inputs are plain properties (the two names, taps); every label is computed from them, so a
/// UI can never show a stale combination — this replaces the original's ReactiveCocoa plumbing.
@MainActor @Observable
public final class GameViewModel {
    public static let namesPrompt = "Please enter names of players"
    /// What the names label says once both names are in and no game has started yet.
    public static let readyPrompt = "Ready: press Start"
    public static let noActiveGame = "No active game"
    public static let noWinnerYet = "No winner yet"
    public static let drawText = "It's a draw"

    /// What the names fields hold, exactly as typed.
    public var firstName = ""
    public var secondName = ""
    /// When set, the computer plays Circle (the second player) at this difficulty.
    public var computer: Difficulty?

    public private(set) var game: Game?
    /// Feedback for the last ignored tap, cleared by the next accepted one.
    public private(set) var message: String?
    private var ai: AIPlayer?

    public init(computer: Difficulty? = nil, seed: UInt64 = 1) {
        self.computer = computer
        self.seed = seed
    }

    private let seed: UInt64

    /// Start is enabled only while both names contain a non-space character.
    public var canStart: Bool { !trimmed(firstName).isEmpty && !trimmed(secondName).isEmpty }

    public var namesText: String {
        // Once both names are in, the prompt says what to do next instead of still asking for names.
        guard let game else { return canStart ? Self.readyPrompt : Self.namesPrompt }
        return "\(game.players[0].label) vs \(game.players[1].label)"
    }

    public var turnText: String {
        guard let game else { return Self.noActiveGame }
        guard let player = game.currentPlayer else { return "Game over" }
        return "Current turn: \(player.label)"
    }

    public var winnerText: String {
        guard let game else { return Self.noWinnerYet }
        switch game.status {
        case .playing: return Self.noWinnerYet
        case .draw: return Self.drawText
        case .won: return "The winner is \(game.winner.map { game.player(for: $0).label } ?? "")"
        }
    }

    /// Taps do something only during a game that is still on.
    public var canMakeMove: Bool { game?.status == .playing }

    /// "X", "O" or "" for the cell at `position`.
    public func mark(at position: Position) -> String { game?.board[position]?.symbol ?? "" }

    /// The line to highlight once someone has won.
    public var winningLine: [Position] { game?.board.winningLine ?? [] }

    /// Starts a new game with the current names (ignored while Start is disabled).
    public func start() {
        guard canStart else {
            message = Self.namesPrompt
            return
        }
        game = Game(names: (trimmed(firstName), trimmed(secondName)))
        ai = computer.map { AIPlayer(difficulty: $0, seed: seed) }
        message = nil
    }

    /// A tap on a cell: a move for whoever's turn it is, then the computer's reply if it plays.
    public func tap(row: Int, col: Int) {
        let position = Position(row: row, col: col)
        guard var current = game else {
            message = "Enter both names and press Start first."
            return
        }
        guard current.status == .playing else {
            message = "The game is over. Press Start for a new game."
            return
        }
        do {
            try current.play(position)
            message = nil
            if var computerPlayer = ai, current.turn == .circle,
               let reply = computerPlayer.chooseMove(on: current.board) {
                try current.play(reply)
                ai = computerPlayer
            }
            game = current
        } catch {
            message = error.description
        }
    }

    private func trimmed(_ name: String) -> String { name.trimmedWhitespace }
}
