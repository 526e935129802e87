import Testing
@testable import TicTacToeKit

@Suite struct BoardTests {
    @Test func crossMovesFirstAndTurnsAlternate() throws {
        var game = Game(names: ("Ann", "Bob"))
        var seen: [Marker?] = [game.turn]
        for number in [1, 5, 9, 3] {
            try game.play(#require(Position(number: number)))
            seen.append(game.turn)
        }
        #expect(seen == [.cross, .circle, .cross, .circle, .cross])
    }

    @Test func occupiedCellIsRefused() throws {
        let board = try Board("X../.../...").unwrap()
        #expect(board.makeMove(.circle, at: Position(row: 0, col: 0)) == .failure(.cellOccupied(Position(row: 0, col: 0))))
        #expect(MoveError.cellOccupied(Position(row: 1, col: 2)).description == "Illegal move, (1, 2) is not empty.")
    }

    @Test(arguments: [(-1, 0), (0, 3), (3, 3), (0, -1)])
    func positionOffTheBoardIsRefused(row: Int, col: Int) {
        let position = Position(row: row, col: col)
        #expect(Board().makeMove(.cross, at: position) == .failure(.positionOutOfRange(position)))
        #expect(MoveError.positionOutOfRange(position).code == "invalid_position")
    }

    @Test func wrongMarkerIsRefused() {
        #expect(Board().makeMove(.circle, at: Position(row: 1, col: 1)) == .failure(.notYourTurn(expected: .cross)))
    }

    @Test func noMoveAfterAWin() throws {
        let won = try Board("XXX/OO./...").unwrap()
        #expect(won.turn == nil)
        #expect(won.makeMove(.circle, at: Position(row: 1, col: 2)) == .failure(.gameOver))
    }

    /// The original stopped at the first all-empty row: X's bottom row went unnoticed.
    @Test func winInBottomRowBelowAnEmptyRowIsFound() throws {
        let board = try Board(".../OO./XXX").unwrap()
        #expect(board.winner == .cross)
        #expect(board.status == .won)
        #expect(board.winningLine == [Position(row: 2, col: 0), Position(row: 2, col: 1), Position(row: 2, col: 2)])
    }

    /// The same bug on the transposed grid: an empty left column hid X's right column.
    @Test func winInRightColumnBesideAnEmptyColumnIsFound() throws {
        let board = try Board(".OX/.OX/..X").unwrap()
        #expect(board.winner == .cross)
        #expect(board.turn == nil)
    }

    @Test(arguments: Board.lines.indices)
    func everyLineWinsForEitherMarker(line: Int) {
        for marker in Marker.allCases {
            var cells = [Marker?](repeating: nil, count: 9)
            for position in Board.lines[line] { cells[position.index] = marker }
            let board = Board(cells: cells)
            #expect(board?.winner == marker)
            #expect(board?.winningLine == Board.lines[line])
        }
    }

    @Test func fullBoardWithoutLineIsADraw() throws {
        let board = try Board("XOX/XOO/OXX").unwrap()
        #expect(board.winner == nil)
        #expect(board.status == .draw)
        #expect(board.turn == nil)
        #expect(board.makeMove(.cross, at: Position(row: 0, col: 0)) == .failure(.gameOver))
    }

    @Test func replayRebuildsAGameAndRejectsIllegalHistory() throws {
        let moves = [Move(position: Position(row: 1, col: 1), marker: .cross), Move(position: Position(row: 0, col: 0), marker: .circle)]
        let game = try Game(names: ("Ann", "Bob"), replaying: moves)
        #expect(game.board.text == "O../.X./...")
        #expect(throws: MoveError.cellOccupied(Position(row: 1, col: 1))) {
            try Game(names: ("Ann", "Bob"), replaying: moves + [Move(position: Position(row: 1, col: 1), marker: .cross)])
        }
    }
}

extension Optional {
    func unwrap(sourceLocation: SourceLocation = #_sourceLocation) throws -> Wrapped {
        try #require(self, sourceLocation: sourceLocation)
    }
}
