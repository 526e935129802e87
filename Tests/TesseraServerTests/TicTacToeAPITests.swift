import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TesseraTestSupport
@testable import TesseraServer

@Suite struct TicTacToeAPITests {
    let local = #"{"mode":"local","players":["Ann","Bob"]}"#

    @Test func createLocalGameShowsBoardTurnAndPlayers() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (status, game) = try await client.call(.post, "/api/tictactoe/games", json: local)
            #expect(status == .created)
            #expect(game["turn"] as? String == "X")
            #expect(game["status"] as? String == "playing")
            #expect(game.keys.contains("winner") && game["winner"] is NSNull)
            #expect(game["board"] as? [[String]] == Array(repeating: ["", "", ""], count: 3))
            let players = game["players"] as? [[String: String]]
            #expect(players == [["name": "Ann", "marker": "X"], ["name": "Bob", "marker": "O"]])
            let id = try #require(game["id"] as? String)
            let fetched = try await client.call(.get, "/api/tictactoe/games/\(id)")
            #expect(fetched.status == .ok)
            #expect(fetched.body["id"] as? String == id)
        }
    }

    @Test func blankOrMissingNamesAreRefused() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            try await client.expectRefusal(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["Ann","  "]}"#, status: .badRequest, code: "invalid_name")
            let long = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["\#(String(repeating: "x", count: 41))","B"]}"#)
            #expect(errorCode(long.body) == "invalid_name")
        }
    }

    @Test func everyMoveErrorHasItsCode() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let id = try #require(try await client.call(.post, "/api/tictactoe/games", json: local).body["id"] as? String)
            let moves = "/api/tictactoe/games/\(id)/moves"
            try await client.expectRefusal(.post, moves, json: #"{"row":3,"col":0}"#, status: .badRequest, code: "invalid_position")
            #expect(try await client.call(.post, moves, json: #"{"row":0,"col":0}"#).status == .ok)
            try await client.expectRefusal(.post, moves, json: #"{"row":0,"col":0}"#, status: .conflict, code: "cell_occupied")
            // X: (0,0) (0,1) (0,2) wins against O: (1,0) (1,1).
            for (row, col) in [(1, 0), (0, 1), (1, 1), (0, 2)] {
                #expect(try await client.call(.post, moves, json: #"{"row":\#(row),"col":\#(col)}"#).status == .ok)
            }
            let after = try await client.call(.get, "/api/tictactoe/games/\(id)").body
            #expect(after["winner"] as? String == "X")
            #expect(after["status"] as? String == "won")
            #expect(after["turn"] is NSNull)
            try await client.expectRefusal(.post, moves, json: #"{"row":2,"col":2}"#, status: .conflict, code: "game_over")
            try await client.expectRefusal(.post, "/api/tictactoe/games/nope/moves", json: #"{"row":0,"col":0}"#, status: .notFound, code: "not_found")
            #expect(try await client.call(.get, "/api/tictactoe/games/nope").status == .notFound)
        }
    }

    @Test func computerRepliesInTheSameAnswer() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let created = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"ai","players":["Ann"],"difficulty":"perfect"}"#)
            #expect(created.body["difficulty"] as? String == "perfect")
            let id = try #require(created.body["id"] as? String)
            let answer = try await client.call(.post, "/api/tictactoe/games/\(id)/moves", json: #"{"row":1,"col":1}"#)
            #expect((answer.body["moves"] as? [Any])?.count == 2)
            #expect(answer.body["turn"] as? String == "X")
        }
    }

    @Test func onlineMovesNeedTheMoversToken() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let created = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"online","players":["Ann"]}"#)
            let id = try #require(created.body["id"] as? String)
            let ann = try #require(created.body["token"] as? String)
            #expect(created.body["invite"] as? String == "/tictactoe/?join=\(id)")
            #expect(created.body["waitingForOpponent"] as? Bool == true)
            let moves = "/api/tictactoe/games/\(id)/moves"
            let early = try await client.call(.post, moves, json: #"{"row":0,"col":0}"#, token: ann)
            #expect(errorCode(early.body) == "waiting_for_opponent")

            let joined = try await client.call(.post, "/api/tictactoe/games/\(id)/join", json: #"{"name":"Bob"}"#)
            #expect(joined.status == .ok)
            let bob = try #require(joined.body["token"] as? String)
            #expect(joined.body["marker"] as? String == "O")
            #expect(bob != ann)
            let full = try await client.call(.post, "/api/tictactoe/games/\(id)/join", json: #"{"name":"Eve"}"#)
            #expect(errorCode(full.body) == "game_full")

            let missing = try await client.call(.post, moves, json: #"{"row":0,"col":0}"#)
            #expect(missing.status == .forbidden)
            try await client.expectRefusal(.post, moves, json: #"{"row":0,"col":0}"#, token: "0123456789abcdef", status: .forbidden, code: "forbidden")
            let notTheirTurn = try await client.call(.post, moves, json: #"{"row":0,"col":0}"#, token: bob)
            #expect(notTheirTurn.status == .forbidden)
            #expect(try await client.call(.post, moves, json: #"{"row":0,"col":0}"#, token: ann).status == .ok)
            #expect(try await client.call(.post, moves, json: #"{"row":1,"col":1}"#, token: bob).status == .ok)
        }
    }

    @Test func joiningALocalGameIsRefused() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let id = try #require(try await client.call(.post, "/api/tictactoe/games", json: local).body["id"] as? String)
            try await client.expectRefusal(.post, "/api/tictactoe/games/\(id)/join", json: #"{"name":"Eve"}"#, status: .conflict, code: "not_online")
        }
    }

    @Test func gamesSurviveARestart() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await buildApplication(testConfiguration(dataDirectory: directory))
        let id: String = try await first.test(.router) { client in
            let id = try #require(try await client.call(.post, "/api/tictactoe/games", json: local).body["id"] as? String)
            try await client.call(.post, "/api/tictactoe/games/\(id)/moves", json: #"{"row":2,"col":1}"#)
            return id
        }
        let second = try await buildApplication(testConfiguration(dataDirectory: directory))
        try await second.test(.router) { client in
            let game = try await client.call(.get, "/api/tictactoe/games/\(id)").body
            #expect((game["board"] as? [[String]])?[2] == ["", "X", ""])
            #expect(game["turn"] as? String == "O")
        }
        #expect(FileManager.default.fileExists(atPath: directory + "/tessera.sqlite"))
    }
}
