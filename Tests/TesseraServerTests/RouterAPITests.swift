import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import TesseraServer

/// Rapid Router over HTTP: levels, runs given three ways, custom levels, import and progress.
@Suite struct RouterAPITests {
    /// A straight road (0,3)→(3,3) with the house at the end. The van starts facing (1,3), so two
    /// moves forward arrive.
    static let straightLevel = """
    {"id": "x", "name": "Straight on", "lesson": "", "hint": "", "theme": "grass", "character": "van",
     "road": [{"coordinate": [0, 3], "connections": [1]}, {"coordinate": [1, 3], "connections": [0, 2]},
              {"coordinate": [2, 3], "connections": [1, 3]}, {"coordinate": [3, 3], "connections": [2]}],
     "originHeading": "E", "destinations": [[3, 3]], "trafficLights": [], "cows": [], "maxFuel": 50,
     "toolbox": [{"block": "move_forwards"}, {"block": "controls_repeat"}],
     "scoring": {"routeMax": 10, "algorithmMax": 10, "modelSolutions": [2]},
     "blocklyEnabled": true, "pythonEnabled": true, "pythonViewEnabled": true, "decor": []}
    """

    static func body(_ value: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
    }

    @Test func episodesListOurLevelsAndLevelOneCanBeFetched() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let answer = try await client.call(.get, "/api/router/episodes", ownerKey: LevelSharingAPITests.keyA)
            let episodes = try #require(answer.body["episodes"] as? [[String: Any]])
            #expect(episodes.count >= 9)
            let levels = episodes.flatMap { $0["levels"] as? [[String: Any]] ?? [] }
            #expect(levels.count >= 50)
            let first = try await client.call(.get, "/api/router/levels/1", ownerKey: LevelSharingAPITests.keyA)
            #expect(first.status == .ok && first.body["source"] as? String == "tessera" && first.body["road"] is [Any])
            #expect(try await client.call(.get, "/api/router/levels/nope").status == .notFound)
        }
    }

    @Test func aCustomLevelRunsTheSameProgramGivenAsBlocksXMLOrPython() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let created = try await client.call(.post, "/api/router/levels", json: Self.straightLevel, ownerKey: LevelSharingAPITests.keyA)
            #expect(created.status == .created)
            let id = try #require(created.body["id"] as? String)
            let blocks: [String: Any] = ["program": ["blocks": [["type": "controls_repeat", "times": 2,
                                                                  "do": [["type": "move_forwards"]]]]],
                                         "player": "player-0001", "seconds": 12]
            let xml = #"<xml><block type="start"><next><block type="controls_repeat"><field name="TIMES">2</field><statement name="DO"><block type="move_forwards"></block></statement></block></next></block></xml>"#
            let python = "from van import Van\nmy_van = Van()\nfor i in range(2):\n    my_van.move_forwards()\n"
            var answers: [[String: Any]] = []
            for program in [blocks, ["program": ["blocklyXml": xml]], ["program": ["python": python]]] {
                let run = try await client.call(.post, "/api/router/levels/\(id)/runs", json: try Self.body(program), ownerKey: LevelSharingAPITests.keyA)
                #expect(run.status == .ok, "\(run.body)")
                answers.append(run.body)
            }
            for answer in answers {
                let outcome = try #require(answer["outcome"] as? [String: Any])
                #expect(outcome["success"] as? Bool == true)
                let score = try #require(answer["score"] as? [String: Any])
                #expect(score["total"] as? Int == score["max"] as? Int)
                #expect((answer["events"] as? [Any])?.count == (answers[0]["events"] as? [Any])?.count)
            }
            // 0 and 1 are numbers, not booleans; `true` is refused.
            for (seconds, status) in [("0", HTTPResponse.Status.ok), ("1", .ok), ("true", .badRequest)] {
                let json = #"{"program": {"python": "from van import Van\nv = Van()\n"}, "seconds": \#(seconds)}"#
                #expect(try await client.call(.post, "/api/router/levels/\(id)/runs", json: json, ownerKey: LevelSharingAPITests.keyA).status == status, "\(seconds)")
            }
            let progress = try await client.call(.get, "/api/router/players/player-0001/progress").body
            let levels = try #require(progress["levels"] as? [String: Any])
            let result = try #require(levels[id] as? [String: Any])
            #expect(result["attempts"] as? Int == 1 && result["solved"] as? Bool == true && result["seconds"] as? Double == 12)
        }
    }

    @Test func badProgramsAndLevelsAreRefusedWithTheirReason() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let python = try await client.call(.post, "/api/router/levels/1/runs",
                                               json: try Self.body(["program": ["python": "my_van.fly()"]]))
            #expect(python.status == .unprocessableContent && errorCode(python.body) == "python_error")
            let none = try await client.call(.post, "/api/router/levels/1/runs", json: #"{"program": {}}"#)
            #expect(none.status == .badRequest && errorCode(none.body) == "bad_json")
            var broken = Self.straightLevel
            broken = broken.replacingOccurrences(of: #""connections": [0, 2]"#, with: #""connections": [0, 7]"#)
            let level = try await client.call(.post, "/api/router/levels", json: broken, ownerKey: LevelSharingAPITests.keyA)
            #expect(level.status == .unprocessableContent)
            let player = try await client.call(.get, "/api/router/players/x/progress")
            #expect(player.status == .badRequest && errorCode(player.body) == "invalid_player")
        }
    }

    @Test func aFixtureImportsItsGoodLevelsAndReportsTheBrokenOne() async throws {
        let fixture = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/router-fixture.json"), encoding: .utf8)
        try await buildApplication(testConfiguration()).test(.router) { client in
            let answer = try await client.call(.post, "/api/router/levels/import", json: fixture, ownerKey: LevelSharingAPITests.keyA)
            #expect(answer.status == .created)
            let imported = try #require(answer.body["imported"] as? [[String: Any]])
            #expect(imported.map { $0["sourcePk"] as? Int } == [3, 20])
            let problems = try #require(answer.body["problems"] as? [[String: Any]])
            #expect(problems.count == 1 && problems.first?["level"] as? String == "Broken road")
            let episodes = try await client.call(.get, "/api/router/episodes", ownerKey: LevelSharingAPITests.keyA).body
            #expect((episodes["custom"] as? [Any])?.count == 2)
            let id = try #require(imported.first?["id"] as? String)
            let level = try await client.call(.get, "/api/router/levels/\(id)", ownerKey: LevelSharingAPITests.keyA)
            #expect(level.body["source"] as? String == "imported" && level.body["sourcePk"] as? Int == 3)
        }
    }

    @Test func aLevelExportsAsAnEditorSaveThatImportsBackToTheSameRoad() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let created = try await client.call(.post, "/api/router/levels", json: Self.straightLevel, ownerKey: LevelSharingAPITests.keyA)
            let id = try #require(created.body["id"] as? String)
            let export = try await client.execute(uri: "/api/router/levels/\(id)/export", method: .get,
                                                  headers: [LevelCaller.ownerKeyHeader: LevelSharingAPITests.keyA])
            #expect(export.status == .ok)
            #expect(export.headers[.contentDisposition]?.hasPrefix("attachment") == true)
            let save = String(buffer: export.body)
            #expect(save.contains("\"traffic_lights\"") && save.contains("\"theme_name\""), "the original's field names")
            let imported = try await client.call(.post, "/api/router/levels/import", json: save, ownerKey: LevelSharingAPITests.keyA)
            #expect(imported.status == .created)
            let levels = try #require(imported.body["imported"] as? [[String: Any]])
            let copyID = try #require(levels.first?["id"] as? String)
            let copy = try await client.call(.get, "/api/router/levels/\(copyID)", ownerKey: LevelSharingAPITests.keyA)
            let original = try await client.call(.get, "/api/router/levels/\(id)", ownerKey: LevelSharingAPITests.keyA)
            #expect((copy.body["road"] as? NSArray) == (original.body["road"] as? NSArray))
            #expect(copy.body["name"] as? String == "Straight on" && copy.body["source"] as? String == "imported")
            #expect(try await client.call(.get, "/api/router/levels/nope/export").status == .notFound)
        }
    }

    @Test func thePythonViewSaysWhatTheBlocksDo() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let program: [String: Any] = ["program": ["blocks": [["type": "controls_repeat", "times": 2,
                                                                   "do": [["type": "move_forwards"]]]]]]
            let view = try await client.call(.post, "/api/router/programs/python", json: try Self.body(program))
            #expect(view.status == .ok)
            let python = try #require(view.body["python"] as? String)
            #expect(python.contains("range(2)") && python.contains("my_van.move_forwards()"), "\(python)")
            #expect(view.body["blocks"] as? Int == 2, "repeat and move (start is not counted)")
            let broken = try await client.call(.post, "/api/router/programs/python", json: #"{"program": {"blocks": [{"type": "fly"}]}}"#)
            #expect(broken.status == .unprocessableContent || broken.status == .badRequest)
        }
    }

    @Test func anImportMayBeLargerThanOtherBodiesUpTo8MiB() async throws {
        let fixture = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/router-fixture.json"), encoding: .utf8)
        try await buildApplication(testConfiguration()).test(.live) { client in
            for (padding, expected) in [(3 << 20, HTTPResponse.Status.created), (9 << 20, .contentTooLarge)] {
                let body = ByteBuffer(string: fixture + String(repeating: " ", count: padding))
                let answer = try await client.execute(
                    uri: "/api/router/levels/import", method: .post,
                    headers: [.contentType: "application/json", .contentLength: String(body.readableBytes),
                              LevelCaller.ownerKeyHeader: LevelSharingAPITests.keyA], body: body)
                #expect(answer.status == expected, "\(padding) bytes of padding")
            }
        }
    }
}
