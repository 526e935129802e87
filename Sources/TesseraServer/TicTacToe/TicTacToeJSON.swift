import GridKit
import TicTacToeKit

/// The game as the API shows it. `turn`, `winner`, `winningLine` and `difficulty` are explicit
/// `null`s rather than missing keys, as the OpenAPI document says; `token`, `marker` and `invite`
/// appear only in the answer that seats a player online.
struct GameJSON: Encodable {
    let id: String
    let mode: String
    @Nullable var difficulty: String?
    let board: [[String]]
    @Nullable var turn: String?
    let status: String
    @Nullable var winner: String?
    @Nullable var winningLine: [[Int]]?
    let players: [PlayerJSON]
    let moves: [MoveJSON]
    let version: Int
    let waitingForOpponent: Bool
    var token: String?
    var marker: String?
    var invite: String?

    struct PlayerJSON: Encodable {
        let name: String
        let marker: String
    }

    struct MoveJSON: Encodable {
        let row: Int
        let col: Int
        let marker: String
    }

    init(match: Match) {
        let game = match.game
        id = match.id
        mode = match.mode.rawValue
        difficulty = match.difficulty?.rawValue
        board = game.board.rows
        // Online games have no turn until both seats are taken.
        turn = match.isWaitingForOpponent ? nil : game.turn?.symbol
        status = game.status.rawValue
        winner = game.winner?.symbol
        winningLine = game.board.winningLine?.map(\.square.pair)
        players = match.seatedPlayers.map { PlayerJSON(name: $0.name, marker: $0.marker.symbol) }
        moves = game.moves.map { MoveJSON(row: $0.position.row, col: $0.position.col, marker: $0.marker.symbol) }
        version = game.moves.count
        waitingForOpponent = match.isWaitingForOpponent
    }

    /// The answer that seats a player online also carries their secret and the invite path.
    func seating(token: String, marker: Marker, invite: String) -> GameJSON {
        var seated = self
        seated.token = token
        seated.marker = marker.symbol
        seated.invite = invite
        return seated
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
