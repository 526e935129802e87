import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TicTacToeKit
@testable import TesseraServer

/// A seat that survives: `GET …/seat` opens a player's seat with their token (what the page's seat
/// link and `tessera tictactoe join` do), and refuses every other token.
@Suite struct TicTacToeSeatAPITests {
    @Test func aSeatOpensWithItsOwnTokenOnlyAndLastsThroughTheSeries() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let created = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"online","players":["Ann"]}"#)
            let id = try #require(created.body["id"] as? String)
            let ann = try #require(created.body["token"] as? String)
            // Ann's seat opens while she waits for an opponent.
            let waiting = try await client.call(.get, "/api/tictactoe/games/\(id)/seat", token: ann)
            #expect(waiting.status == .ok && waiting.body["marker"] as? String == "X" && waiting.body["token"] as? String == ann)
            #expect(waiting.body["waitingForOpponent"] as? Bool == true)

            let bob = try #require(try await client.call(.post, "/api/tictactoe/games/\(id)/join", json: #"{"name":"Bob"}"#).body["token"] as? String)
            let seat = try await client.call(.get, "/api/tictactoe/games/\(id)/seat", token: bob)
            #expect(seat.status == .ok && seat.body["marker"] as? String == "O")
            #expect(seat.body["invite"] as? String == "/tictactoe/?join=\(id)")

            try await client.expectRefusal(.get, "/api/tictactoe/games/\(id)/seat", status: .forbidden, code: "forbidden")
            try await client.expectRefusal(.get, "/api/tictactoe/games/\(id)/seat", token: "0123456789abcdef", status: .forbidden, code: "forbidden")
            try await client.expectRefusal(.get, "/api/tictactoe/games/nope/seat", token: bob, status: .notFound, code: "not_found")

            // After a rematch the same seat link opens the new game.
            for (index, (row, col)) in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)].enumerated() {
                let moved = try await client.call(.post, "/api/tictactoe/games/\(id)/moves", json: #"{"row":\#(row),"col":\#(col)}"#,
                                                  token: index.isMultiple(of: 2) ? ann : bob)
                #expect(moved.status == .ok)
            }
            let next = try #require(try await client.call(.post, "/api/tictactoe/games/\(id)/rematch", token: ann).body["id"] as? String)
            #expect(try await client.call(.get, "/api/tictactoe/games/\(next)/seat", token: bob).body["marker"] as? String == "O")
        }
    }

    @Test func aLocalGameHasNoSeats() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let created = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["Ann","Bob"]}"#)
            let id = try #require(created.body["id"] as? String)
            try await client.expectRefusal(.get, "/api/tictactoe/games/\(id)/seat", token: "0123456789abcdef", status: .forbidden, code: "forbidden")
        }
    }

    /// The kit's `OnlineGame` (what Swift clients decode) reads every answer the server writes.
    @Test func theKitDecodesTheServersGame() throws {
        var match = try Match(id: "g1", mode: .online, names: ["Ann"], creatorToken: "hashA")
        try match.join(name: "Bob", token: "hashB")
        try match.play(Position(row: 1, col: 1), token: "hashA")
        let json = GameJSON(match: match).seating(token: "secret", marker: .circle, invite: "/tictactoe/?join=g1")
        let game = try JSONDecoder().decode(OnlineGame.self, from: JSONBody.encoder.encode(json))
        #expect(game.id == "g1" && game.mode == .online && game.turn == .circle && game.status == .playing)
        #expect(game.mark(at: Position(row: 1, col: 1)) == "X" && game.version == 1 && !game.waitingForOpponent)
        #expect(game.player(.circle)?.name == "Bob" && game.token == "secret" && game.marker == .circle && game.rematch == nil)
        let plain = try JSONDecoder().decode(OnlineGame.self, from: JSONBody.encoder.encode(GameJSON(match: match)))
        #expect(plain.token == nil && plain.marker == nil && plain.winner == nil)
    }
}
