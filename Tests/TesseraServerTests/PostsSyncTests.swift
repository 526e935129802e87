import Foundation
import PostsKit
import Synchronization
import Testing
import TesseraTestSupport
@testable import TesseraServer
@testable import TesseraStore

/// A sync is all-or-nothing, joins a sync already running, and a post deleted during a sync stays
/// deleted after it — against both stores.
@Suite struct PostsSyncTests {
    /// An origin that serves a snapshot, counts the fetches and can hold or fail them.
    final class FakeOrigin: PostsOrigin {
        private struct Gate {
            var holding = false
            var waiting: [CheckedContinuation<Void, Never>] = []
        }
        let snapshot: Mutex<PostsSnapshot>
        let fetches = Mutex(0)
        let failure = Mutex<PostsOriginError?>(nil)
        private let gate = Mutex(Gate())

        init(_ snapshot: PostsSnapshot) { self.snapshot = Mutex(snapshot) }

        /// From now on, every list waits until `release()`.
        func hold() { gate.withLock { $0.holding = true } }

        /// Waits until a sync is reading (some list is held), then lets every list go.
        func release() async {
            while gate.withLock({ $0.waiting.isEmpty }) { try? await Task.sleep(for: .milliseconds(1)) }
            let waiting = gate.withLock { gate in
                defer { gate = Gate() }
                return gate.waiting
            }
            waiting.forEach { $0.resume() }
        }

        private func serve<T>(_ pick: (PostsSnapshot) -> T) async throws -> T {
            await withCheckedContinuation { continuation in
                let held = gate.withLock { gate in
                    if gate.holding { gate.waiting.append(continuation) }
                    return gate.holding
                }
                if !held { continuation.resume() }
            }
            if let failure = failure.withLock({ $0 }) { throw failure }
            return snapshot.withLock { pick($0) }
        }

        func users() async throws -> [Author] {
            fetches.withLock { $0 += 1 }
            return try await serve(\.users)
        }
        func posts() async throws -> [Post] { try await serve(\.posts) }
        func albums() async throws -> [Album] { try await serve(\.albums) }
        func photos() async throws -> [Photo] { try await serve(\.photos) }
        func comments() async throws -> [PostsKit.Comment] { try await serve(\.comments) }
    }

    static func stores() throws -> [(String, any PostsStore)] {
        [("memory", InMemoryPostsStore()),
         ("sqlite", try SQLitePostsStore(database: TesseraDatabase(directory: temporaryDirectory())))]
    }

    static func data() -> PostsSnapshot {
        PostsSnapshot(
            users: [Author(id: 1, name: "Ann", username: "ann", email: "ann@example.org"),
                    Author(id: 999_999, name: "Gone", username: "gone", email: "gone@example.org")],
            posts: [Post(userId: 1, id: 1, title: "first", body: "one"), Post(userId: 1, id: 2, title: "second", body: "two"),
                    Post(userId: 999_999, id: 3, title: "third", body: "three")],
            albums: [Album(userId: 1, id: 1, title: "album"), Album(userId: 999_999, id: 2, title: "theirs")],
            photos: [Photo(albumId: 1, id: 1, title: "photo", url: "http://x/600/1", thumbnailUrl: "http://x/150/1"),
                     Photo(albumId: 2, id: 2, title: "theirs", url: "http://x/600/2", thumbnailUrl: "http://x/150/2")])
    }

    @Test func aSyncMirrorsTheOriginAndASecondWritesNothing() async throws {
        for (name, store) in try Self.stores() {
            let origin = FakeOrigin(Self.data())
            let sync = PostsSync(store: store) { (origin, "fake") }
            let first = try await sync.sync()
            #expect(first.inserted == 9 && first.posts == 3 && first.photos == 2, "\(name)")
            #expect(try await store.lastSync() != nil, "\(name)")
            let second = try await sync.sync()
            #expect(second.inserted + second.updated + second.deleted == 0 && second.unchanged == 9, "\(name)")

            // The origin drops user 999999: their post, album and photo go too.
            origin.snapshot.withLock { data in
                data.users.removeLast(); data.posts.removeLast(); data.albums.removeLast(); data.photos.removeLast()
                data.posts[0].title = "first, edited"
            }
            let third = try await sync.sync()
            #expect(third.updated == 1 && third.deleted == 4, "\(name)")
            #expect(try await store.counts() == PostsCounts(users: 1, posts: 2, albums: 1, photos: 1), "\(name)")
            #expect(try await store.summaries().first?.title == "First, edited", "\(name)")
            #expect(try await store.detail(postID: 1)?.albums.map(\.photoCount) == [1], "\(name)")
        }
    }

    @Test func aFailingOriginChangesNothing() async throws {
        for (name, store) in try Self.stores() {
            let origin = FakeOrigin(Self.data())
            let sync = PostsSync(store: store) { (origin, "fake") }
            _ = try await sync.sync()
            origin.snapshot.withLock { $0 = PostsSnapshot() }
            origin.failure.withLock { $0 = .status("photos", code: 500) }
            await #expect(throws: PostsOriginError.status("photos", code: 500)) { try await sync.sync() }
            #expect(try await store.counts().posts == 3, "\(name): nothing was deleted")
        }
    }

    @Test func aSecondSyncJoinsTheFirstAndBothGetItsResult() async throws {
        for (name, store) in try Self.stores() {
            let origin = FakeOrigin(Self.data())
            origin.hold()
            let sync = PostsSync(store: store) { (origin, "fake") }
            let joined = Mutex(false)
            async let first = sync.sync()
            async let second = sync.sync { if case .joined = $0 { joined.withLock { $0 = true } } }
            await origin.release()
            let (a, b) = try await (first, second)
            #expect(a == b, "\(name)")
            #expect(origin.fetches.withLock { $0 } == 1, "\(name): the origin was read once")
            #expect(joined.withLock { $0 }, "\(name)")
        }
    }

    @Test func aPostDeletedDuringASyncIsGoneAfterItAndBackAfterTheNext() async throws {
        for (name, store) in try Self.stores() {
            let origin = FakeOrigin(Self.data())
            let sync = PostsSync(store: store) { (origin, "fake") }
            _ = try await sync.sync()
            origin.hold()
            async let running = sync.sync()
            while await !sync.isRunning { await Task.yield() }
            #expect(try await sync.deletePost(id: 1), "\(name)")
            await origin.release()
            _ = try await running
            #expect(try await store.detail(postID: 1) == nil, "\(name): the sync did not bring it back")
            _ = try await sync.sync()
            #expect(try await store.detail(postID: 1) != nil, "\(name): the next sync did")
        }
    }
}
