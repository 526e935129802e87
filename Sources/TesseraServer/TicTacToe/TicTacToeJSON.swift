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
    /// Who moved first (it alternates in a series) and, against the computer, the computer's mark.
    let first: String
    @Nullable var computer: String?
    let series: SeriesJSON
    /// The next game of the series once someone asked for it: a watcher follows it there.
    @Nullable var rematch: String?
    var token: String?
    var marker: String?
    var invite: String?

    struct PlayerJSON: Encodable {
        let name: String
        let marker: String
    }

    struct SeriesJSON: Encodable {
        let games: Int
        let wins: [String: Int]
        let draws: Int

        init(_ score: SeriesScore) {
            games = score.games
            wins = [Marker.cross.symbol: score.wins(.cross), Marker.circle.symbol: score.wins(.circle)]
            draws = score.draws
        }
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
        version = match.version
        waitingForOpponent = match.isWaitingForOpponent
        first = game.first.symbol
        computer = match.computer?.symbol
        series = SeriesJSON(match.series)
        rematch = match.rematch
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
    /// Against the computer, the mark the player takes (O: the computer moves first).
    let marker: Marker?

    private enum CodingKeys: String, CodingKey { case mode, players, difficulty, marker }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mode = try container.decode(MatchMode.self, forKey: .mode)
        players = try container.decode([String].self, forKey: .players)
        difficulty = try container.decodeUnlessNull(Difficulty.self, forKey: .difficulty)
        marker = try container.decodeUnlessNull(Marker.self, forKey: .marker)
    }
}

/// `GET …/analysis`: every empty square for the player to move and, once the game is over, the
/// first move that threw away a win or a draw (`review`, null when none did or the game is on).
struct AnalysisJSON: Encodable {
    let squares: [SquareJSON]
    @Nullable var review: ReviewJSON? = nil

    struct SquareJSON: Encodable {
        let row: Int
        let col: Int
        let result: String
        let moves: Int
    }

    struct ReviewJSON: Encodable {
        let move: Int
        let row: Int
        let col: Int
        let marker: String
        let had: String
        let became: String
        let better: [Int]
        let reason: String
    }

    init(match: Match) {
        squares = Coach.analysis(of: match.game.board).map {
            SquareJSON(row: $0.position.row, col: $0.position.col, result: $0.result.rawValue, moves: $0.moves)
        }
        guard match.game.status != .playing, let found = Coach.review(of: match.game) else { return }
        review = ReviewJSON(move: found.number, row: found.move.position.row, col: found.move.position.col,
                            marker: found.move.marker.symbol, had: found.had.rawValue, became: found.became.rawValue,
                            better: found.better.square.pair, reason: found.reason.rawValue)
    }
}

struct MoveRequest: Decodable {
    let row: Int
    let col: Int
}

struct JoinRequest: Decodable {
    let name: String
}
