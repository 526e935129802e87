import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TesseraTestSupport
@testable import TesseraServer

/// The reader's API over real HTTP: a sync reads this server's own `/origin` like any
/// jsonplaceholder-compatible origin, then the reader answers from its store.
@Suite struct PostsAPITests {
    /// The events of one `POST /api/posts/sync`, parsed.
    static func sync(_ client: some TestClientProtocol) async throws -> [[String: Any]] {
        // The test client sends a chunked body; an empty JSON object keeps the request guard content.
        try await client.execute(uri: "/api/posts/sync", method: .post, headers: [.contentType: "application/json"],
                                 body: ByteBuffer(string: "{}")) { response in
            #expect(response.headers[.contentType] == "text/event-stream", "\(response.status): \(String(buffer: response.body))")
            return String(buffer: response.body).components(separatedBy: "\n\n")
                .filter { $0.hasPrefix("data: ") }
                .compactMap { try? JSONSerialization.jsonObject(with: Data($0.dropFirst(6).utf8)) as? [String: Any] }
        }
    }

    @Test func aSyncFillsTheReaderAndASecondWritesNothing() async throws {
        try await buildApplication(testConfiguration()).test(.live) { client in
            let events = try await Self.sync(client)
            #expect(events.first?["type"] as? String == "started")
            #expect(Set(events.compactMap { $0["list"] as? String }) == ["posts", "comments", "users", "albums", "photos"])
            let report = try #require(events.last?["report"] as? [String: Any], "\(events.last ?? [:])")
            #expect(report["posts"] as? Int == 100 && report["users"] as? Int == 10)
            #expect(report["albums"] as? Int == 100 && report["photos"] as? Int == 5000)
            #expect(report["inserted"] as? Int == 5710)

            let again = try #require(try await Self.sync(client).last?["report"] as? [String: Any])
            #expect(again["inserted"] as? Int == 0 && again["updated"] as? Int == 0 && again["deleted"] as? Int == 0)
            #expect(again["unchanged"] as? Int == 5710)

            let status = try await client.call(.get, "/api/posts/status").body
            #expect(status["posts"] as? Int == 100 && status["syncing"] as? Bool == false && status["lastSync"] is String)
        }
    }

    @Test func theListSearchesTitlesAndEmailsAndTheDetailShowsTheAuthorsAlbums() async throws {
        try await buildApplication(testConfiguration()).test(.live) { client in
            _ = try await Self.sync(client)
            let all = try await client.call(.get, "/api/posts").body
            let posts = try #require(all["posts"] as? [[String: Any]])
            #expect(all["total"] as? Int == 100 && all["matching"] as? Int == 100)
            #expect(posts.map { $0["id"] as? Int } == (1...100).map { $0 })
            let first = try #require(posts.first)
            let title = try #require(first["title"] as? String)
            #expect(title.first?.isUppercase == true, "titles start with a capital letter")
            let user = try #require(first["user"] as? [String: Any])
            let email = try #require(user["email"] as? String)

            let byEmail = try await client.call(.get, "/api/posts?search=\(email.uppercased())").body
            #expect(byEmail["matching"] as? Int == 10, "each author wrote ten posts")
            let none = try await client.call(.get, "/api/posts?search=zzzz-nothing").body
            #expect(none["matching"] as? Int == 0 && none["total"] as? Int == 100)

            let detail = try await client.call(.get, "/api/posts/1").body
            #expect(detail["title"] as? String == title && (detail["body"] as? String)?.first?.isUppercase == true)
            let albums = try #require(detail["albums"] as? [[String: Any]])
            #expect(albums.count == 10 && albums.allSatisfy { $0["photoCount"] as? Int == 50 })

            let album = try await client.call(.get, "/api/posts/albums/1/photos").body
            let photos = try #require(album["photos"] as? [[String: Any]])
            #expect(photos.count == 50 && photos.first?["thumbnail"] as? String == "/api/posts/photos/1/thumbnail")
        }
    }

    @Test func aDeletedPostComesBackWithTheNextSync() async throws {
        try await buildApplication(testConfiguration()).test(.live) { client in
            _ = try await Self.sync(client)
            #expect(try await client.call(.delete, "/api/posts/7").status == .noContent)
            #expect(try await client.call(.get, "/api/posts/7").status == .notFound)
            #expect(try await client.call(.delete, "/api/posts/7").status == .notFound)
            #expect(try await client.call(.get, "/api/posts").body["total"] as? Int == 99)
            _ = try await Self.sync(client)
            #expect(try await client.call(.get, "/api/posts/7").status == .ok)
        }
    }

    @Test func photosAreServedFromTheCacheWhenTheOriginIsDown() async throws {
        let folder = temporaryDirectory()
        try await buildApplication(testConfiguration(dataDirectory: folder)).test(.live) { client in
            _ = try await Self.sync(client)
            let (status, type) = try await client.execute(uri: "/api/posts/photos/1/thumbnail", method: .get) {
                ($0.status, $0.headers[.contentType])
            }
            #expect(status == .ok && type?.hasPrefix("image/") == true)
        }
        // The same data folder, with an origin that fails every request.
        var broken = testConfiguration(dataDirectory: folder)
        broken.postsOrigin.failureRate = 1
        try await buildApplication(broken).test(.live) { client in
            #expect(try await client.call(.get, "/api/posts").body["total"] as? Int == 100, "the reader works offline")
            let cached = try await client.execute(uri: "/api/posts/photos/1/thumbnail", method: .get) { $0.status }
            #expect(cached == .ok, "a photo seen before comes from the disk cache")
            let failed = try await Self.sync(client).last
            #expect(failed?["type"] as? String == "failed" && failed?["code"] as? String == "origin_status")
            #expect(try await client.call(.get, "/api/posts").body["total"] as? Int == 100, "a failed sync changed nothing")
        }
    }

    @Test func badIdsAndSearchesAreRefusedPlainly() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            #expect(try await client.call(.get, "/api/posts/abc").status == .notFound)
            #expect(try await client.call(.get, "/api/posts/99999999999999999999").status == .notFound)
            #expect(try await client.call(.get, "/api/posts/0").status == .notFound)
            let long = String(repeating: "a", count: 201)
            let refused = try await client.call(.get, "/api/posts?search=\(long)")
            #expect(refused.status == .badRequest && errorCode(refused.body) == "invalid_search")
            #expect(try await client.call(.get, "/api/posts/photos/1/huge").status == .notFound)
        }
    }
}
