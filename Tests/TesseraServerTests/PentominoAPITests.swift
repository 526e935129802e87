import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TesseraTestSupport
@testable import TesseraServer

@Suite struct PentominoAPITests {
    private func newPuzzle(_ client: some TestClientProtocol, board: String = "3x20", flips: Bool = true) async throws -> String {
        let (status, puzzle) = try await client.call(.post, "/api/pentomino/puzzles", json: #"{"board":"\#(board)","flips":\#(flips)}"#)
        #expect(status == .created)
        return try #require(puzzle["id"] as? String)
    }

    @Test func catalogListsTwelveTilesWithEightOrientationsAndTenBoards() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let tiles = try #require(try await client.call(.get, "/api/pentomino/tiles").body["tiles"] as? [[String: Any]])
            #expect(tiles.compactMap { $0["letter"] as? String } == ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"])
            #expect(tiles.allSatisfy { ($0["orientations"] as? [Any])?.count == 8 })
            #expect(tiles.first { $0["letter"] as? String == "X" }?["distinct"] as? Int == 1)
            let boards = try #require(try await client.call(.get, "/api/pentomino/boards").body["boards"] as? [[String: Any]])
            #expect(boards.compactMap { $0["id"] as? String }.sorted() == ["3x20", "4x15", "5x12", "6x10", "8x8", "8x8-corner",
                                                                       "8x8-corners", "8x8-four", "8x8-offcentre", "8x8-side"])
            #expect(boards.allSatisfy { board in
                ((board["rows"] as? Int) ?? 0) * ((board["cols"] as? Int) ?? 0) - ((board["holes"] as? [Any])?.count ?? 99) == 60
            }, "every board leaves 60 cells for the twelve tiles")
        }
    }

    @Test func placeRemoveAndEveryError() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let id = try await newPuzzle(client)
            let placements = "/api/pentomino/puzzles/\(id)/placements"
            // I lying flat: quarter turn puts its cells in row 2 of its 5×5 grid, cols 0…4.
            let placed = try await client.call(.post, placements, json: #"{"tile":"I","quarterTurns":1,"row":-2,"col":0}"#)
            #expect(placed.status == .ok)
            #expect((placed.body["grid"] as? [String])?[0] == "IIIII...............")
            try await client.expectRefusal(.post, placements, json: #"{"tile":"I","quarterTurns":1,"row":-1,"col":0}"#, status: .conflict, code: "tile_already_placed")
            let overlap = try await client.call(.post, placements, json: #"{"tile":"F","row":-1,"col":-1}"#)
            #expect(errorCode(overlap.body) == "overlaps")
            try await client.expectRefusal(.post, placements, json: #"{"tile":"F","row":5,"col":5}"#, status: .conflict, code: "off_board")
            try await client.expectRefusal(.post, placements, json: #"{"tile":"K","row":0,"col":0}"#, status: .badRequest, code: "unknown_tile")
            let notPlaced = try await client.call(.delete, "/api/pentomino/puzzles/\(id)/placements/F")
            #expect(errorCode(notPlaced.body) == "not_placed")
            let removed = try await client.call(.delete, "/api/pentomino/puzzles/\(id)/placements/I")
            #expect(removed.status == .ok)
            #expect((removed.body["placements"] as? [Any])?.isEmpty == true)
            try await client.expectRefusal(.post, "/api/pentomino/puzzles", json: #"{"board":"7x7"}"#, status: .badRequest, code: "unknown_board")
            #expect(try await client.call(.get, "/api/pentomino/puzzles/nope").status == .notFound)
        }
    }

    @Test func noFlipPuzzleRefusesTurningATileOver() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let id = try await newPuzzle(client, board: "6x10", flips: false)
            let flippedF = try await client.call(.post, "/api/pentomino/puzzles/\(id)/placements", json: #"{"tile":"F","flipped":true,"row":-1,"col":-1}"#)
            #expect(errorCode(flippedF.body) == "flip_not_allowed")
            // X looks the same turned over, so that is no flip at all.
            let flippedX = try await client.call(.post, "/api/pentomino/puzzles/\(id)/placements", json: #"{"tile":"X","flipped":true,"row":-1,"col":-1}"#)
            #expect(flippedX.status == .ok)
        }
    }

    @Test func followingHintsSolvesThePuzzleAndStopsTheClock() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let id = try await newPuzzle(client)
            for _ in 0..<12 {
                let hint = try #require(try await client.call(.get, "/api/pentomino/puzzles/\(id)/hint").body["hint"] as? [String: Any])
                let body = try JSONSerialization.data(withJSONObject: hint)
                let placed = try await client.call(.post, "/api/pentomino/puzzles/\(id)/placements", json: String(decoding: body, as: UTF8.self))
                #expect(placed.status == .ok)
            }
            let puzzle = try await client.call(.get, "/api/pentomino/puzzles/\(id)").body
            #expect(puzzle["solved"] as? Bool == true)
            #expect(puzzle["solvedAt"] is String)
            let after = try await client.call(.get, "/api/pentomino/puzzles/\(id)/hint").body
            #expect(after["hint"] is NSNull)
        }
    }

    @Test func deadEndHasNoHintAndNoSolutions() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let id = try await newPuzzle(client)
            // X in the middle of a 3-row board leaves the corner cells unfillable.
            #expect(try await client.call(.post, "/api/pentomino/puzzles/\(id)/placements", json: #"{"tile":"X","row":-1,"col":-1}"#).status == .ok)
            let hint = try await client.call(.get, "/api/pentomino/puzzles/\(id)/hint").body
            #expect(hint["solvable"] as? Bool == false)
            #expect(hint["hint"] is NSNull)
            let count = try await client.call(.get, "/api/pentomino/puzzles/\(id)/solutions").body
            #expect(count["solutions"] as? Int == 0)
            let stuck = try await client.call(.get, "/api/pentomino/puzzles/\(id)/stuck").body
            #expect(stuck["solvable"] as? Bool == false && stuck["boardSolvable"] as? Bool == true)
            #expect(stuck["remove"] as? [String] == ["X"], "the X in the way is named")
            #expect(try await client.call(.get, "/api/pentomino/puzzles/nope/stuck").status == .notFound)
        }
    }

    @Test func progressSurvivesARestart() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = try await buildApplication(testConfiguration(dataDirectory: directory))
        let id: String = try await first.test(.router) { client in
            let id = try await newPuzzle(client)
            try await client.call(.post, "/api/pentomino/puzzles/\(id)/placements", json: #"{"tile":"I","quarterTurns":1,"row":-2,"col":0}"#)
            return id
        }
        let second = try await buildApplication(testConfiguration(dataDirectory: directory))
        try await second.test(.router) { client in
            let puzzle = try await client.call(.get, "/api/pentomino/puzzles/\(id)").body
            #expect((puzzle["grid"] as? [String])?[0] == "IIIII...............")
        }
    }
}
