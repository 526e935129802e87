import Testing
@testable import TicTacToeKit

@Suite struct CoachTests {
    /// Plain game-tree search on `Board` values, written apart from the coach's table: the result
    /// for the player to move and how many moves until the end (winner fastest, loser slowest).
    private func bruteForce(_ board: Board) -> (result: Outcome, moves: Int) {
        guard let me = board.turn else { return (board.winner == nil ? .draw : .loss, 0) }
        var best: (result: Outcome, moves: Int)?
        for square in board.emptyPositions {
            guard case .success(let next) = board.makeMove(me, at: square) else { continue }
            let mine = afterMove(next, mover: me)
            if let current = best, !better(mine, than: current) { continue }
            best = mine
        }
        return best ?? (.draw, 0)
    }

    /// The result of a move for its mover: the game over, or the opponent's best turned around.
    private func afterMove(_ next: Board, mover: Marker) -> (result: Outcome, moves: Int) {
        if next.winner == mover { return (.win, 1) }
        if next.turn == nil { return (.draw, 1) }
        let reply = bruteForce(next)
        let flipped: Outcome = reply.result == .win ? .loss : reply.result == .loss ? .win : .draw
        return (flipped, reply.moves + 1)
    }

    private func better(_ a: (result: Outcome, moves: Int), than b: (result: Outcome, moves: Int)) -> Bool {
        if a.result != b.result { return a.result.rank > b.result.rank }
        switch a.result {
        case .win: return a.moves < b.moves
        case .loss: return a.moves > b.moves
        case .draw: return false
        }
    }

    @Test(arguments: [".../.../...", "X../.../...", "X../.O./...", "XX./OO./X.O", "XO./.X./..O", "X.O/.X./O..", "O../.X./..X"])
    func everySquareAgreesWithBruteForce(text: String) throws {
        let board = try #require(Board(text))
        let squares = Coach.analysis(of: board)
        #expect(squares.map(\.position) == board.emptyPositions)
        for square in squares {
            guard case .success(let next) = board.makeMove(try #require(board.turn), at: square.position) else {
                Issue.record("the coach analysed a square the rules refuse")
                continue
            }
            let expected = afterMove(next, mover: try #require(board.turn))
            #expect(square.result == expected.result, "\(text) at \(square.position)")
            #expect(square.moves == expected.moves, "\(text) at \(square.position)")
        }
    }

    @Test func theEmptyBoardIsADrawEverywhereInNineMoves() {
        let squares = Coach.analysis(of: Board())
        #expect(squares.count == 9)
        #expect(squares.allSatisfy { $0.result == .draw && $0.moves == 9 })
    }

    @Test func whenCircleMovesFirstTheCoachSpeaksForCircle() throws {
        let board = try #require(Board("OO./XX./...", first: .circle))
        #expect(board.turn == .circle)
        let top = try #require(Coach.analysis(of: board).first { $0.position == Position(row: 0, col: 2) })
        #expect(top.result == .win && top.moves == 1)
    }

    @Test func aFinishedBoardHasNoSquaresToAnalyse() throws {
        #expect(Coach.analysis(of: try #require(Board("XXX/OO./..."))).isEmpty)
    }

    @Test func theReviewNamesAForkItAllowed() throws {
        // X corner, O centre, X opposite corner: O must take an edge. O's corner makes X block at
        // 7, and that block is two threats at once (4 and 8).
        var game = Game(names: ("Ann", "Bob"))
        for number in [1, 5, 9, 3, 7, 4, 8] { try game.play(#require(Position(number: number))) }
        #expect(game.winner == .cross)
        let review = try #require(Coach.review(of: game))
        #expect(review.number == 4)
        #expect(review.move.position == Position(row: 0, col: 2))
        #expect(review.had == .draw && review.became == .loss)
        #expect(review.reason == .allowedFork)
    }

    /// In a game from the empty board the first mistake always throws away a draw: nobody can have
    /// a win in hand before someone has made one.
    @Test func theReviewNamesAMissedBlock() throws {
        // X corner, O edge (already losing), X centre, O fails to block the diagonal.
        var game = Game(names: ("Ann", "Bob"))
        for number in [1, 2, 5, 3, 9] { try game.play(#require(Position(number: number))) }
        let review = try #require(Coach.review(of: game))
        #expect(review.number == 2)  // O's edge reply to a corner already loses
        #expect(review.move.marker == .circle)
        #expect(review.had == .draw && review.became == .loss)
    }

    @Test func aPerfectGameHasNothingToReview() throws {
        var game = Game(names: ("Ann", "Bob"))
        for number in [5, 1, 9, 3, 2, 8, 4, 6, 7] { try game.play(#require(Position(number: number))) }
        #expect(game.status == .draw)
        #expect(Coach.review(of: game) == nil)
    }

    @Test func missingABlockIsCalledThat() throws {
        // X: 1, 2 threaten 3; O (who can still draw by blocking at 3) plays 9 instead.
        var game = Game(names: ("Ann", "Bob"))
        for number in [1, 5, 2, 9, 3] { try game.play(#require(Position(number: number))) }
        let review = try #require(Coach.review(of: game))
        #expect(review.number == 4)
        #expect(review.reason == .missedBlock)
        #expect(review.better == Position(row: 0, col: 2))
    }
}
