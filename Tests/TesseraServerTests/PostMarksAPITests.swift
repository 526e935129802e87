import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TesseraTestSupport
@testable import TesseraServer

/// The reader's read and starred marks: one state per server, kept across a local delete and the
/// sync that brings the post back, set and cleared idempotently (a page may send a queued change twice).
@Suite struct PostMarksAPITests {
    static func ids(_ body: [String: Any], _ key: String) -> [Int] { body[key] as? [Int] ?? [-1] }

    /// A PUT: the test client sends a chunked body with it, so it says JSON (browsers send none).
    static func put(_ client: some TestClientProtocol, _ path: String) async throws -> (status: HTTPResponse.Status, body: [String: Any]) {
        try await client.call(.put, path, json: "{}")
    }

    @Test func marksAreSetClearedAndListedForStoredPostsOnly() async throws {
        try await buildApplication(testConfiguration()).test(.live) { client in
            #expect(Self.ids(try await client.call(.get, "/api/posts/marks").body, "read") == [])
            let early = try await Self.put(client, "/api/posts/3/read")
            #expect(early.status == .notFound, "no post before a sync: \(early.status) \(early.body)")
            _ = try await PostsAPITests.sync(client)

            let read = try await Self.put(client, "/api/posts/3/read")
            #expect(read.status == .ok && read.body["id"] as? Int == 3 && read.body["read"] as? Bool == true
                && read.body["starred"] as? Bool == false)
            #expect(try await Self.put(client, "/api/posts/3/read").body["read"] as? Bool == true, "sent twice, the same")
            #expect(try await Self.put(client, "/api/posts/9/star").body["starred"] as? Bool == true)
            #expect(try await Self.put(client, "/api/posts/1/read").status == .ok)
            var marks = try await client.call(.get, "/api/posts/marks").body
            #expect(Self.ids(marks, "read") == [1, 3] && Self.ids(marks, "starred") == [9])

            let unread = try await client.call(.delete, "/api/posts/3/read")
            #expect(unread.status == .ok && unread.body["read"] as? Bool == false)
            #expect(try await client.call(.delete, "/api/posts/9/star").body["starred"] as? Bool == false)
            #expect(try await client.call(.delete, "/api/posts/9/star").status == .ok, "clearing twice is fine")
            marks = try await client.call(.get, "/api/posts/marks").body
            #expect(Self.ids(marks, "read") == [1] && Self.ids(marks, "starred") == [])

            for path in ["/api/posts/0/read", "/api/posts/abc/star", "/api/posts/1000000000/read", "/api/posts/101/star"] {
                let refused = try await Self.put(client, path)
                #expect(refused.status == .notFound, "\(path)")
                #expect((refused.body["error"] as? [String: Any])?["code"] as? String == "not_found", "\(path)")
            }
        }
    }

    @Test func aPostDeletedHereKeepsItsMarksWhenTheSyncBringsItBack() async throws {
        try await buildApplication(testConfiguration()).test(.live) { client in
            _ = try await PostsAPITests.sync(client)
            #expect(try await Self.put(client, "/api/posts/5/star").status == .ok)
            #expect(try await Self.put(client, "/api/posts/5/read").status == .ok)
            #expect(try await client.call(.delete, "/api/posts/5").status == .noContent)
            let gone = try await client.call(.get, "/api/posts/marks").body
            #expect(Self.ids(gone, "starred") == [] && Self.ids(gone, "read") == [], "a deleted post is not listed")
            #expect(try await Self.put(client, "/api/posts/5/star").status == .notFound)

            _ = try await PostsAPITests.sync(client)
            let back = try await client.call(.get, "/api/posts/marks").body
            #expect(Self.ids(back, "starred") == [5] && Self.ids(back, "read") == [5])
        }
    }

    @Test func marksOutliveTheServerOnSQLite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-marks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await buildApplication(testConfiguration(dataDirectory: folder.path)).test(.live) { client in
            _ = try await PostsAPITests.sync(client)
            #expect(try await Self.put(client, "/api/posts/2/star").status == .ok)
            #expect(try await Self.put(client, "/api/posts/4/read").status == .ok)
        }
        try await buildApplication(testConfiguration(dataDirectory: folder.path)).test(.live) { client in
            let marks = try await client.call(.get, "/api/posts/marks").body
            #expect(Self.ids(marks, "starred") == [2] && Self.ids(marks, "read") == [4])
        }
    }
}
