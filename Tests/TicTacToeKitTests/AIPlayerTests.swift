import Testing
@testable import TicTacToeKit

@Suite struct AIPlayerTests {
    /// Plays every possible opponent reply against the perfect AI; returns the number of games
    /// the AI lost (must be zero) and how many games were played.
    private func everyGame(aiPlays ai: Marker, from board: Board = Board()) -> (losses: Int, games: Int) {
        guard let turn = board.turn else {
            return (board.winner == ai.other ? 1 : 0, 1)
        }
        if turn == ai {
            // Every equally good move the AI may pick must be safe, not just the one a seed picks.
            return Minimax.bestMoves(on: board).reduce((0, 0)) { total, position in
                guard case .success(let next) = board.makeMove(ai, at: position) else { return total }
                let result = everyGame(aiPlays: ai, from: next)
                return (total.0 + result.losses, total.1 + result.games)
            }
        }
        return board.emptyPositions.reduce((0, 0)) { total, position in
            guard case .success(let next) = board.makeMove(turn, at: position) else { return total }
            let result = everyGame(aiPlays: ai, from: next)
            return (total.0 + result.losses, total.1 + result.games)
        }
    }

    @Test(arguments: Marker.allCases)
    func perfectNeverLoses(as marker: Marker) {
        let result = everyGame(aiPlays: marker)
        #expect(result.losses == 0)
        #expect(result.games > 100)
    }

    @Test func perfectTakesAWinOverABlock() throws {
        // X to move can win at (0, 2) or block O's row at (1, 2); a perfect player wins.
        let board = try #require(Board("XX./OO./X.O"))
        #expect(Minimax.bestMoves(on: board) == [Position(row: 0, col: 2)])
    }

    @Test func mediumWinsThenBlocks() throws {
        var medium = AIPlayer(difficulty: .medium, seed: 3)
        let canWin = try #require(Board("XX./OO./..."))
        let win = medium.chooseMove(on: canWin)
        #expect(win == Position(row: 0, col: 2))
        let winOverBlock = try #require(Board("OO./XX./..."))
        let win2 = medium.chooseMove(on: winOverBlock)
        #expect(win2 == Position(row: 1, col: 2))  // its own win comes before blocking
        let mustBlock = try #require(Board("OO./X../..X"))
        let block = medium.chooseMove(on: mustBlock)
        #expect(block == Position(row: 0, col: 2))
    }

    @Test func easyPlaysOnlyLegalMovesAndRepeatsWithItsSeed() throws {
        let board = try #require(Board("XOX/.O./..."))
        for seed in 0..<50 as Range<UInt64> {
            var first = AIPlayer(difficulty: .easy, seed: seed)
            var second = AIPlayer(difficulty: .easy, seed: seed)
            let chosen = first.chooseMove(on: board)
            let move = try #require(chosen)
            #expect(board[move] == nil)
            let again = second.chooseMove(on: board)
            #expect(again == move)
        }
    }

    @Test func noMoveWhenTheGameIsOver() throws {
        var ai = AIPlayer(difficulty: .perfect)
        let move = ai.chooseMove(on: try #require(Board("XXX/OO./...")))
        #expect(move == nil)
    }
}
