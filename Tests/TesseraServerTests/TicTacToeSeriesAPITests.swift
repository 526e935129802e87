import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TesseraTestSupport
@testable import TesseraServer

/// Rematch and score, undo, playing O against the computer, and the coach, over HTTP.
@Suite struct TicTacToeSeriesAPITests {
    private func play(_ client: some TestClientProtocol, _ id: String, _ squares: [(Int, Int)], tokens: [String?] = []) async throws {
        for (index, (row, col)) in squares.enumerated() {
            let token = tokens.isEmpty ? nil : tokens[index % tokens.count]
            let answer = try await client.call(.post, "/api/tictactoe/games/\(id)/moves", json: #"{"row":\#(row),"col":\#(col)}"#, token: token)
            #expect(answer.status == .ok, "move \(index) at (\(row), \(col)): \(answer.body)")
        }
    }

    @Test func aLocalRematchCarriesTheScoreAndTheOtherMarkStarts() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let created = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["Ann","Bob"]}"#)
            let id = try #require(created.body["id"] as? String)
            let fresh = try #require(created.body["series"] as? [String: Any])
            #expect(fresh["games"] as? Int == 0 && fresh["draws"] as? Int == 0)
            #expect(fresh["wins"] as? [String: Int] == ["X": 0, "O": 0])
            #expect(created.body["rematch"] is NSNull)
            try await client.expectRefusal(.post, "/api/tictactoe/games/\(id)/rematch", status: .conflict, code: "game_not_finished")
            try await play(client, id, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])  // X wins

            let next = try await client.call(.post, "/api/tictactoe/games/\(id)/rematch")
            #expect(next.status == .created)
            let nextID = try #require(next.body["id"] as? String)
            #expect(nextID != id)
            #expect(next.body["first"] as? String == "O")
            #expect(next.body["turn"] as? String == "O")
            let series = try #require(next.body["series"] as? [String: Any])
            #expect(series["games"] as? Int == 1)
            #expect((series["wins"] as? [String: Int]) == ["X": 1, "O": 0])
            #expect(try await client.call(.get, "/api/tictactoe/games/\(id)").body["rematch"] as? String == nextID)
            // Asking again finds the same game.
            let again = try await client.call(.post, "/api/tictactoe/games/\(id)/rematch")
            #expect(again.status == .ok && again.body["id"] as? String == nextID)
            // The old game no longer changes.
            try await client.expectRefusal(.post, "/api/tictactoe/games/\(id)/undo", status: .conflict, code: "rematch_started")
        }
    }

    @Test func anOnlineRematchKeepsBothPlayersTokens() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let created = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"online","players":["Ann"]}"#)
            let id = try #require(created.body["id"] as? String)
            let ann = try #require(created.body["token"] as? String)
            let bob = try #require(try await client.call(.post, "/api/tictactoe/games/\(id)/join", json: #"{"name":"Bob"}"#).body["token"] as? String)
            try await play(client, id, [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], tokens: [ann, bob])

            try await client.expectRefusal(.post, "/api/tictactoe/games/\(id)/rematch", status: .forbidden, code: "forbidden")
            try await client.expectRefusal(.post, "/api/tictactoe/games/\(id)/rematch", token: "0123456789abcdef", status: .forbidden, code: "forbidden")
            let next = try await client.call(.post, "/api/tictactoe/games/\(id)/rematch", token: bob)
            #expect(next.status == .created)
            let nextID = try #require(next.body["id"] as? String)
            #expect(next.body["token"] == nil)  // tokens are not handed out again: each player keeps theirs
            #expect(next.body["waitingForOpponent"] as? Bool == false)
            #expect((next.body["players"] as? [[String: String]])?.map { $0["name"] } == ["Ann", "Bob"])
            // Bob (O) moves first with his old token; Ann's does not move for him.
            try await client.expectRefusal(.post, "/api/tictactoe/games/\(nextID)/moves", json: #"{"row":1,"col":1}"#, token: ann, status: .forbidden, code: "forbidden")
            try await play(client, nextID, [(1, 1), (0, 0)], tokens: [bob, ann])
            // Ann's page asks too and is sent to the same game.
            let annAsks = try await client.call(.post, "/api/tictactoe/games/\(id)/rematch", token: ann)
            #expect(annAsks.status == .ok && annAsks.body["id"] as? String == nextID)
            try await client.expectRefusal(.post, "/api/tictactoe/games/\(nextID)/undo", status: .conflict, code: "undo_online")
            try await client.expectRefusal(.get, "/api/tictactoe/games/\(nextID)/analysis", status: .conflict, code: "coach_online")
        }
    }

    @Test func playingOAgainstTheComputerAndUndoing() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let created = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"ai","players":["Ann"],"marker":"O"}"#)
            #expect(created.status == .created)
            #expect(created.body["difficulty"] as? String == "medium")
            #expect(created.body["computer"] as? String == "X")
            #expect((created.body["moves"] as? [Any])?.count == 1)
            #expect(created.body["turn"] as? String == "O")
            let id = try #require(created.body["id"] as? String)
            try await client.expectRefusal(.post, "/api/tictactoe/games/\(id)/undo", status: .conflict, code: "nothing_to_undo")
            let board = try #require(created.body["board"] as? [[String]])
            let free = try #require((0..<9).first { board[$0 / 3][$0 % 3] == "" })
            try await play(client, id, [(free / 3, free % 3)])
            let before = try await client.call(.get, "/api/tictactoe/games/\(id)").body
            let undone = try await client.call(.post, "/api/tictactoe/games/\(id)/undo")
            #expect(undone.status == .ok)
            #expect((undone.body["moves"] as? [Any])?.count == 1)
            #expect(try #require(undone.body["version"] as? Int) > (try #require(before["version"] as? Int)))
            try await client.expectRefusal(.post, "/api/tictactoe/games/nope/undo", status: .notFound, code: "not_found")
        }
    }

    @Test func theCoachMarksEveryEmptySquareAndReviewsTheGame() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let id = try #require(try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["Ann","Bob"]}"#).body["id"] as? String)
            let empty = try await client.call(.get, "/api/tictactoe/games/\(id)/analysis")
            #expect(empty.status == .ok)
            let squares = try #require(empty.body["squares"] as? [[String: Any]])
            #expect(squares.count == 9)
            #expect(squares.allSatisfy { $0["result"] as? String == "draw" && $0["moves"] as? Int == 9 })
            #expect(empty.body["review"] is NSNull)
            // X corner, O edge: X can now force a win.
            try await play(client, id, [(0, 0), (0, 1)])
            let after = try #require(try await client.call(.get, "/api/tictactoe/games/\(id)/analysis").body["squares"] as? [[String: Any]])
            #expect(after.count == 7)
            #expect(after.contains { $0["result"] as? String == "win" })
            #expect(after.allSatisfy { Set(["row", "col", "result", "moves"]) == Set($0.keys) })
            // Finish it: X wins down the left column.
            try await play(client, id, [(1, 0), (1, 1), (2, 0)])
            let review = try await client.call(.get, "/api/tictactoe/games/\(id)/analysis").body
            #expect((review["squares"] as? [Any])?.isEmpty == true)
            let said = try #require(review["review"] as? [String: Any])
            #expect(said["move"] as? Int == 2 && said["marker"] as? String == "O" && said["had"] as? String == "draw")
            try await client.expectRefusal(.get, "/api/tictactoe/games/nope/analysis", status: .notFound, code: "not_found")
        }
    }
}
