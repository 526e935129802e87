import Foundation
import PostsKit
import Synchronization
import Testing
@testable import TesseraServer
@testable import TesseraStore

/// A caller that asks for a Posts sync once one has finished gets a fresh sync (or joins one that
/// is still running), never the finished sync's old result.
@Suite struct PostsSyncRaceTests {
    typealias FakeOrigin = PostsSyncTests.FakeOrigin

    /// The fake origin with one more post at each sync, so a report's post count names the sync
    /// it came from.
    final class GrowingOrigin: PostsOrigin {
        let inner: FakeOrigin
        let syncs = Mutex(0)
        init(_ inner: FakeOrigin) { self.inner = inner }

        func posts() async throws -> [Post] {
            let sync = syncs.withLock { count in
                count += 1
                return count
            }
            let extra = (1...sync).map { Post(userId: 1, id: 1000 + $0, title: "new \($0)", body: "more") }
            return try await inner.posts() + extra
        }
        func users() async throws -> [Author] { try await inner.users() }
        func albums() async throws -> [Album] { try await inner.albums() }
        func photos() async throws -> [Photo] { try await inner.photos() }
        func comments() async throws -> [PostsKit.Comment] { try await inner.comments() }
    }

    /// Many callers join one sync; each asks again the moment it hears the result. The sync that
    /// answered them had finished by then, so every second answer must come from another sync.
    /// (Before the fix, a caller could slip in after the sync's task ended but before its first
    /// caller resumed and cleared it, and get the same report twice.)
    @Test func aCallerArrivingAfterASyncFinishedNeverGetsItsResult() async throws {
        let fake = FakeOrigin(PostsSyncTests.data())
        let origin = GrowingOrigin(fake)
        let sync = PostsSync(store: InMemoryPostsStore()) { (origin, "fake") }
        var stale = 0
        for _ in 0..<60 {
            fake.hold()
            stale += try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let first = try await sync.sync()
                        let again = try await sync.sync()
                        return again.posts == first.posts
                    }
                }
                await fake.release()
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
        }
        #expect(stale == 0, "callers got a sync that had already finished")
    }
}
