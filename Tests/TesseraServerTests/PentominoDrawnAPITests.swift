import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TesseraTestSupport
@testable import TesseraServer

/// Boards people draw: counted before playing, then played like any board.
@Suite struct PentominoDrawnAPITests {
    /// An L three cells wide, eleven tall and twelve across: 15 solutions (an independent exact-cover
    /// count), none of them a turned or mirrored copy of another (no symmetry keeps the L).
    static let lShape = Array(repeating: "...#########", count: 8) + Array(repeating: "............", count: 3)

    private static func json(_ rows: [String], flips: Bool? = nil) -> String {
        let list = rows.map { "\"\($0)\"" }.joined(separator: ",")
        return "{\"rows\":[\(list)]" + (flips.map { ",\"flips\":\($0)" } ?? "") + "}"
    }

    @Test func countsADrawnBoardThenPlaysIt() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            // Drawn off the frame's corner: the board is the drawing trimmed.
            let framed = ["#############"] + Self.lShape.map { "#" + $0 } + ["#############"]
            let (status, count) = try await client.call(.post, "/api/pentomino/boards/count", json: Self.json(framed))
            #expect(status == .ok)
            #expect(count["solutions"] as? Int == 15)
            #expect(count["distinct"] as? Int == 15)
            #expect(count["complete"] as? Bool == true)
            let board = try #require(count["board"] as? String)
            #expect(board == "drawn:" + Self.lShape.joined(separator: "/"))

            let (created, puzzle) = try await client.call(.post, "/api/pentomino/puzzles", json: #"{"board":"\#(board)"}"#)
            #expect(created == .created)
            #expect(puzzle["board"] as? String == board)
            #expect(puzzle["rows"] as? Int == 11 && puzzle["cols"] as? Int == 12)
            #expect((puzzle["holes"] as? [Any])?.count == 72)
            #expect(puzzle["grid"] as? [String] == Self.lShape)
            let id = try #require(puzzle["id"] as? String)
            // Stored and read back on the same board; the solver's answers work on it.
            #expect(try await client.call(.get, "/api/pentomino/puzzles/\(id)").body["board"] as? String == board)
            let ways = try await client.call(.get, "/api/pentomino/puzzles/\(id)/solutions").body
            #expect(ways["solutions"] as? Int == 15)
            let hint = try await client.call(.get, "/api/pentomino/puzzles/\(id)/hint").body
            #expect(hint["solvable"] as? Bool == true)
            // A hole of the drawing refuses a tile like the 8×8 board's hole.
            try await client.expectRefusal(.post, "/api/pentomino/puzzles/\(id)/placements",
                                           json: #"{"tile":"I","row":0,"col":1}"#, status: .conflict, code: "covers_hole")
        }
    }

    @Test func aDrawnRectangleIsTheNamedBoardAndCountsAsIt() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let rows = Array(repeating: String(repeating: ".", count: 12), count: 5)
            let count = try await client.call(.post, "/api/pentomino/boards/count", json: Self.json(rows)).body
            #expect(count["board"] as? String == "5x12")
            #expect(count["solutions"] as? Int == 4040 && count["distinct"] as? Int == 1010)
        }
    }

    @Test func aBoardWithNoSolutionCountsNone() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            // Twelve strips of five apart: only I fits in one.
            let strips = [".....#....."] + Array(repeating: ["###########", ".....#....."], count: 5).flatMap { $0 }
            let count = try await client.call(.post, "/api/pentomino/boards/count", json: Self.json(strips)).body
            #expect(count["solutions"] as? Int == 0 && count["distinct"] as? Int == 0)
            #expect(count["complete"] as? Bool == true)
        }
    }

    @Test func badDrawingsAreRefusedWithAClearCode() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let count = "/api/pentomino/boards/count"
            var fiftyNine = Array(repeating: String(repeating: ".", count: 10), count: 6)
            fiftyNine[0] = "#" + String(repeating: ".", count: 9)
            try await client.expectRefusal(.post, count, json: Self.json(fiftyNine), status: .unprocessableContent, code: "drawn_board_cells")
            let refused = try await client.call(.post, count, json: Self.json(fiftyNine))
            #expect((refused.body["error"] as? [String: Any])?["message"] as? String == "A drawn board needs exactly 60 cells, not 59.")
            try await client.expectRefusal(.post, count, json: Self.json(["..x.."]), status: .badRequest, code: "drawn_board_character")
            try await client.expectRefusal(.post, count, json: Self.json([]), status: .unprocessableContent, code: "drawn_board_frame")
            try await client.expectRefusal(.post, count, json: Self.json(Array(repeating: "...", count: 21)), status: .unprocessableContent, code: "drawn_board_frame")
            try await client.expectRefusal(.post, count, json: Self.json([String(repeating: ".", count: 21)]), status: .unprocessableContent, code: "drawn_board_frame")
            try await client.expectRefusal(.post, "/api/pentomino/puzzles", json: #"{"board":"drawn:#####/....."}"#,
                                           status: .unprocessableContent, code: "drawn_board_cells")
            try await client.expectRefusal(.post, "/api/pentomino/puzzles", json: #"{"board":"drawn"}"#,
                                           status: .badRequest, code: "unknown_board")
        }
    }
}
