import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// The run request's checks (POST /api/router/levels/{id}/runs, /api/router/runs and
/// /api/router/programs/python read `program` the same way): status, code and, where the page or a
/// client shows it, the message.
@Suite struct RouterRunRequestTests {
    static let python = #""from van import Van\nv = Van()\n""#

    @Test func aRunBodyIsCheckedFieldByField() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let cases: [(String, HTTPResponse.Status, String, String?)] = [
                ("[]", .badRequest, "bad_json", "The body must be a JSON object with a `program`."),
                (#"{"player": "player-0001"}"#, .badRequest, "bad_json", #"`program` must be an object: {"blocks": …}, {"python": "…"} or {"blocklyXml": "…"}."#),
                (#"{"program": null}"#, .badRequest, "bad_json", nil),
                (#"{"program": [1]}"#, .badRequest, "bad_json", nil),
                (#"{"program": {}}"#, .badRequest, "bad_json", "`program` needs `blocks`, `python` or `blocklyXml`."),
                (#"{"program": {"blocks": [], "fly": 1}}"#, .badRequest, "bad_json", "`program` has `fly`, which is not part of a block program."),
                (#"{"program": {"python": \#(Self.python), "blocks": []}}"#, .badRequest, "bad_json", "`program` has `blocks`, which `python` programs do not take."),
                (#"{"program": {"blocklyXml": "<xml/>", "detached": 0}}"#, .badRequest, "bad_json", "`program` has `detached`, which `blocklyXml` programs do not take."),
                (#"{"program": {"python": null}}"#, .badRequest, "bad_json", "`python` must be a string."),
                (#"{"program": {"blocklyXml": 5}}"#, .badRequest, "bad_json", "`blocklyXml` must be a string."),
                (#"{"program": {"blocks": null}}"#, .unprocessableContent, "invalid_program_json", nil),
                (#"{"program": {"blocks": [{"type": "fly"}]}}"#, .unprocessableContent, "invalid_program_json", nil),
                (#"{"program": {"blocklyXml": "<xml>"}}"#, .unprocessableContent, "invalid_blockly_xml", nil),
                (#"{"program": {"python": \#(Self.python)}, "player": 5}"#, .badRequest, "bad_json", "`player` must be a string."),
                (#"{"program": {"python": \#(Self.python)}, "player": "short"}"#, .badRequest, "invalid_player", nil),
                (#"{"program": {"python": \#(Self.python)}, "seconds": -1}"#, .badRequest, "bad_json", "`seconds` must be a number from 0 to 86400."),
                (#"{"program": {"python": \#(Self.python)}, "seconds": 86401}"#, .badRequest, "bad_json", nil),
                (#"{"program": {"python": \#(Self.python)}, "seconds": "5"}"#, .badRequest, "bad_json", nil),
                (#"{"program": {"python": \#(Self.python)}, "seconds": null}"#, .badRequest, "bad_json", nil),
                (#"{"program": {"python": \#(Self.python)}, "seconds": false}"#, .badRequest, "bad_json", nil),
                // The program is read before the player: a program that cannot be read says so first.
                (#"{"program": {"python": "my_van.fly()"}, "player": 5}"#, .unprocessableContent, "python_error", nil),
            ]
            for (json, status, code, message) in cases {
                let answer = try await client.call(.post, "/api/router/levels/1/runs", json: json)
                #expect(answer.status == status && errorCode(answer.body) == code, "\(json): \(answer.status) \(answer.body)")
                if let message {
                    #expect((answer.body["error"] as? [String: Any])?["message"] as? String == message, "\(json)")
                }
            }
        }
    }

    @Test func deeplyNestedBodiesAreRefusedAndTheServerStaysUp() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            for json in [nested, #"{"program": {"blocks": \#(nested)}}"#, #"{"program": \#(nested)}"#] {
                for uri in ["/api/router/levels/1/runs", "/api/router/programs/python"] {
                    let answer = try await client.call(.post, uri, json: json)
                    #expect((400..<500).contains(answer.status.code) && errorCode(answer.body) != nil, "\(uri) \(json.prefix(30))")
                }
            }
            #expect(try await client.call(.get, "/health").status == .ok)
        }
    }

    @Test func acceptedBodiesRunAsBefore() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let accepted = [
                #"{"program": {"blocks": [{"type": "move_forwards"}], "procedures": null, "detached": null}}"#,
                #"{"program": {"blocks": [{"type": "move_forwards"}], "procedures": [], "detached": 0}, "seconds": 0.5}"#,
                #"{"program": {"python": \#(Self.python)}, "player": "player-0001", "seconds": 86400, "note": "ignored"}"#,
            ]
            for json in accepted {
                let answer = try await client.call(.post, "/api/router/levels/1/runs", json: json)
                #expect(answer.status == .ok && answer.body["outcome"] is [String: Any], "\(json): \(answer.status) \(answer.body)")
            }
            let view = try await client.call(.post, "/api/router/programs/python",
                                             json: #"{"program": {"blocks": [{"type": "move_forwards", "id": "a"}]}}"#)
            #expect(view.status == .ok && view.body["blocks"] as? Int == 1)
            // 2.0 is the whole number 2, as JavaScript may write it.
            let repeated = try await client.call(.post, "/api/router/programs/python", json:
                #"{"program": {"blocks": [{"type": "controls_repeat", "times": 2.0, "do": [{"type": "move_forwards"}]}]}}"#)
            #expect(repeated.status == .ok && (repeated.body["python"] as? String)?.contains("range(2)") == true, "\(repeated.body)")
            #expect(try await client.call(.post, "/api/router/programs/python", json: #"{"program": {"blocks": [], "x": 1}}"#).status == .badRequest)
        }
    }

    @Test func aDraftRunRefusesItsBodyInTheSameOrder() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let level = RouterAPITests.straightLevel
            let long = level.replacingOccurrences(of: #""lesson": """#, with: #""lesson": "\#(String(repeating: "a", count: 4001))""#)
            let unjoined = level.replacingOccurrences(of: #""connections": [0, 2]"#, with: #""connections": [2]"#)
            let cases: [(String, HTTPResponse.Status, String, String?)] = [
                (#"{"level": \#(level), "program": {"blocks": []}, "seconds": 1}"#, .badRequest, "bad_json",
                 "The body has `seconds`; a test drive takes only `level` and `program`."),
                (#"{"level": null, "program": {"blocks": []}}"#, .badRequest, "bad_json",
                 "`level` must be a level object, as POST /api/router/levels takes it."),
                (#"{"level": {"name": 5}, "program": {"blocks": []}}"#, .badRequest, "bad_json", nil),
                // Text bounds come before the program, the program before the road's checks.
                (#"{"level": \#(long), "program": {"python": "my_van.fly()"}}"#, .badRequest, "bad_json", "'level.lesson' may be at most 4000 characters."),
                (#"{"level": \#(unjoined), "program": {"python": "my_van.fly()"}}"#, .unprocessableContent, "python_error", nil),
                (#"{"level": \#(level), "program": {"python": 1}}"#, .badRequest, "bad_json", "`python` must be a string."),
            ]
            for (json, status, code, message) in cases {
                let answer = try await client.call(.post, "/api/router/runs", json: json)
                #expect(answer.status == status && errorCode(answer.body) == code, "\(json.prefix(100)): \(answer.status) \(answer.body)")
                if let message {
                    #expect((answer.body["error"] as? [String: Any])?["message"] as? String == message, "\(json.prefix(100))")
                }
            }
        }
    }
}
