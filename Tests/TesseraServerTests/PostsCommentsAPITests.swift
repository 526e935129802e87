import Foundation
import Hummingbird
import HummingbirdTesting
import PostsKit
import Testing
import TesseraTestSupport
@testable import TesseraServer
@testable import TesseraStore

/// Comments, "what changed" and the body search through the API, on the suite's backend
/// (PostgreSQL with `TESSERA_TEST_BACKEND=postgres`); and each store's record of changes.
@Suite struct PostsCommentsAPITests {
    @Test func commentsAreSyncedCountedInTheListAndShownInTheDetail() async throws {
        try await buildApplication(testConfiguration()).test(.live) { client in
            _ = try await PostsAPITests.sync(client)
            let status = try await client.call(.get, "/api/posts/status").body
            #expect(status["comments"] as? Int == 500)
            let posts = try #require(try await client.call(.get, "/api/posts").body["posts"] as? [[String: Any]])
            #expect(posts.allSatisfy { $0["comments"] as? Int == 5 && $0["excerpt"] == nil })
            let detail = try await client.call(.get, "/api/posts/3").body
            let comments = try #require(detail["comments"] as? [[String: Any]])
            #expect(comments.map { $0["id"] as? Int } == [11, 12, 13, 14, 15])
            #expect(comments.allSatisfy { ($0["body"] as? String)?.first?.isUppercase == true && $0["email"] is String && $0["name"] is String })
        }
    }

    @Test func theChangesOfEachSyncAreKeptNewestFirst() async throws {
        try await buildApplication(testConfiguration()).test(.live) { client in
            #expect(try await client.call(.get, "/api/posts/changes").body["syncs"] as? [Any] != nil)
            _ = try await PostsAPITests.sync(client)
            let first = try #require(try await client.call(.get, "/api/posts/changes").body["syncs"] as? [[String: Any]])
            #expect(first.count == 1)
            #expect((first[0]["added"] as? [Any])?.count == PostsSyncChanges.maxListed)
            #expect(first[0]["unlisted"] as? Int == 100 - PostsSyncChanges.maxListed)
            #expect((first[0]["comments"] as? [String: Any])?["added"] as? Int == 500)
            #expect(first[0]["syncedAt"] is String)

            // A post deleted here comes back with the next sync, named as restored, with its comments.
            #expect(try await client.call(.delete, "/api/posts/7").status == .noContent)
            _ = try await PostsAPITests.sync(client)
            let syncs = try #require(try await client.call(.get, "/api/posts/changes").body["syncs"] as? [[String: Any]])
            #expect(syncs.count == 2)
            let restored = try #require(syncs[0]["restored"] as? [[String: Any]])
            #expect(restored.map { $0["id"] as? Int } == [7] && restored[0]["title"] is String)
            #expect((syncs[0]["added"] as? [Any])?.isEmpty == true && (syncs[0]["edited"] as? [Any])?.isEmpty == true)
            #expect((syncs[0]["comments"] as? [String: Any])?["added"] as? Int == 5)

            // A third sync changes nothing and says so; the restore is not named again.
            _ = try await PostsAPITests.sync(client)
            let third = try #require(try await client.call(.get, "/api/posts/changes").body["syncs"] as? [[String: Any]])
            #expect(third.count == 3 && (third[0]["restored"] as? [Any])?.isEmpty == true)

            // A fourth quiet sync takes the third's place: the restore stays in view.
            _ = try await PostsAPITests.sync(client)
            let fourth = try #require(try await client.call(.get, "/api/posts/changes").body["syncs"] as? [[String: Any]])
            #expect(fourth.count == 3 && (fourth[1]["restored"] as? [Any])?.count == 1)
            #expect(try #require(fourth[0]["syncedAt"] as? String) > (try #require(third[0]["syncedAt"] as? String)))
        }
    }

    @Test func theSearchReadsBodiesAndSaysWhereItFoundTheWords() async throws {
        try await buildApplication(testConfiguration()).test(.live) { client in
            _ = try await PostsAPITests.sync(client)
            let post = try await client.call(.get, "/api/posts/1").body
            let title = try #require(post["title"] as? String).lowercased()
            let body = try #require(post["body"] as? String)
            // A word of the body that is not in the title: post 1 matches it, with an excerpt.
            let word = try #require(body.split(separator: " ").map(String.init).first { $0.count > 4 && !title.contains($0.lowercased()) })
            let found = try await client.call(.get, "/api/posts?search=\(word.uppercased())").body
            let hits = try #require(found["posts"] as? [[String: Any]])
            let first = try #require(hits.first { $0["id"] as? Int == 1 })
            let excerpt = try #require(first["excerpt"] as? String)
            #expect(excerpt.lowercased().contains(word.lowercased()) && excerpt.count < body.count + 3)
        }
    }

    static func stores() async throws -> [(String, any PostsStore)] {
        var stores: [(String, any PostsStore)] = [("memory", InMemoryPostsStore()),
            ("sqlite", try SQLitePostsStore(database: TesseraDatabase(directory: temporaryDirectory())))]
        if let database = try testPostgres() { stores.append(("postgres", try await PostgresPostsStore(database: database))) }
        return stores
    }

    @Test func everyStoreRecordsEditsWithTheirWordsAndKeepsTheLastSyncs() async throws {
        for (name, store) in try await Self.stores() {
            var data = PostsSyncTests.data()
            data.comments = [PostsKit.Comment(postId: 1, id: 1, name: "ann", email: "a@x", body: "hello there"),
                             PostsKit.Comment(postId: 2, id: 2, name: "bob", email: "b@x", body: "hi")]
            _ = try await store.merge(data, at: Date(timeIntervalSince1970: 1_700_000_000))
            #expect(try await store.counts().comments == 2, "\(name)")
            #expect(try await store.detail(postID: 1)?.comments.map(\.body) == ["Hello there"], "\(name)")
            #expect(try await store.summaries().map(\.comments) == [1, 1, 0], "\(name)")

            data.posts[0].body = "one more"
            data.comments[1].body = "hi again"
            #expect(try await store.deletePost(id: 2), "\(name)")
            #expect(try await store.counts().comments == 1, "\(name): the post took its comment")
            _ = try await store.merge(data, at: Date(timeIntervalSince1970: 1_700_000_060))
            let changes = try await store.changes()
            #expect(changes.count == 2, "\(name)")
            let last = try #require(changes.first)
            #expect(last.syncedAt == "2023-11-14T22:14:20.000Z", "\(name)")
            #expect(last.edited.map(\.id) == [1] && last.edited[0].titleChanges.isEmpty, "\(name)")
            #expect(last.edited[0].bodyChanges == [.init(.same, "One"), .init(.added, "more")], "\(name)")
            #expect(last.restored.map(\.id) == [2] && last.added.isEmpty, "\(name)")
            #expect(try await store.detail(postID: 2)?.comments.map(\.body) == ["Hi again"], "\(name)")

            // Quiet syncs take one place, the newest's time: the syncs that changed something stay.
            func at(_ minute: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(minute * 60)) }
            for minute in 2...4 { _ = try await store.merge(data, at: at(minute)) }
            let quiet = try await store.changes()
            #expect(quiet.count == 3 && quiet[0].isEmpty && quiet[1].restored.map(\.id) == [2], "\(name)")
            #expect(quiet.first?.syncedAt == "2023-11-14T22:17:20.000Z", "\(name)")

            // Only the last `kept` are kept.
            for minute in 5...16 {
                data.posts[0].body = "edit \(minute)"
                _ = try await store.merge(data, at: at(minute))
            }
            let kept = try await store.changes()
            #expect(kept.count == PostsSyncChanges.kept && !kept.contains(where: \.isEmpty), "\(name)")
            #expect(kept.first?.syncedAt == "2023-11-14T22:29:20.000Z", "\(name)")

            // A deletion is forgotten once a sync has settled it, even when the origin dropped the post too.
            #expect(try await store.deletePost(id: 3), "\(name)")
            data.posts.removeAll { $0.id == 3 }
            data.comments.removeAll { $0.postId == 3 }
            _ = try await store.merge(data, at: at(17))
            data.posts.append(PostsSyncTests.data().posts[2])
            _ = try await store.merge(data, at: at(18))
            let back = try #require(try await store.changes().first)
            #expect(back.added.map(\.id) == [3] && back.restored.isEmpty, "\(name): a new post, not a restore")
        }
    }
}
