import Foundation
import HummingbirdTesting
import OpenAPIRuntime
import OpenAPIURLSession
import TesseraAPI
import Testing
@testable import TesseraServer

/// The OpenAPI document is the contract: every operation it lists is routed, and the generated
/// Swift client can talk to the real server over HTTP.
@Suite struct OpenAPIContractTests {
    /// (method, path) pairs read from the document's `paths:` section.
    static func documentedOperations() throws -> [(method: String, path: String)] {
        // The bundled copy (`Tessera_TesseraAPI.resources/openapi.yaml`), the one `/openapi.yaml` serves.
        let path = try #require(Configuration.openAPIDocumentPath, "Tessera_TesseraAPI.resources/openapi.yaml is not beside the test binary")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var operations: [(String, String)] = []
        var currentPath: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("components:") { break }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                currentPath = String(line.dropFirst(2).dropLast())
            } else if let path = currentPath, let method = ["get", "post", "put", "patch", "delete"].first(where: { line == "    \($0):" }) {
                operations.append((method.uppercased(), path))
            }
        }
        return operations
    }

    /// The bundled document is the source file itself (one openapi.yaml in git, copied at build time).
    @Test func bundledDocumentIsTheSourceFile() throws {
        let bundled = try #require(Configuration.openAPIDocumentPath.flatMap { FileManager.default.contents(atPath: $0) })
        var source = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { source.deleteLastPathComponent() }  // file → TesseraServerTests → Tests → root
        #expect(bundled == (try Data(contentsOf: source.appendingPathComponent("Sources/TesseraAPI/openapi.yaml"))))
    }

    @Test func everyDocumentedOperationIsRouted() async throws {
        let operations = try Self.documentedOperations()
        #expect(operations.count >= 6)
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            for (method, path) in operations where !path.hasSuffix("/events") {
                let uri = path.replacingOccurrences(of: "{id}", with: "unknown-id")
                let (status, body) = try await client.call(.init(rawValue: method)!, uri, json: method == "POST" ? "{}" : nil)
                let message = (body["error"] as? [String: Any])?["message"] as? String
                #expect(status != .methodNotAllowed && message != "Nothing is served at this path.",
                        "\(method) \(path) is not routed (\(status))")
            }
        }
    }

    @Test func generatedClientPlaysAGameOverHTTP() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { testClient in
            let port = try #require(testClient.port)
            let client = Client(serverURL: try #require(URL(string: "http://127.0.0.1:\(port)")), transport: URLSessionTransport())
            let created = try await client.createGame(body: .json(.NewLocalGame(.init(mode: .local, players: ["Ann", "Bob"])))).created.body.json
            #expect(created.turn == "X")
            #expect(created.winner == nil)
            let moved = try await client.makeMove(path: .init(id: created.id), body: .json(.init(row: 1, col: 1))).ok.body.json
            #expect(moved.board[1][1] == "X")
            #expect(moved.version == 1)
            let occupied = try await client.makeMove(path: .init(id: created.id), body: .json(.init(row: 1, col: 1)))
            #expect(try occupied.conflict.body.json.error.code == "cell_occupied")
            let missing = try await client.getGame(path: .init(id: "nope"))
            #expect(try missing.notFound.body.json.error.code == "not_found")
        }
    }
}
