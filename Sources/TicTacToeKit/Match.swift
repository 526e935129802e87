import GridKit

/// Who sits at the board.
public enum MatchMode: String, Sendable, Codable, CaseIterable, Hashable {
    /// Two players taking turns on one device.
    case local
    /// One player against the computer, which plays Circle.
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

    public var code: String {
        switch self {
        case .move(let error): error.code
        case .invalidName: "invalid_name"
        case .forbidden: "forbidden"
        case .waitingForOpponent: "waiting_for_opponent"
        case .alreadyFull: "game_full"
        case .notOnline: "not_online"
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
    public private(set) var game: Game
    /// Secret tokens per seat (online only): index 0 plays Cross, index 1 plays Circle.
    public private(set) var tokens: [String]
    /// Seeds the computer's choices so a restart replays the same game.
    public let seed: UInt64

    /// Creates a match after checking the names the mode needs.
    public init(
        id: String, mode: MatchMode, names: [String], difficulty: Difficulty? = nil,
        creatorToken: String? = nil, seed: UInt64 = 0
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
        self.difficulty = mode == .ai ? (difficulty ?? .perfect) : nil
        self.game = Game(names: (first, second))
        self.tokens = mode == .online ? [creatorToken ?? ""] : []
        self.seed = seed
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
        do {
            try game.play(position)
            if mode == .ai, game.turn == .circle {
                var computer = AIPlayer(difficulty: difficulty ?? .perfect, seed: seed &+ UInt64(game.moves.count))
                if let reply = computer.chooseMove(on: game.board) { try game.play(reply) }
            }
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
