import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import RouterKit
@testable import TesseraServer

@Suite struct ServerTests {
    @Test func healthAnswers() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (status, body) = try await client.call(.get, "/health")
            #expect(status == .ok)
            #expect(body["status"] as? String == "ok")
        }
    }

    @Test func unknownRouteIs404AndAnUnroutedMethodIs405WithAllow() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let missing = try await client.call(.get, "/api/nothing-here")
            #expect(missing.status == .notFound)
            #expect(errorCode(missing.body) == "not_found")
            let wrongMethod = try await client.call(.delete, "/api/tictactoe/games")
            #expect(wrongMethod.status == .methodNotAllowed)
            #expect(errorCode(wrongMethod.body) == "method_not_allowed")
            try await client.execute(uri: "/api/pentomino/puzzles/abc/placements/X", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "DELETE")
            }
            try await client.execute(uri: "/api/tictactoe/games/abc", method: .put) { response in
                #expect(response.headers[.allow] == "GET")
            }
        }
    }

    @Test func malformedJSONIs400() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            for broken in ["{", "", "[1, 2]", #"{"mode": "chess", "players": ["A", "B"]}"#, #"{"players": ["A"]}"#] {
                let (status, body) = try await client.call(.post, "/api/tictactoe/games", json: broken)
                #expect(status == .badRequest, "\(broken)")
                #expect(errorCode(body) == "bad_json", "\(broken)")
            }
        }
    }

    @Test func bodyOverOneMebibyteIs413() async throws {
        let app = try await buildApplication(testConfiguration())
        let huge = #"{"mode":"local","players":[""# + String(repeating: "a", count: 1 << 20) + #"","B"]}"#
        try await app.test(.router) { client in
            let (status, body) = try await client.call(.post, "/api/tictactoe/games", json: huge)
            #expect(status == .contentTooLarge)
            #expect(errorCode(body) == "payload_too_large")
        }
        try await app.test(.live) { client in
            let (status, body) = try await client.call(.post, "/api/tictactoe/games", json: huge)
            #expect(status == .contentTooLarge)
            #expect(errorCode(body) == "payload_too_large")
        }
    }

    @Test func homePageAndOpenAPIDocumentAreServed() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("Tessera"))
            }
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("/api/tictactoe/games/{id}/moves"))
                // Shown in the browser, not downloaded.
                #expect(response.headers[.contentType] == "text/yaml; charset=utf-8")
                #expect(response.headers[.contentDisposition] == "inline")
            }
        }
    }

    /// A mistyped address in a browser gets a page with a link home; API clients (and a browser
    /// asking the API) still get the JSON 404.
    @Test func mistypedAddressInABrowserGetsAPageWithALinkHome() async throws {
        let app = try await buildApplication(testConfiguration())
        let browser: HTTPFields = [.accept: "text/html,application/xhtml+xml,*/*;q=0.8"]
        try await app.test(.router) { client in
            try await client.execute(uri: "/tictactoe/nope<script>", method: .get, headers: browser) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let page = String(buffer: response.body)
                #expect(page.contains(#"<a href="/""#))
                #expect(!page.contains("<script>"))
                #expect(page.contains(#"<html lang="en" dir="ltr">"#))
            }
            // In the browser's language, or the one the address asks for.
            var spanish = browser
            spanish[.acceptLanguage] = "es-ES,es;q=0.9,en;q=0.5"
            try await client.execute(uri: "/nope", method: .get, headers: spanish) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(#"<html lang="es" dir="ltr">"#))
                #expect(page.contains(TextLanguage.spanish.text("home.notFound.heading")))
            }
            try await client.execute(uri: "/nope?lang=en-XA", method: .get, headers: spanish) { response in
                #expect(String(buffer: response.body).contains("⟦"))
            }
            try await client.execute(uri: "/no-such-page", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            }
            for path in ["/api/nothing-here", "/origin/nothing"] {
                try await client.execute(uri: path, method: .get, headers: browser) { response in
                    #expect(response.status == .notFound)
                    #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                }
            }
        }
    }

    @Test func liveUpdatesReachEverySubscriberOfATopic() async throws {
        let live = LiveUpdates()
        let first = try await live.subscribe("t")
        let second = try await live.subscribe("t")
        let other = try await live.subscribe("u")
        await live.publish("t", payload: "hello")
        var iterator1 = first.makeAsyncIterator()
        var iterator2 = second.makeAsyncIterator()
        #expect(await iterator1.next() == "hello")
        #expect(await iterator2.next() == "hello")
        #expect(await live.subscriberCount("u") == 1)
        _ = other
    }
}
