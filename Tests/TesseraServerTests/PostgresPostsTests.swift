import Foundation
import PostsKit
import Testing
import TesseraTestSupport
@testable import TesseraServer
@testable import TesseraStore

/// The reader on PostgreSQL: the same answers as the in-memory store, and a sync asked of two
/// nodes at once runs once. Runs only when `TESSERA_TEST_DATABASE_URL` is set.
@Suite(.enabled(if: testDatabaseURL != nil, "set TESSERA_TEST_DATABASE_URL to run the PostgreSQL tests"))
struct PostgresPostsTests {
    @Test func aMergeMirrorsTheOriginLikeTheInMemoryStoreAndASecondWritesNothing() async throws {
        let store = try await PostgresPostsStore(database: try #require(try testPostgres()))
        let reference = InMemoryPostsStore()
        let data = PostsSyncTests.data()
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        let plan = try await store.merge(data, at: time)
        #expect(plan == (try await reference.merge(data, at: time)))
        #expect(try await store.summaries() == (try await reference.summaries()))
        #expect(try await store.detail(postID: 1) == (try await reference.detail(postID: 1)))
        #expect(try await store.album(id: 1) == (try await reference.album(id: 1)))
        #expect(try await store.photo(id: 1) == (try await reference.photo(id: 1)))
        #expect(try await store.counts() == (try await reference.counts()))
        #expect(try await store.lastSync() == time)
        #expect(try await store.merge(data, at: time).writes == 0, "nothing changed, nothing written")

        // Changes, deletions and the cascade: user 999999 goes, with their post, album and photo.
        var changed = data
        changed.users.removeAll { $0.id == 999_999 }
        changed.posts[0] = Post(userId: 1, id: 1, title: "first, edited", body: "one")
        let second = try await store.merge(changed, at: time)
        #expect(second == (try await reference.merge(changed, at: time)))
        #expect(try await store.counts() == (try await reference.counts()))
        #expect(try await store.summaries() == (try await reference.summaries()))
        #expect(try await store.deletePost(id: 2))
        #expect(try await store.deletePost(id: 2) == false)
        #expect(try await store.detail(postID: 2) == nil)
    }

    @Test func aSyncAskedOfTwoNodesAtOnceRunsOnce() async throws {
        let schema = uniqueTestSchema()
        let (databaseA, databaseB) = (try #require(try testPostgres(schema: schema)), try #require(try testPostgres(schema: schema)))
        let storeA = try await PostgresPostsStore(database: databaseA)
        let storeB = try await PostgresPostsStore(database: databaseB)
        let origin = PostsSyncTests.FakeOrigin(PostsSyncTests.data())
        let syncA = PostsSync(store: storeA, lock: PostgresSyncLock(database: databaseA)) { (origin, "fake") }
        let syncB = PostsSync(store: storeB, lock: PostgresSyncLock(database: databaseB)) { (origin, "fake") }
        origin.hold()
        let joined = Joined()
        let first = Task { try await syncA.sync() }
        while origin.fetches.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(5)) }  // A holds the lock, downloading
        let secondTask = Task { try await syncB.sync { if case .joined = $0 { joined.mark() } } }
        while !joined.marked { try await Task.sleep(for: .milliseconds(5)) }  // B found A's sync running
        await origin.release()
        let second = try await secondTask.value
        let report = try await first.value
        #expect(origin.fetches.withLock { $0 } == 1, "the origin was read once")
        #expect(joined.marked)
        #expect(report.inserted > 0)
        #expect(second.posts == report.posts && second.inserted == 0, "the joining node reports what is stored")
    }

    final class Joined: Sendable {
        private let flag = Flag()
        func mark() { flag.set() }
        var marked: Bool { flag.isSet }
    }
}
