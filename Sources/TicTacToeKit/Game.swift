/// A player: a name and the marker they play.
public struct Player: Hashable, Sendable, Codable {
    public let name: String
    public let marker: Marker

    /// "Ann (X)".
    public var label: String { "\(name) (\(marker.symbol))" }
}

/// One move as it was played.
public struct Move: Hashable, Sendable, Codable {
    public let position: Position
    public let marker: Marker
}

/// A game: two players, the board and the moves so far. Player 0 plays Cross; `first` moves first
/// (Cross unless a series has alternated it).
public struct Game: Hashable, Sendable {
    public let players: [Player]
    public private(set) var board: Board
    public private(set) var moves: [Move]
    public var first: Marker { board.first }

    /// A new game for two names; the first name plays Cross.
    public init(names: (String, String), first: Marker = .cross) {
        players = [Player(name: names.0, marker: .cross), Player(name: names.1, marker: .circle)]
        board = Board(first: first)
        moves = []
    }

    /// Rebuilds a game by replaying stored moves; fails on the first illegal one.
    public init(names: (String, String), first: Marker = .cross, replaying moves: [Move]) throws(MoveError) {
        self.init(names: names, first: first)
        for move in moves { try play(move.position, as: move.marker) }
    }

    /// The same game with its last `count` moves taken back (replayed from the start, so the board
    /// is always one the rules made).
    public func takingBack(_ count: Int) -> Game {
        var copy = Game(names: (players[0].name, players[1].name), first: first)
        for move in moves.dropLast(max(0, count)) { try? copy.play(move.position, as: move.marker) }
        return copy
    }

    public func player(for marker: Marker) -> Player {
        players.first { $0.marker == marker } ?? Player(name: marker.symbol, marker: marker)
    }

    public var turn: Marker? { board.turn }
    public var status: GameStatus { board.status }
    public var winner: Marker? { board.winner }
    public var currentPlayer: Player? { turn.map(player(for:)) }

    /// Plays `position` for `marker` (default: whoever's turn it is).
    public mutating func play(_ position: Position, as marker: Marker? = nil) throws(MoveError) {
        guard position.isOnBoard else { throw .positionOutOfRange(position) }
        guard let turn = board.turn else { throw .gameOver }
        let mover = marker ?? turn
        switch board.makeMove(mover, at: position) {
        case .success(let next):
            board = next
            moves.append(Move(position: position, marker: mover))
        case .failure(let error):
            throw error
        }
    }
}

extension Game: Codable {
    private enum CodingKeys: String, CodingKey { case players, moves, first }

    /// A game is stored as its players and moves; decoding replays the moves so a stored game
    /// can never hold a board that the rules would not allow.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let players = try container.decode([Player].self, forKey: .players)
        guard players.count == 2 else {
            throw DecodingError.dataCorruptedError(forKey: .players, in: container, debugDescription: "A game has two players.")
        }
        let moves = try container.decode([Move].self, forKey: .moves)
        // Games stored before series existed have no `first`: Cross moved first then.
        let first = try container.decodeIfPresent(Marker.self, forKey: .first) ?? .cross
        do {
            try self.init(names: (players[0].name, players[1].name), first: first, replaying: moves)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .moves, in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(players, forKey: .players)
        try container.encode(moves, forKey: .moves)
        if first != .cross { try container.encode(first, forKey: .first) }
    }
}

extension Game {
    /// The same game with player names replaced (used when an online opponent joins).
    func renamed(second name: String) -> Game {
        var copy = Game(names: (players[0].name, name), first: first)
        copy.board = board
        copy.moves = moves
        return copy
    }
}
