/// The running score of a series of games between the same two seats: how many have finished,
/// the wins of each mark and the draws.
public struct SeriesScore: Sendable, Codable, Hashable {
    public private(set) var games = 0
    public private(set) var winsX = 0
    public private(set) var winsO = 0
    public private(set) var draws = 0

    public init() {}

    public func wins(_ marker: Marker) -> Int { marker == .cross ? winsX : winsO }

    /// The score with one more game counted, if it has finished.
    public func adding(_ game: Game) -> SeriesScore {
        var score = self
        switch game.status {
        case .playing: return self
        case .draw: score.draws += 1
        case .won: if game.winner == .cross { score.winsX += 1 } else { score.winsO += 1 }
        }
        score.games += 1
        return score
    }
}

extension Match {
    /// The score of this game's series, counting this game once it has finished.
    public var series: SeriesScore { (earlier ?? SeriesScore()).adding(game) }

    /// A number that grows with every change a player sees: each move adds one, and taking back
    /// `n` moves adds `n` (it removes `n` moves and counts `2n` undone), so a page can always tell
    /// a newer answer from an older one.
    public var version: Int { game.moves.count + 2 * (undone ?? 0) }

    /// Whether `token` may ask for a rematch: anyone in a local or computer game (those have no
    /// seats to guard), only a seated player online.
    public func mayAskForRematch(token: String?) -> Bool {
        guard mode == .online else { return true }
        guard let token else { return false }
        return marker(forToken: token) != nil
    }

    /// The next game of the series, once this one has finished: the same seats (and, online, the
    /// same tokens), the other mark moving first, and the score so far. The caller stores it and
    /// records its id in `rematch`.
    public func rematchGame(id: String, token: String?, seed: UInt64) throws(MatchError) -> Match {
        guard mayAskForRematch(token: token) else { throw .forbidden }
        guard game.status != .playing else { throw .gameNotFinished }
        return try Match(rematchOf: self, id: id, seed: seed)
    }

    /// Names the game that follows this one, unless one already does (the first rematch asked for
    /// stays the series' next game).
    public mutating func recordRematch(_ id: String) {
        if rematch == nil { rematch = id }
    }

    /// Takes back the asker's last move: against the computer, the player's last move and the
    /// computer's reply after it; in a local game, the last move. Online moves stay.
    public mutating func undo() throws(MatchError) {
        guard mode != .online else { throw .undoOnline }
        guard rematch == nil else { throw .rematchStarted }
        let count: Int
        if let computer {
            guard let last = game.moves.lastIndex(where: { $0.marker != computer }) else { throw .nothingToUndo }
            count = game.moves.count - last
        } else {
            guard !game.moves.isEmpty else { throw .nothingToUndo }
            count = 1
        }
        game = game.takingBack(count)
        undone = (undone ?? 0) + count
    }
}
