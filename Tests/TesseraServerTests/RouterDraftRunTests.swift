import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// `POST /api/router/runs` and `POST /api/router/exports`: the designer's Test drive and Export take
/// the level in the body and store nothing (no custom level, no progress), with the same checks as
/// the stored-level routes.
@Suite struct RouterDraftRunTests {
    static func draft(_ program: Any, level: String = RouterAPITests.straightLevel) throws -> String {
        #"{"level": \#(level), "program": \#(String(decoding: try JSONSerialization.data(withJSONObject: program), as: UTF8.self))}"#
    }

    static var twoMoves: [String: Any] { ["blocks": [["type": "controls_repeat", "times": 2, "do": [["type": "move_forwards"]]]]] }

    @Test func aDraftRunAnswersLikeARunAndStoresNoLevel() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let before = try await client.call(.get, "/api/router/episodes", ownerKey: LevelSharingAPITests.keyA).body["custom"] as? [Any]
            #expect(before?.count == 0)
            for _ in 0..<3 {
                let run = try await client.call(.post, "/api/router/runs", json: try Self.draft(Self.twoMoves))
                #expect(run.status == .ok, "\(run.body)")
                let outcome = try #require(run.body["outcome"] as? [String: Any])
                #expect(outcome["success"] as? Bool == true)
                let score = try #require(run.body["score"] as? [String: Any])
                #expect(score["total"] as? Int == 20 && score["max"] as? Int == 20)
                #expect((run.body["events"] as? [Any])?.isEmpty == false && run.body["blockCount"] as? Int == 2)
            }
            // Python runs too; a failing program is a failed run, as on a stored level.
            let python = try await client.call(.post, "/api/router/runs", json: try Self.draft(["python": "from van import Van\nv = Van()\nv.move_forwards()\n"]))
            #expect(python.status == .ok && (python.body["outcome"] as? [String: Any])?["success"] as? Bool == false)
            let after = try await client.call(.get, "/api/router/episodes", ownerKey: LevelSharingAPITests.keyA).body["custom"] as? [Any]
            #expect(after?.count == 0)
            // The same level stored by Save is one level, and it answers the same run the same way.
            let saved = try await client.call(.post, "/api/router/levels", json: RouterAPITests.straightLevel, ownerKey: LevelSharingAPITests.keyA)
            let id = try #require(saved.body["id"] as? String)
            let stored = try await client.call(.post, "/api/router/levels/\(id)/runs", json: try RouterAPITests.body(["program": Self.twoMoves]), ownerKey: LevelSharingAPITests.keyA)
            #expect((stored.body["score"] as? [String: Any])?["total"] as? Int == 20)
            #expect((try await client.call(.get, "/api/router/episodes", ownerKey: LevelSharingAPITests.keyA).body["custom"] as? [Any])?.count == 1)
        }
    }

    @Test func badDraftsAndProgramsAreRefusedWithTheirReason() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let program = #"{"blocks": [{"type": "move_forwards"}]}"#
            let unjoined = RouterAPITests.straightLevel.replacingOccurrences(of: #""connections": [0, 2]"#, with: #""connections": [2]"#)
            let cases: [(String, HTTPResponse.Status, String)] = [
                (#"{"program": \#(program)}"#, .badRequest, "bad_json"),                                       // no level
                (#"{"level": \#(RouterAPITests.straightLevel)}"#, .badRequest, "bad_json"),                 // no program
                (#"{"level": 5, "program": \#(program)}"#, .badRequest, "bad_json"),
                (#"{"level": {"name": "x"}, "program": \#(program)}"#, .badRequest, "bad_json"),             // fields missing
                (#"{"level": \#(unjoined), "program": \#(program)}"#, .unprocessableContent, "one_way_connection"),
                (#"{"level": \#(RouterAPITests.straightLevel), "program": {"python": "my_van.fly()"}}"#, .unprocessableContent, "python_error"),
                (#"{"level": \#(RouterAPITests.straightLevel), "program": {"blocks": [{"type": "turn_left"}]}}"#, .unprocessableContent, "block_not_in_toolbox"),
                (#"{"level": \#(RouterAPITests.straightLevel), "program": \#(program), "player": "player-0001"}"#, .badRequest, "bad_json"),
                (#"{"level": \#(RouterAPITests.straightLevel.replacingOccurrences(of: #""lesson": """#, with: #""lesson": "\#(String(repeating: "a", count: 4001))""#)), "program": \#(program)}"#,
                 .badRequest, "bad_json"),
                (#"{"level": \#(RouterAPITests.straightLevel.replacingOccurrences(of: #""id": "x""#, with: #""id": "x", "episode": 0"#)), "program": \#(program)}"#,
                 .badRequest, "bad_json"),
                ("[]", .badRequest, "bad_json"),
            ]
            for (json, status, code) in cases {
                let answer = try await client.call(.post, "/api/router/runs", json: json)
                #expect(answer.status == status && errorCode(answer.body) == code, "\(json.prefix(120)): \(answer.status) \(answer.body)")
            }
            let huge = #"{"level": \#(RouterAPITests.straightLevel), "program": {"python": "\#(String(repeating: "#", count: 1 << 20))"}}"#
            #expect(try await client.call(.post, "/api/router/runs", json: huge).status == .contentTooLarge)
            #expect((try await client.call(.get, "/api/router/episodes", ownerKey: LevelSharingAPITests.keyA).body["custom"] as? [Any])?.count == 0)
        }
    }

    @Test func anExportedDraftIsAnEditorSaveAndNothingIsStored() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let (status, headers, save) = try await client.execute(uri: "/api/router/exports", method: .post, headers: [.contentType: "application/json"],
                                                                   body: ByteBuffer(string: RouterAPITests.straightLevel)) { response in
                (response.status, response.headers, (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:])
            }
            #expect(status == .ok)
            #expect(headers[.contentDisposition] == #"attachment; filename="rapid-router-level-Straight-on.json""#)
            #expect(save["name"] as? String == "Straight on" && save["path"] is String)
            #expect((try await client.call(.get, "/api/router/episodes", ownerKey: LevelSharingAPITests.keyA).body["custom"] as? [Any])?.count == 0)
            // It imports back (which does store it, as an import should).
            let imported = try await client.call(.post, "/api/router/levels/import", json: try RouterAPITests.body(save), ownerKey: LevelSharingAPITests.keyA)
            #expect(imported.status == .created)
            let unjoined = RouterAPITests.straightLevel.replacingOccurrences(of: #""connections": [0, 2]"#, with: #""connections": [2]"#)
            let refused = try await client.call(.post, "/api/router/exports", json: unjoined)
            #expect(refused.status == .unprocessableContent && errorCode(refused.body) == "one_way_connection")
            #expect(try await client.call(.post, "/api/router/exports", json: "{}").status == .badRequest)
        }
    }
}
