import Foundation
import Hummingbird
import HummingbirdTesting
import PentominoKit
import Testing
import TesseraTestSupport
@testable import TesseraServer

/// Puzzles that start with tiles given (Easy, Medium, Hard) and the daily puzzle.
@Suite struct PentominoDailyAPITests {
    private func givenTiles(_ puzzle: [String: Any]) -> [String] {
        ((puzzle["placements"] as? [[String: Any]]) ?? []).filter { $0["given"] as? Bool == true }.compactMap { $0["tile"] as? String }
    }

    private func waysLeft(_ client: some TestClientProtocol, _ id: String) async throws -> Int? {
        try await client.call(.get, "/api/pentomino/puzzles/\(id)/solutions").body["solutions"] as? Int
    }

    @Test(arguments: Difficulty.allCases)
    func eachDifficultyStartsWithWaysLeftInItsBand(difficulty: Difficulty) async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (status, puzzle) = try await client.call(.post, "/api/pentomino/puzzles",
                                                         json: #"{"board":"6x10","difficulty":"\#(difficulty)"}"#)
            #expect(status == .created)
            #expect(puzzle["difficulty"] as? String == difficulty.rawValue && puzzle["daily"] is NSNull)
            let given = givenTiles(puzzle)
            #expect(!given.isEmpty && given.count == (puzzle["placements"] as? [Any])?.count)
            let id = try #require(puzzle["id"] as? String)
            let ways = try #require(try await waysLeft(client, id))
            #expect(difficulty.waysLeft.contains(ways), "\(difficulty): \(ways) ways left")
        }
    }

    @Test func givenTilesCannotBeMovedOrRemoved() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let puzzle = try await client.call(.post, "/api/pentomino/puzzles", json: #"{"board":"5x12","difficulty":"hard"}"#).body
            let id = try #require(puzzle["id"] as? String)
            let tile = try #require(givenTiles(puzzle).first)
            try await client.expectRefusal(.delete, "/api/pentomino/puzzles/\(id)/placements/\(tile)", status: .conflict, code: "given_tile")
            try await client.expectRefusal(.post, "/api/pentomino/puzzles/\(id)/placements", json: #"{"tile":"\#(tile)","row":0,"col":0}"#,
                                           status: .conflict, code: "tile_already_placed")
            // A hint placed by the player comes off; a reset leaves exactly the given tiles.
            let hint = try #require(try await client.call(.get, "/api/pentomino/puzzles/\(id)/hint").body["hint"] as? [String: Any])
            let placed = try await client.call(.post, "/api/pentomino/puzzles/\(id)/placements",
                                               json: String(decoding: try JSONSerialization.data(withJSONObject: hint), as: UTF8.self))
            #expect(placed.status == .ok && givenTiles(placed.body).count + 1 == (placed.body["placements"] as? [Any])?.count)
            let reset = try await client.call(.post, "/api/pentomino/puzzles/\(id)/reset").body
            #expect(givenTiles(reset) == givenTiles(puzzle) && (reset["placements"] as? [Any])?.count == givenTiles(puzzle).count)

            try await client.expectRefusal(.post, "/api/pentomino/puzzles", json: #"{"board":"6x10","difficulty":"extreme"}"#,
                                           status: .badRequest, code: "unknown_difficulty")
            try await client.expectRefusal(.post, "/api/pentomino/puzzles", json: #"{"board":"6x10","difficulty":"hard","flips":false}"#,
                                           status: .unprocessableContent, code: "difficulty_needs_flips")
            try await client.expectRefusal(.post, "/api/pentomino/puzzles", json: #"{"board":"6x10","difficulty":null}"#,
                                           status: .badRequest, code: "bad_json")
        }
    }

    @Test func theDailyIsTheSameTwiceAndHasExactlyOneSolution() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let today = PuzzleDay(containing: Date()).description
            let first = try await client.call(.get, "/api/pentomino/daily")
            let second = try await client.call(.get, "/api/pentomino/daily")
            #expect(first.status == .ok && second.status == .ok)
            let id = try #require(first.body["id"] as? String)
            #expect(id == "daily-\(today)" && first.body["daily"] as? String == today)
            #expect(second.body["id"] as? String == id && second.body["grid"] as? [String] == first.body["grid"] as? [String])
            #expect(!givenTiles(first.body).isEmpty)
            #expect(try await waysLeft(client, id) == 1)
            // Everyone's daily stays as made; each player plays a copy.
            try await client.expectRefusal(.post, "/api/pentomino/puzzles/\(id)/placements", json: #"{"tile":"I","row":0,"col":0}"#,
                                           status: .conflict, code: "daily_read_only")
            try await client.expectRefusal(.post, "/api/pentomino/puzzles/\(id)/reset", status: .conflict, code: "daily_read_only")
            let copy = try await client.call(.post, "/api/pentomino/daily")
            #expect(copy.status == .created)
            let copyID = try #require(copy.body["id"] as? String)
            #expect(copyID != id && copy.body["daily"] as? String == today && copy.body["grid"] as? [String] == first.body["grid"] as? [String])
            #expect(try await waysLeft(client, copyID) == 1)
            let dated = try await client.call(.post, "/api/pentomino/daily", json: #"{"date":"\#(today)"}"#)
            #expect(dated.status == .created && dated.body["grid"] as? [String] == first.body["grid"] as? [String])

            try await client.expectRefusal(.post, "/api/pentomino/daily", json: #"{"date":"2000-01-01"}"#, status: .unprocessableContent, code: "invalid_date")
            try await client.expectRefusal(.post, "/api/pentomino/daily", json: #"{"date":"2026-02-30"}"#, status: .unprocessableContent, code: "invalid_date")
            #expect(try await client.call(.get, "/api/pentomino/puzzles/daily-2000-01-01").status == .notFound)
            #expect(try await client.call(.delete, "/api/pentomino/puzzles/daily-2000-01-01/placements/F").status == .notFound)
            #expect(try await client.call(.get, "/api/pentomino/puzzles/daily-nonsense").status == .notFound)
        }
    }
}
