import TicTacToeKit

/// The game as the API shows it. Written by hand (not synthesised) so that `turn`, `winner`
/// and `difficulty` are explicit `null`s rather than missing keys, as the OpenAPI document says.
struct GameJSON: Encodable {
    let match: Match
    /// Set only in the answers that seat a player online: the secret for their moves.
    var seat: Seat?

    struct Seat {
        let token: String
        let marker: Marker
        let invite: String
    }

    private enum Keys: String, CodingKey {
        case id, mode, difficulty, board, turn, status, winner, winningLine, players, moves, version, waitingForOpponent
        case token, marker, invite
    }

    private struct PlayerJSON: Encodable {
        let name: String
        let marker: String
    }

    private struct MoveJSON: Encodable {
        let row: Int
        let col: Int
        let marker: String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        let game = match.game
        try container.encode(match.id, forKey: .id)
        try container.encode(match.mode.rawValue, forKey: .mode)
        try container.encode(match.difficulty?.rawValue, forKey: .difficulty)
        try container.encode(game.board.rows, forKey: .board)
        // Online games have no turn until both seats are taken.
        try container.encode(match.isWaitingForOpponent ? nil : game.turn?.symbol, forKey: .turn)
        try container.encode(game.status.rawValue, forKey: .status)
        try container.encode(game.winner?.symbol, forKey: .winner)
        try container.encode(game.board.winningLine?.map { [$0.row, $0.col] }, forKey: .winningLine)
        try container.encode(match.seatedPlayers.map { PlayerJSON(name: $0.name, marker: $0.marker.symbol) }, forKey: .players)
        try container.encode(game.moves.map { MoveJSON(row: $0.position.row, col: $0.position.col, marker: $0.marker.symbol) }, forKey: .moves)
        try container.encode(game.moves.count, forKey: .version)
        try container.encode(match.isWaitingForOpponent, forKey: .waitingForOpponent)
        if let seat {
            try container.encode(seat.token, forKey: .token)
            try container.encode(seat.marker.symbol, forKey: .marker)
            try container.encode(seat.invite, forKey: .invite)
        }
    }
}

struct CreateGameRequest: Decodable {
    let mode: MatchMode
    let players: [String]
    let difficulty: Difficulty?

    private enum CodingKeys: String, CodingKey { case mode, players, difficulty }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mode = try container.decode(MatchMode.self, forKey: .mode)
        players = try container.decode([String].self, forKey: .players)
        difficulty = try container.decodeUnlessNull(Difficulty.self, forKey: .difficulty)
    }
}

struct MoveRequest: Decodable {
    let row: Int
    let col: Int
}

struct JoinRequest: Decodable {
    let name: String
}
