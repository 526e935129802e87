import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// Python runs over HTTP: the run answer carries what the program printed (`output`), on a
/// stored level and on the designer's draft run, and Python outside the game's subset is a 422
/// naming the line and what to use instead.
@Suite struct RouterPythonRunTests {
    static let program = """
    from van import Van
    my_van = Van()

    def drive(squares):
        for i in range(squares):
            my_van.move_forwards()

    legs = [1, 1]
    for leg in legs:
        print('Leg', leg)
        drive(leg)
    print('Delivered!')
    """

    @Test func aPythonRunAnswersWithItsOutput() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let created = try await client.call(.post, "/api/router/levels", json: RouterAPITests.straightLevel, ownerKey: LevelSharingAPITests.keyA)
            let id = try #require(created.body["id"] as? String)
            let run = try await client.call(.post, "/api/router/levels/\(id)/runs",
                                            json: try RouterAPITests.body(["program": ["python": Self.program]]), ownerKey: LevelSharingAPITests.keyA)
            #expect(run.status == .ok, "\(run.body)")
            #expect(run.body["output"] as? [String] == ["Leg 1", "Leg 1", "Delivered!"])
            #expect((run.body["outcome"] as? [String: Any])?["success"] as? Bool == true)
            // Beyond blocks on a level with blocks: no algorithm score, and the score says why.
            let score = try #require(run.body["score"] as? [String: Any])
            #expect(score["algorithm"] as? Int == 0 && (score["message"] as? String)?.contains("see line 4") == true)

            // A block program answers `output: []`.
            let blocks = try await client.call(.post, "/api/router/levels/\(id)/runs",
                                               json: try RouterAPITests.body(["program": RouterDraftRunTests.twoMoves]), ownerKey: LevelSharingAPITests.keyA)
            #expect(blocks.body["output"] as? [String] == [])

            // Python outside the subset: 422 with the line and what to use instead.
            let refused = try await client.call(.post, "/api/router/levels/\(id)/runs",
                                                json: try RouterAPITests.body(["program": ["python": "d = {}\n"]]), ownerKey: LevelSharingAPITests.keyA)
            #expect(refused.status == .unprocessableContent)
            let error = try #require(refused.body["error"] as? [String: Any])
            #expect(error["code"] as? String == "python_error")
            #expect((error["message"] as? String)?.hasPrefix("Line 1: dictionaries and sets") == true)
        }
    }

    @Test func theDraftRunAndOurPythonLevelsAnswerOutputToo() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let draft = try await client.call(.post, "/api/router/runs", json: try RouterDraftRunTests.draft(["python": Self.program]))
            #expect(draft.status == .ok, "\(draft.body)")
            #expect(draft.body["output"] as? [String] == ["Leg 1", "Leg 1", "Delivered!"])
            // A Python-only level of ours: full marks without an algorithm part.
            let solution = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/RouterKit/Levels/solutions/51.json"))
            let source = try #require(try JSONDecoder().decode([String: String].self, from: solution)["python"])
            let run = try await client.call(.post, "/api/router/levels/51/runs",
                                            json: try RouterAPITests.body(["program": ["python": source + "print('done')\n"]]))
            #expect(run.status == .ok, "\(run.body)")
            let score = try #require(run.body["score"] as? [String: Any])
            #expect(score["algorithmMax"] as? Int == 0 && score["total"] as? Int == score["max"] as? Int)
            #expect(run.body["output"] as? [String] == ["done"])
        }
    }
}
