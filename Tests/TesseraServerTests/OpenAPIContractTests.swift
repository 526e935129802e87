import Foundation
import HummingbirdTesting
import OpenAPIKit
import OpenAPIRuntime
import OpenAPIURLSession
import Synchronization
import TesseraAPI
import Testing
import Yams
@testable import TesseraServer

/// The OpenAPI document is the contract, both ways: every route the server serves is documented,
/// every documented operation is routed, and the generated Swift client can talk to the real
/// server over HTTP.
@Suite struct OpenAPIContractTests {
    /// One (method, path) pair; path parameters are written `{}` whatever their name, so
    /// Hummingbird's `:id` (described `{id}`) and the document's `{seed}` compare by shape.
    struct Endpoint: Hashable, Comparable, CustomStringConvertible {
        let method: String
        let segments: [String]

        init(_ method: String, _ path: String) {
            self.method = method.uppercased()
            segments = path.split(separator: "/").map { $0.hasPrefix("{") && $0.hasSuffix("}") ? "{}" : String($0) }
        }

        var path: String { "/" + segments.joined(separator: "/") }
        var description: String { "\(method) \(path)" }
        static func < (lhs: Self, rhs: Self) -> Bool { (lhs.path, lhs.method) < (rhs.path, rhs.method) }
    }

    /// Routes that are deliberately not operations of the document, each with its reason. Keep it
    /// exact: a route missing from openapi.yaml for any other reason fails the test.
    static let undocumentedRoutes: [Endpoint: String] = {
        var list: [Endpoint: String] = [:]
        // The posts origin mimics json-server with ONE handler on four capture templates for every
        // method, so an unknown resource is `{}` (404) and a wrong method 405 whatever is asked. The
        // document lists the shapes that answer something (`/origin/posts`, `/origin/posts/{id}`, …).
        // These remaining (method, template) pairs only ever answer 404 `{}` or 405:
        for method in ["POST", "PUT", "PATCH", "DELETE"] {
            list[Endpoint(method, "/origin/{resource}/{id}/{nested}")] = "origin: nested lists are read-only (405)"
        }
        for method in ["PUT", "PATCH", "DELETE"] {
            list[Endpoint(method, "/origin/{resource}")] = "origin: a whole collection is not replaced or deleted (405)"
        }
        list[Endpoint("POST", "/origin/{resource}/{id}")] = "origin: posting to an item is not json-server's (405)"
        for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] {
            list[Endpoint(method, "/origin/{resource}/{id}/{nested}/{rest}")] =
                "origin: routed only so a fourth level answers json-server's 404 `{}`; nothing lives there"
        }
        // CORS preflight, answered for browsers before a cross-origin call; not an API operation.
        for path in ["/origin/{resource}", "/origin/{resource}/{id}", "/origin/{resource}/{id}/{nested}",
                     "/origin/{resource}/{id}/{nested}/{rest}"] {
            list[Endpoint("OPTIONS", path)] = "origin: CORS preflight"
        }
        return list
    }()

    /// The bundled copy (`Tessera_TesseraAPI.resources/openapi.yaml`), the one `/openapi.yaml`
    /// serves, parsed by OpenAPIKit (the document says `openapi: 3.1.0`).
    static func document() throws -> OpenAPI.Document {
        let path = try #require(Configuration.openAPIDocumentPath, "Tessera_TesseraAPI.resources/openapi.yaml is not beside the test binary")
        return try YAMLDecoder().decode(OpenAPI.Document.self, from: try String(contentsOfFile: path, encoding: .utf8))
    }

    /// Every documented (method, path).
    static func documentedOperations() throws -> [Endpoint] {
        let document = try document()
        // `routes` skips path items it cannot resolve; none may be skipped silently.
        #expect(document.routes.count == document.paths.count, "a path item in openapi.yaml is an unresolvable reference")
        return document.routes.flatMap { route in
            route.pathItem.endpoints.map { Endpoint($0.method.rawValue, route.path.rawValue) }
        }
    }

    /// Every (method, path) the real application's router serves. HEAD is not a route of ours
    /// (Hummingbird answers it from GET) and the pages come from `FileMiddleware`, not routes.
    static func routedOperations() async throws -> [Endpoint] {
        let captured = Mutex<RouteTable?>(nil)
        _ = try await RouteTable.$onLoad.withValue({ table in captured.withLock { $0 = table } }) {
            try await buildApplication(testConfiguration())
        }
        let table = try #require(captured.withLock { $0 }, "buildApplication loaded no RouteTable")
        return table.operations.filter { $0.method != "HEAD" }.map { Endpoint($0.method, $0.path) }
    }

    /// The templates a request path reaches, as Hummingbird's trie picks them: same length, each
    /// template segment a parameter or the same literal, and a literal beats a parameter segment by
    /// segment (`/api/posts/status` is the `status` route, not `/api/posts/{id}`). A documented
    /// `{}` segment stands for any value, so only a parameter segment takes it.
    static func templates(reaching path: [String], among templates: Set<[String]>) -> Set<[String]> {
        var matching = templates.filter { template in
            template.count == path.count && zip(template, path).allSatisfy { $0 == "{}" || $0 == $1 }
        }
        for (index, segment) in path.enumerated() where matching.contains(where: { $0[index] == segment && segment != "{}" }) {
            matching = matching.filter { $0[index] == segment }
        }
        return matching
    }

    /// The bundled document is the source file itself (one openapi.yaml in git, copied at build time).
    @Test func bundledDocumentIsTheSourceFile() throws {
        let bundled = try #require(Configuration.openAPIDocumentPath.flatMap { FileManager.default.contents(atPath: $0) })
        var source = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { source.deleteLastPathComponent() }  // file → TesseraServerTests → Tests → root
        #expect(bundled == (try Data(contentsOf: source.appendingPathComponent("Sources/TesseraAPI/openapi.yaml"))))
    }

    @Test func routesAndDocumentAgreeBothWays() async throws {
        let documented = try Self.documentedOperations()
        let routed = Set(try await Self.routedOperations())
        #expect(Set(documented).count == documented.count, "an operation is documented twice")
        let templates = Set(routed.map(\.segments))

        // Documented → routed: the path reaches a template that serves the method (else 404/405).
        let unrouted = documented.filter { operation in
            !Self.templates(reaching: operation.segments, among: templates)
                .contains { routed.contains(Endpoint(operation.method, "/" + $0.joined(separator: "/"))) }
        }
        // Routed → documented: some documented operation with this method reaches this template.
        let isDocumented = { (route: Endpoint) in
            documented.contains { operation in
                operation.method == route.method && Self.templates(reaching: operation.segments, among: templates).contains(route.segments)
            }
        }
        let undocumented = routed.filter { Self.undocumentedRoutes[$0] == nil && !isDocumented($0) }
        #expect(unrouted.isEmpty, "documented in openapi.yaml but not routed:\n\(unrouted.sorted().map { "  \($0)" }.joined(separator: "\n"))")
        #expect(undocumented.isEmpty, "routed but not in openapi.yaml:\n\(undocumented.sorted().map { "  \($0)" }.joined(separator: "\n"))")
        // The allow-list stays exact: an entry whose route is gone or now documented is removed.
        let staleAllowances = Self.undocumentedRoutes.keys.filter { !routed.contains($0) || isDocumented($0) }
        #expect(staleAllowances.isEmpty, "allowed as undocumented but not routed, or documented after all:\n\(staleAllowances.sorted().map { "  \($0)" }.joined(separator: "\n"))")
        print("OpenAPI contract: \(routed.count) routes (\(Self.undocumentedRoutes.count) allowed undocumented), \(documented.count) documented operations")
    }

    /// The matcher itself: parameter names do not matter, and a documented literal reaches the
    /// literal route while a documented parameter reaches only the parameter route.
    @Test func documentedPathsReachTheTemplateHummingbirdWouldPick() {
        let templates: Set<[String]> = [Endpoint("GET", "/api/posts/{id}").segments, Endpoint("GET", "/api/posts/status").segments]
        #expect(Self.templates(reaching: Endpoint("GET", "/api/posts/status").segments, among: templates) == [["api", "posts", "status"]])
        #expect(Self.templates(reaching: Endpoint("GET", "/api/posts/{postId}").segments, among: templates) == [["api", "posts", "{}"]])
        #expect(Self.templates(reaching: Endpoint("GET", "/api/posts/1/x").segments, among: templates).isEmpty)
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
