import Testing
@testable import TicTacToeKit

/// What `tessera tictactoe join` reads: the page's links (invite, game, seat) and typed moves.
@Suite struct GameLinkTests {
    @Test func anInviteAGameAndASeatLinkNameTheServerAndTheGame() throws {
        let invite = try GameLink(parsing: "http://127.0.0.1:8080/tictactoe/?join=abcDEF123_-x")
        #expect(invite == GameLink(server: "http://127.0.0.1:8080", gameID: "abcDEF123_-x"))
        let game = try GameLink(parsing: "  https://games.example.org/tictactoe/?lang=fr&game=g1\n")
        #expect(game == GameLink(server: "https://games.example.org", gameID: "g1"))
        let seat = try GameLink(parsing: "http://localhost:9000/tictactoe/?game=g1#seat=0123abcd")
        #expect(seat.seatToken == "0123abcd" && seat.server == "http://localhost:9000" && seat.gameID == "g1")
        #expect(seat.seatLink(token: "0123abcd") == "http://localhost:9000/tictactoe/?game=g1#seat=0123abcd")
        #expect(seat.gameAddress == "http://localhost:9000/tictactoe/?game=g1")
        #expect(try GameLink(parsing: "http://[::1]:8080/tictactoe?game=g1").server == "http://[::1]:8080")
    }

    @Test(arguments: [
        ("", GameLinkError.notAWebAddress),
        ("tictactoe/?game=g1", .notAWebAddress),
        ("ftp://host/tictactoe/?game=g1", .notAWebAddress),
        ("file:///tictactoe/?game=g1", .notAWebAddress),
        ("http://host/pentomino/?game=g1", .notTicTacToe),
        ("http://host/tictactoe/", .noGame),
        ("http://host/tictactoe/?game=", .noGame),
        ("http://host/tictactoe/?game=a%2Fb", .noGame),
        ("http://host/tictactoe/?game=g1#seat=", .badSeat),
        ("http://host/tictactoe/?game=g1#seat=abc%20def", .badSeat),
        ("http://host/tictactoe/?game=" + String(repeating: "a", count: 65), .noGame),
        ("http://host/tictactoe/?game=g1#seat=" + String(repeating: "a", count: 257), .badSeat),
        ("http://host/tictactoe/?game=g1#x=" + String(repeating: "a", count: 2048), .tooLong),
    ])
    func aLinkThatIsNotAGamesIsRefused(text: String, error: GameLinkError) {
        #expect(throws: error) { try GameLink(parsing: text) }
    }

    @Test(arguments: [
        ("5", 1, 1), ("1", 0, 0), ("9", 2, 2), (" 7 ", 2, 0),
        ("b2", 1, 1), ("A1", 0, 0), ("c 3", 2, 2), ("a3", 2, 0),
        ("1 2", 1, 2), ("0,0", 0, 0), ("(2, 1)", 2, 1),
    ])
    func aTypedMoveNamesASquare(text: String, row: Int, col: Int) {
        #expect(Position(moveText: text) == Position(row: row, col: col))
    }

    @Test(arguments: ["", "0", "10", "d1", "b4", "a0", "x", "1 2 0", "3 0", "-1 0", "b2 b2", "99999999999999999999999",
                      String(repeating: "1", count: 40)])
    func anythingElseIsNotAMove(text: String) {
        #expect(Position(moveText: text) == nil)
    }
}
