import GridKit

/// Who sits at the board.
public enum MatchMode: String, Sendable, Codable, CaseIterable, Hashable {
    /// Two players taking turns on one device.
    case local
    /// One player against the computer, which plays the mark the player did not choose.
    case ai
    /// Two players on two devices; each move needs the mover's secret token.
    case online

    /// How many names a new match of this mode takes.
    public var playerNames: ClosedRange<Int> {
        switch self {
        case .local: 2...2
        case .ai: 1...2
        case .online: 1...1
        }
    }

    var playerNamesHint: String {
        switch self {
        case .local: "A local game needs two names, one per player."
        case .ai: "A game against the computer needs your name (and optionally the computer's)."
        case .online: "An online game takes one name, the creator's; the second player joins with theirs."
        }
    }
}

/// Why a match refused a request. The server maps each to a status and a stable code.
public enum MatchError: Error, Equatable, Sendable, CustomStringConvertible {
    case move(MoveError)
    case invalidName(String)
    case forbidden
    case waitingForOpponent
    case alreadyFull
    case notOnline
    /// A rematch is asked for before the game has finished.
    case gameNotFinished
    /// Undo: no move of the asker's to take back.
    case nothingToUndo
    /// Undo in an online game, where the other player has seen the move.
    case undoOnline
    /// The game has been followed by a rematch, so it no longer changes.
    case rematchStarted
    /// The coach stays quiet in an online game until it is over: it would play for one side.
    case coachOnline

    public var code: String {
        switch self {
        case .move(let error): error.code
        case .invalidName: "invalid_name"
        case .forbidden: "forbidden"
        case .waitingForOpponent: "waiting_for_opponent"
        case .alreadyFull: "game_full"
        case .notOnline: "not_online"
        case .gameNotFinished: "game_not_finished"
        case .nothingToUndo: "nothing_to_undo"
        case .undoOnline: "undo_online"
        case .rematchStarted: "rematch_started"
        case .coachOnline: "coach_online"
        }
    }

    public var description: String {
        switch self {
        case .move(let error): error.description
        case .invalidName(let reason): reason
        case .forbidden: "This move needs the secret token of the player whose turn it is."
        case .waitingForOpponent: "Waiting for a second player to join through the invite link."
        case .alreadyFull: "Both seats of this game are taken."
        case .notOnline: "Only online games can be joined."
        case .gameNotFinished: "A rematch can start once this game has finished."
        case .nothingToUndo: "There is no move of yours to take back."
        case .undoOnline: "Moves in an online game cannot be taken back."
        case .rematchStarted: "This game has a rematch: play on in the new game."
        case .coachOnline: "The coach helps in online games only once they are over."
        }
    }
}

/// A game as the server keeps it: the mode, the computer's difficulty, the seats' secret tokens
/// and the game itself. All rules about who may move live here, so every front end shares them.
public struct Match: Sendable, Codable, Hashable {
    public static let maxNameLength = 40
    public static let computerName = "Computer"

    public let id: String
    public let mode: MatchMode
    public let difficulty: Difficulty?
    /// The game so far. Online, Circle's name is empty until the second player joins.
    public internal(set) var game: Game
    /// Secret tokens per seat (online only): index 0 plays Cross, index 1 plays Circle.
    public internal(set) var tokens: [String]
    /// Seeds the computer's choices so a restart replays the same game.
    public let seed: UInt64
    /// The mark the computer plays in an `ai` game (`nil` in games stored before the player could
    /// choose: the computer played Circle then).
    let computerMark: Marker?
    /// The series' score before this game (`nil`: this is the series' first game).
    let earlier: SeriesScore?
    /// The game that followed this one, once someone asked for a rematch.
    public internal(set) var rematch: String?
    /// How many moves have been taken back, so `version` grows with an undo too.
    var undone: Int?

    /// Creates a match after checking the names the mode needs.
    /// In an `ai` game `names[0]` is the player's, who plays `playerMark` (Cross unless chosen);
    /// the computer moves at once when it moves first.
    public init(
        id: String, mode: MatchMode, names: [String], difficulty: Difficulty? = nil,
        creatorToken: String? = nil, seed: UInt64 = 0, playerMark: Marker = .cross
    ) throws(MatchError) {
        guard mode.playerNames.contains(names.count) else {
            throw .invalidName(mode.playerNamesHint)
        }
        // Length is checked before trimming: the limit is on what was sent.
        for name in names where name.scalarCount > Self.maxNameLength {
            throw .invalidName("A name may have at most \(Self.maxNameLength) characters (Unicode scalars).")
        }
        let cleaned = names.map(Self.clean)
        let first = try Self.validated(cleaned.first ?? "", seat: "the first player")
        let second: String
        switch mode {
        case .local: second = try Self.validated(cleaned.count > 1 ? cleaned[1] : "", seat: "the second player")
        case .ai: second = cleaned.count > 1 ? try Self.validated(cleaned[1], seat: "the computer") : Self.computerName
        case .online: second = ""
        }
        self.id = id
        self.mode = mode
        // Medium by default: it wins and blocks but can be beaten, which is where a child starts.
        self.difficulty = mode == .ai ? (difficulty ?? .medium) : nil
        let computerMark: Marker? = mode == .ai ? playerMark.other : nil
        self.game = computerMark == .cross ? Game(names: (second, first)) : Game(names: (first, second))
        self.tokens = mode == .online ? [creatorToken ?? ""] : []
        self.seed = seed
        self.computerMark = computerMark
        earlier = nil
        rematch = nil
        undone = nil
        try playComputer()
    }

    /// The next game of a series: same seats, names, tokens and computer, the other player first.
    init(rematchOf previous: Match, id: String, seed: UInt64) throws(MatchError) {
        self.id = id
        mode = previous.mode
        difficulty = previous.difficulty
        game = Game(names: (previous.game.players[0].name, previous.game.players[1].name), first: previous.game.first.other)
        tokens = previous.tokens
        self.seed = seed
        computerMark = previous.computerMark
        earlier = previous.series
        rematch = nil
        undone = nil
        try playComputer()
    }

    public var isWaitingForOpponent: Bool { mode == .online && tokens.count < 2 }

    /// The players who have taken a seat.
    public var seatedPlayers: [Player] { isWaitingForOpponent ? [game.players[0]] : game.players }

    /// Plays a move for whoever's turn it is; online, `token` must be that player's.
    /// Against the computer, its reply is played before this returns.
    public mutating func play(_ position: Position, token: String? = nil) throws(MatchError) {
        guard position.isOnBoard else { throw .move(.positionOutOfRange(position)) }
        guard let turn = game.turn else { throw .move(.gameOver) }
        if mode == .online {
            guard !isWaitingForOpponent else { throw .waitingForOpponent }
            let seat = turn == .cross ? 0 : 1
            guard let token, token.constantTimeEquals(tokens[seat]) else { throw .forbidden }
        }
        guard rematch == nil else { throw .rematchStarted }
        do {
            try game.play(position)
        } catch {
            throw .move(error)
        }
        try playComputer()
    }

    /// The mark the computer plays, in an `ai` game.
    public var computer: Marker? { mode == .ai ? (computerMark ?? .circle) : nil }

    /// Against the computer, plays its move when it is its turn.
    mutating func playComputer() throws(MatchError) {
        guard let computer, game.turn == computer else { return }
        var player = AIPlayer(difficulty: difficulty ?? .medium, seed: seed &+ UInt64(game.moves.count))
        guard let reply = player.chooseMove(on: game.board) else { return }
        do {
            try game.play(reply)
        } catch {
            throw .move(error)
        }
    }

    /// Seats the second online player; their token (the server passes a hash of it) is kept for
    /// their later moves.
    public mutating func join(name: String, token: String) throws(MatchError) {
        guard mode == .online else { throw .notOnline }
        guard isWaitingForOpponent else { throw .alreadyFull }
        guard name.scalarCount <= Self.maxNameLength else {
            throw .invalidName("A name may have at most \(Self.maxNameLength) characters (Unicode scalars).")
        }
        let name = try Self.validated(Self.clean(name), seat: "the second player")
        game = game.renamed(second: name)
        tokens.append(token)
    }

    /// The seat (Cross or Circle) a token belongs to, if any.
    public func marker(forToken token: String) -> Marker? {
        tokens.firstIndex { $0.constantTimeEquals(token) }.map { $0 == 0 ? .cross : .circle }
    }

    private static func clean(_ name: String) -> String { name.trimmedWhitespace }

    private static func validated(_ name: String, seat: String) throws(MatchError) -> String {
        guard !name.isEmpty else { throw .invalidName("Enter a name for \(seat).") }
        guard name.scalarCount <= maxNameLength else {
            throw .invalidName("A name may have at most \(maxNameLength) characters (Unicode scalars).")
        }
        return name
    }
}
