import Foundation
import Testing
@testable import TicTacToeKit

@Suite struct SeriesTests {
    /// Plays `numbers` (keypad squares 1…9) in turn.
    private func play(_ match: inout Match, _ numbers: [Int], token: String? = nil) throws {
        for number in numbers { try match.play(#require(Position(number: number)), token: token) }
    }

    @Test func rematchesAlternateTheFirstMoveAndCountEveryFinishedGame() throws {
        var first = try Match(id: "g1", mode: .local, names: ["Ann", "Bob"])
        #expect(first.series == SeriesScore())
        try play(&first, [1, 4, 2, 5, 3])  // X wins along the top row
        #expect(first.series.games == 1 && first.series.wins(.cross) == 1)

        var second = try first.rematchGame(id: "g2", token: nil, seed: 1)
        #expect(second.game.first == .circle)
        #expect(second.game.turn == .circle)
        #expect(second.series.games == 1)  // the one just finished, not this one yet
        // O moves first and wins down the first column.
        try play(&second, [1, 2, 4, 5, 7])
        #expect(second.game.winner == .circle)
        #expect(second.series.games == 2 && second.series.wins(.cross) == 1 && second.series.wins(.circle) == 1)

        var third = try second.rematchGame(id: "g3", token: nil, seed: 2)
        #expect(third.game.first == .cross)
        try play(&third, [5, 1, 9, 3, 2, 8, 4, 6, 7])  // a draw
        #expect(third.game.status == .draw)
        #expect(third.series.games == 3 && third.series.draws == 1)
        #expect(third.game.players.map(\.name) == ["Ann", "Bob"])
    }

    @Test func noRematchBeforeTheEnd() throws {
        var match = try Match(id: "g1", mode: .local, names: ["Ann", "Bob"])
        try play(&match, [5])
        #expect(throws: MatchError.gameNotFinished) { try match.rematchGame(id: "g2", token: nil, seed: 0) }
    }

    @Test func onlineRematchKeepsTheSeatsAndNeedsASeatedPlayer() throws {
        var match = try Match(id: "g1", mode: .online, names: ["Ann"], creatorToken: "hash-ann")
        try match.join(name: "Bob", token: "hash-bob")
        for (number, token) in [(1, "hash-ann"), (4, "hash-bob"), (2, "hash-ann"), (5, "hash-bob"), (3, "hash-ann")] {
            try play(&match, [number], token: token)
        }
        #expect(throws: MatchError.forbidden) { try match.rematchGame(id: "g2", token: nil, seed: 0) }
        #expect(throws: MatchError.forbidden) { try match.rematchGame(id: "g2", token: "hash-eve", seed: 0) }
        var next = try match.rematchGame(id: "g2", token: "hash-bob", seed: 0)
        #expect(next.tokens == ["hash-ann", "hash-bob"])
        #expect(next.marker(forToken: "hash-bob") == .circle)
        // Bob (O) moves first now, with his own token only.
        #expect(throws: MatchError.forbidden) { try next.play(Position(row: 1, col: 1), token: "hash-ann") }
        try next.play(Position(row: 1, col: 1), token: "hash-bob")
        match.recordRematch("g2")
        match.recordRematch("g3")
        #expect(match.rematch == "g2")
    }

    @Test func theComputerMovesFirstWhenThePlayerTakesO() throws {
        let match = try Match(id: "g1", mode: .ai, names: ["Ann"], seed: 7, playerMark: .circle)
        #expect(match.computer == .cross)
        #expect(match.difficulty == .medium)
        #expect(match.game.moves.count == 1)
        #expect(match.game.turn == .circle)
        #expect(match.game.player(for: .circle).name == "Ann")
    }

    @Test func undoTakesBackThePlayersMoveAndTheComputersReply() throws {
        var match = try Match(id: "g1", mode: .ai, names: ["Ann"], difficulty: .perfect, seed: 3)
        #expect(throws: MatchError.nothingToUndo) { try match.undo() }
        try play(&match, [5])
        let afterFirst = match.game.moves
        try play(&match, [match.game.board.emptyPositions[0].index + 1])
        #expect(match.game.moves.count == 4)
        let version = match.version
        try match.undo()
        #expect(match.game.moves == afterFirst)
        #expect(match.version > version)
        try match.undo()
        #expect(match.game.moves.isEmpty)
        #expect(throws: MatchError.nothingToUndo) { try match.undo() }
    }

    @Test func undoWhenTheComputerMovedFirstKeepsItsOpeningMove() throws {
        var match = try Match(id: "g1", mode: .ai, names: ["Ann"], seed: 7, playerMark: .circle)
        #expect(throws: MatchError.nothingToUndo) { try match.undo() }
        let opening = match.game.moves
        let free = try #require(match.game.board.emptyPositions.first)
        try match.play(free)
        try match.undo()
        #expect(match.game.moves == opening)
    }

    @Test func undoIsOneMoveLocallyAndNoneOnline() throws {
        var local = try Match(id: "g1", mode: .local, names: ["Ann", "Bob"])
        try play(&local, [5, 1])
        try local.undo()
        #expect(local.game.moves.count == 1 && local.game.turn == .circle)
        var online = try Match(id: "g2", mode: .online, names: ["Ann"], creatorToken: "a")
        try online.join(name: "Bob", token: "b")
        try play(&online, [5], token: "a")
        #expect(throws: MatchError.undoOnline) { try online.undo() }
    }

    @Test func aStoredMatchFromBeforeSeriesStillLoads() throws {
        let old = #"{"id":"g1","mode":"ai","difficulty":"perfect","game":{"players":[{"name":"Ann","marker":"X"},{"name":"Computer","marker":"O"}],"moves":[{"position":{"row":1,"col":1},"marker":"X"}]},"tokens":[],"seed":5}"#
        let match = try JSONDecoder().decode(Match.self, from: Data(old.utf8))
        #expect(match.computer == .circle)
        #expect(match.game.first == .cross)
        #expect(match.series == SeriesScore())
        #expect(match.version == 1)
        let again = try JSONDecoder().decode(Match.self, from: JSONEncoder().encode(match))
        #expect(again == match)
    }
}
