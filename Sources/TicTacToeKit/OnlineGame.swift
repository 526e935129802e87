/// An online game as the API answers it (a game, its live events, a move's, a join's or a seat's
/// answer): the part a client plays from. The server's `GameJSON` encodes it; a server test decodes
/// that encoding with this type, so the two cannot part.
public struct OnlineGame: Sendable, Decodable, Hashable {
    public let id: String
    public let mode: MatchMode
    /// Three rows of three cells: "X", "O" or "".
    public let board: [[String]]
    /// Whose move it is; nil once the game is over or while it waits for its second player.
    public let turn: Marker?
    public let status: GameStatus
    public let winner: Marker?
    public let players: [Player]
    /// Grows with every change: an answer with a lower version is older than one already seen.
    public let version: Int
    public let waitingForOpponent: Bool
    /// The next game of the series, once someone asked for a rematch.
    public let rematch: String?
    /// Only in the answer that seats a player: their secret and their mark.
    public let token: String?
    public let marker: Marker?

    /// The player with `marker`, once seated.
    public func player(_ marker: Marker) -> Player? { players.first { $0.marker == marker } }

    /// The mark on a square ("" when free or off the board).
    public func mark(at position: Position) -> String {
        guard position.isOnBoard, board.indices.contains(position.row), board[position.row].indices.contains(position.col) else { return "" }
        return board[position.row][position.col]
    }
}
