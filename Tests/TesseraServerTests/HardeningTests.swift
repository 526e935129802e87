import AsyncHTTPClient
import TicTacToeKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TesseraTestSupport
@testable import TesseraServer
@testable import TesseraStore

/// Hostile and careless input: every field of every operation gets numbers out of range, huge
/// strings, wrong types, explicit nulls and deep nesting, and must answer a 4xx JSON error.
@Suite struct BoundedInputTests {
    static let extremes = ["9223372036854775807", "-9223372036854775808", "-1", "1e400", "1.5", "\"7\"", "null", "[]", "{}", "true"]
    static let hugeString = "\"" + String(repeating: "é", count: 200_000) + "\""

    /// The extremes that are fine for some fields: -1 is a placement origin, "7" a name or a seed,
    /// true a flag, and any string a (wrong, so 404) lock.
    static func isValid(_ value: String, in template: String) -> Bool {
        switch value {
        case "-1": template.contains(#""row":FIELD"#) && template.contains("tile") || template.contains(#""col":FIELD"#) && template.contains("tile")
        case "\"7\"": template.contains("seed") || template.contains("players") || template.contains("name")
        case "true": template.contains("flips") || template.contains("flipped")
        default: template.contains("lock") && value.hasPrefix("\"")
        }
    }

    /// Sends `body` and expects a 4xx with an error code (never a 2xx, 5xx or a dropped connection).
    func expectRefused(_ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ body: String,
                       sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (status, answer) = try await client.call(method, uri, json: body)
        #expect((400..<500).contains(status.code), "\(method) \(uri) \(body.prefix(80)) → \(status)", sourceLocation: sourceLocation)
        #expect(errorCode(answer) != nil, "\(method) \(uri) \(body.prefix(80)) has no error code", sourceLocation: sourceLocation)
    }

    @Test func theTrappingPentominoPlacementIsA400AndTheServerStaysUp() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let id = try #require(try await client.call(.post, "/api/pentomino/puzzles", json: #"{"board":"6x10"}"#).body["id"] as? String)
            let (status, body) = try await client.call(.post, "/api/pentomino/puzzles/\(id)/placements",
                                                       json: #"{"tile":"X","row":9223372036854775807,"col":0}"#)
            #expect(status == .badRequest)
            #expect(errorCode(body) == "invalid_position")
            #expect(try await client.call(.get, "/health").status == .ok)
        }
    }

    @Test func everyNumberAndStringFieldRefusesExtremes() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let puzzle = try #require(try await client.call(.post, "/api/pentomino/puzzles", json: #"{"board":"6x10"}"#).body["id"] as? String)
            let game = try #require(try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["A","B"]}"#).body["id"] as? String)
            let online = try #require(try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"online","players":["A"]}"#).body["id"] as? String)
            // (uri, a valid body as a template with FIELD where each bad value goes)
            let templates: [(String, String)] = [
                ("/api/pentomino/puzzles/\(puzzle)/placements", #"{"tile":"X","quarterTurns":0,"flipped":false,"row":FIELD,"col":0}"#),
                ("/api/pentomino/puzzles/\(puzzle)/placements", #"{"tile":"X","row":0,"col":FIELD}"#),
                ("/api/pentomino/puzzles/\(puzzle)/placements", #"{"tile":"X","row":0,"col":0,"quarterTurns":FIELD}"#),
                ("/api/pentomino/puzzles/\(puzzle)/placements", #"{"tile":FIELD,"row":0,"col":0}"#),
                ("/api/pentomino/puzzles/\(puzzle)/placements", #"{"tile":"X","row":0,"col":0,"flipped":FIELD}"#),
                ("/api/pentomino/puzzles", #"{"board":FIELD}"#),
                ("/api/pentomino/puzzles", #"{"board":"6x10","flips":FIELD}"#),
                ("/api/tictactoe/games/\(game)/moves", #"{"row":FIELD,"col":0}"#),
                ("/api/tictactoe/games/\(game)/moves", #"{"row":0,"col":FIELD}"#),
                ("/api/tictactoe/games", #"{"mode":"local","players":[FIELD,"B"]}"#),
                ("/api/tictactoe/games", #"{"mode":FIELD,"players":["A","B"]}"#),
                ("/api/tictactoe/games", #"{"mode":"ai","players":["A"],"difficulty":FIELD}"#),
                ("/api/tictactoe/games/\(online)/join", #"{"name":FIELD}"#),
                ("/api/maze/mazes", #"{"width":FIELD}"#),
                ("/api/maze/mazes", #"{"height":FIELD,"width":7}"#),
                ("/api/maze/mazes", #"{"seed":FIELD}"#),
                ("/api/maze/mazes", #"{"algorithm":FIELD}"#),
                ("/api/maze/unlock", #"{"lock":FIELD}"#),
            ]
            for (uri, template) in templates {
                for value in Self.extremes + [Self.hugeString] where !Self.isValid(value, in: template) {
                    try await expectRefused(client, .post, uri, template.replacingOccurrences(of: "FIELD", with: value))
                }
            }
            // Query strings and path segments.
            for uri in ["/api/pentomino/puzzles/\(puzzle)/solutions?limit=9223372036854775807",
                        "/api/pentomino/puzzles/\(puzzle)/solutions?limit=-1", "/api/pentomino/puzzles/\(puzzle)/solutions?limit=0",
                        "/api/maze/explore?width=-9223372036854775808", "/api/maze/explore?height=9223372036854775807",
                        "/api/maze/explore?seed=-1", "/api/maze/explore?seed=", "/api/maze/explore?latency=",
                        "/api/maze/start?latency=NONE", "/api/maze/rooms/" + String(repeating: "a", count: 5000),
                        "/api/tictactoe/games/" + String(repeating: "b", count: 5000)] {
                let (status, body) = try await client.call(.get, uri)
                #expect((400..<500).contains(status.code) && errorCode(body) != nil, "\(uri.prefix(80)) → \(status)")
            }
        }
    }

    @Test func deeplyNestedAndMistypedBodiesAre400() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let nested = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            for body in [nested, #"{"mode":"local","players":"# + nested + "}", "\"just a string\"", "12"] {
                try await expectRefused(client, .post, "/api/tictactoe/games", body)
                try await expectRefused(client, .post, "/api/maze/mazes", body)
            }
        }
    }

    @Test func namesAreCountedInScalarsAndMustNotBeBlank() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let combining = "a" + String(repeating: "\u{301}", count: 300_000)
            let cases = [combining, "   ", "\u{3000}\u{2003}", String(repeating: "x", count: 41), "x" + String(repeating: " ", count: 40)]
            for name in cases {
                let json = String(decoding: try JSONEncoder().encode(["mode": "local"]), as: UTF8.self)
                    .replacingOccurrences(of: "}", with: #","players":["# + String(decoding: try JSONEncoder().encode(name), as: UTF8.self) + #","B"]}"#)
                let (status, body) = try await client.call(.post, "/api/tictactoe/games", json: json)
                #expect(status == .badRequest && errorCode(body) == "invalid_name", "\(name.prefix(10)) (\(name.unicodeScalars.count) scalars)")
            }
            let (status, body) = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["  Zoë  ","B"]}"#)
            #expect(status == .created)
            #expect((body["players"] as? [[String: Any]])?.first?["name"] as? String == "Zoë")
        }
    }
}

/// Requests a browser or an attacker might send that are not about one field.
@Suite struct RequestGuardTests {
    @Test func bodiesMustBeJSONAndEveryAnswerCarriesSecurityHeaders() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            // A cross-site <form> can post text/plain that happens to parse as JSON.
            try await client.execute(uri: "/api/tictactoe/games", method: .post, headers: [.contentType: "text/plain"],
                                     body: ByteBuffer(string: #"{"mode":"local","players":["A","B"]}"#)) { response in
                #expect(response.status == .unsupportedMediaType)
                #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            }
            for uri in ["/health", "/", "/api/nothing"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true, "\(uri)")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff")
                    #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
                }
            }
            try await client.execute(uri: "/api/maze/explore", method: .get,
                                     headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]) { response in
                #expect(response.status == .forbidden)
            }
        }
    }

    @Test func aForeignHostIsRefusedWhenBoundToLoopback() async throws {
        #expect(RequestGuardMiddleware<BasicRequestContext>.isLoopbackName("localhost:8080"))
        #expect(RequestGuardMiddleware<BasicRequestContext>.isLoopbackName("127.0.0.1:8080"))
        #expect(RequestGuardMiddleware<BasicRequestContext>.isLoopbackName("[::1]:8080"))
        #expect(!RequestGuardMiddleware<BasicRequestContext>.isLoopbackName("evil.example:8080"))
        #expect(!RequestGuardMiddleware<BasicRequestContext>.isLoopbackName("127.0.0.1.evil.example"))
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/health")
            request.headers.replaceOrAdd(name: "Host", value: "rebound.evil.example")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(5))
            #expect(response.status.code == 403)
            let body = try await response.body.collect(upTo: 1 << 16)
            #expect(String(buffer: body).contains("host_not_allowed"))
            #expect(try await client.call(.get, "/health").status == .ok)
        }
    }

    @Test func storedDocumentsAnswerWithETagAnd304() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let id = try #require(try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["A","B"]}"#).body["id"] as? String)
            let tag = try await client.execute(uri: "/api/tictactoe/games/\(id)", method: .get) { $0.headers[.eTag] }
            let etag = try #require(tag)
            try await client.execute(uri: "/api/tictactoe/games/\(id)", method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
            }
            try await client.call(.post, "/api/tictactoe/games/\(id)/moves", json: #"{"row":0,"col":0}"#)
            try await client.execute(uri: "/api/tictactoe/games/\(id)", method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .ok, "a move changes the tag: never a stale 304")
                #expect(response.headers[.eTag] != etag)
            }
        }
    }

    @Test func metricsCountRequestsByRouteAndStatus() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            try await client.call(.get, "/api/pentomino/boards")
            try await client.call(.get, "/api/tictactoe/games/none")
            let text = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            #expect(text.contains("hb_requests"))
            #expect(text.contains(#"http_route="/api/pentomino/boards""#))
            #expect(text.contains("http_server_request_duration"))
            #expect(text.contains("tessera_running_explorations"))
        }
    }
}

/// Secrets at rest: the data folder, the maze secret and online tokens.
@Suite struct SecretsTests {
    @Test func dataFolderIsPrivateAndTheSecretFileOwnerOnly() async throws {
        let folder = temporaryDirectory() + "/data"
        _ = try await buildApplication(testConfiguration(dataDirectory: folder))
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        let secretMode = try FileManager.default.attributesOfItem(atPath: folder + "/maze-secret")[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(secretMode == 0o600)
    }

    @Test func aShortOrUnreadableSecretStopsStartUp() async throws {
        let folder = temporaryDirectory()
        try "short".write(toFile: folder + "/maze-secret", atomically: true, encoding: .utf8)
        await #expect(throws: StartupError.self) { _ = try await buildApplication(testConfiguration(dataDirectory: folder)) }
        let other = temporaryDirectory()
        // A folder where the file should be cannot be read as a secret (root can read any file).
        try FileManager.default.createDirectory(atPath: other + "/maze-secret", withIntermediateDirectories: true)
        await #expect(throws: StartupError.self) { _ = try await buildApplication(testConfiguration(dataDirectory: other)) }
        #expect(throws: StartupError.self) { _ = try MazeSecretStore.load(dataDirectory: nil, environment: ["TESSERA_MAZE_SECRET": "tooshort"]) }
    }

    @Test func onlineTokensAreStoredOnlyAsHashes() async throws {
        let folder = temporaryDirectory()
        let app = try await buildApplication(testConfiguration(dataDirectory: folder))
        try await app.test(.router) { client in
            let created = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"online","players":["Ann"]}"#).body
            let id = try #require(created["id"] as? String)
            let token = try #require(created["token"] as? String)
            let joined = try await client.call(.post, "/api/tictactoe/games/\(id)/join", json: #"{"name":"Bob"}"#).body
            let second = try #require(joined["token"] as? String)
            // What is kept is what the store reads back (its rows hold the match as it encodes itself).
            let stored = try #require(try await DocumentTable<Match>(database: TesseraDatabase(directory: folder)).find(id: id))
            let kept = String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
            #expect(!kept.contains(token) && !kept.contains(second))
            #expect(stored.tokens == [Secrets.hash(token), Secrets.hash(second)])
            // And the hashed tokens still work.
            #expect(try await client.call(.post, "/api/tictactoe/games/\(id)/moves", json: #"{"row":0,"col":0}"#, token: token).status == .ok)
            #expect(try await client.call(.post, "/api/tictactoe/games/\(id)/moves", json: #"{"row":1,"col":1}"#, token: token).status == .forbidden)
        }
    }
}
