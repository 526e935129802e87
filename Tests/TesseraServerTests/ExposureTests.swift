import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import TesseraServer

/// What the server shows and to whom: private answers are never stored by a cache, `/metrics`
/// answers only this machine or a token, and a path with control bytes is refused.
@Suite struct ExposureTests {
    typealias Browser = AuthAPITests.Browser

    @Test func everyAnswerThatDependsOnTheCallerSaysNoStore() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let teacher = try await ClassAPITests.teacher(client)
            let cookie = teacher.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            for uri in ["/api/auth/me", "/api/classes", "/api/router/episodes", "/api/classes/none"] {
                let control = try await client.execute(uri: uri, method: .get, headers: [.cookie: cookie]) { $0.headers[.cacheControl] }
                #expect(control == "no-store", "\(uri): \(control ?? "none")")
            }
            let owned = try await client.execute(uri: "/api/router/episodes", method: .get,
                                                 headers: [HTTPField.Name("X-Tessera-Owner-Key")!: LevelSharingAPITests.keyA]) { $0.headers[.cacheControl] }
            #expect(owned == "no-store", "an anonymous browser's own levels are private too")
        }
    }

    @Test func metricsAnswerThisMachineOrATokenOnly() async throws {
        var config = testConfiguration()
        config.trustedProxies = ["127.0.0.1"]  // as behind nginx: the client is the forwarded address
        config.metricsToken = "a-long-metrics-token"
        try await buildApplication(config).test(.live) { client in
            let fromAfar: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "203.0.113.9"]
            #expect(try await client.execute(uri: "/metrics", method: .get) { $0.status } == .ok, "from this machine")
            let refused = try await client.execute(uri: "/metrics", method: .get, headers: fromAfar) { ($0.status, String(buffer: $0.body)) }
            #expect(refused.0 == .forbidden && refused.1.contains("metrics_not_allowed") && !refused.1.contains("hb_requests"))
            var wrong = fromAfar
            wrong[.authorization] = "Bearer not-it"
            #expect(try await client.execute(uri: "/metrics", method: .get, headers: wrong) { $0.status } == .forbidden)
            var right = fromAfar
            right[.authorization] = "Bearer a-long-metrics-token"
            let allowed = try await client.execute(uri: "/metrics", method: .get, headers: right) { ($0.status, String(buffer: $0.body)) }
            #expect(allowed.0 == .ok && allowed.1.contains("hb_requests"))
        }
    }

    @Test func controlBytesInAPathAre400() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            for uri in ["/router/index.html%00.js", "/router/index.html%00", "/api/pentomino/boards%0A", "/shared/api.js%7f", "/%1b"] {
                let (status, body) = try await client.call(.get, uri)
                #expect(status == .badRequest && errorCode(body) == "invalid_path", "\(uri) → \(status)")
            }
            #expect(try await client.call(.get, "/api/pentomino/boards").status == .ok)
            #expect(try await client.execute(uri: "/router/index.html", method: .get) { $0.status } == .ok)
        }
    }
}

/// Connections per client address: one client holding many sockets gets its share, and `/health`
/// still answers everyone else.
@Suite struct ConnectionLimitTests {
    @Test func oneAddressHoldingManySocketsLeavesTheServerToOthers() async throws {
        var config = testConfiguration()
        config.maxConnectionsPerAddress = 4
        try await buildApplication(config).test(.live) { client in
            let port = try #require(client.port)
            let held = try (0..<7).map { _ in try RawSocket(from: "127.0.0.3", port: port) }
            var hungUp: [RawSocket] = []
            for socket in held { if await socket.awaitHangUp(within: 0.5) { hungUp.append(socket) } }
            #expect(hungUp.count == 3, "beyond its 4, a client's connections are closed at once")
            let other = try RawSocket(from: "127.0.0.2", port: port)
            other.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(await other.awaitText(until: "\"status\":\"ok\"").text.hasPrefix("HTTP/1.1 200"))
            // One of the four hangs up: its place is free again.
            held.first { socket in !hungUp.contains { $0 === socket } }?.close()
            try await Task.sleep(for: .milliseconds(200))
            let again = try RawSocket(from: "127.0.0.3", port: port)
            again.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(await again.awaitText(until: "\"status\":\"ok\"").text.hasPrefix("HTTP/1.1 200"))
            _ = held
        }
    }
}
