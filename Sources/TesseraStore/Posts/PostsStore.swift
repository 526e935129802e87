import Foundation
import PostsKit
import Synchronization

/// Where the reader's posts, users, albums and photos are kept. Not one document per id like the
/// other apps, so it has its own protocol, with the same three parts: this protocol, an in-memory
/// implementation for the unit tests, and a GRDB one with its migrations (`SQLitePostsStore`).
package protocol PostsStore: Sendable {
    /// Makes the store equal to `fetched` in one transaction, writing only what changed (see
    /// `MergePlan`), and records when and what changed in the posts (`PostsSyncChanges`, the last
    /// `PostsSyncChanges.kept` syncs); returns what was written.
    func merge(_ fetched: PostsSnapshot, at time: Date) async throws -> MergePlan
    func summaries() async throws -> [PostSummary]
    func detail(postID: Int) async throws -> PostDetail?
    func album(id: Int) async throws -> AlbumPhotos?
    func photo(id: Int) async throws -> Photo?
    /// `false` when there is no such post. The id is remembered until a sync brings the post back
    /// (a restore, in that sync's changes) or a sync finds the origin no longer has it.
    func deletePost(id: Int) async throws -> Bool
    func counts() async throws -> PostsCounts
    /// When the last successful sync committed; `nil` before the first.
    func lastSync() async throws -> Date?
    /// What the last syncs changed, newest first (at most `PostsSyncChanges.kept`).
    func changes() async throws -> [PostsSyncChanges]
}

/// The reader's tables in memory, for tests; nothing survives the process.
package final class InMemoryPostsStore: PostsStore {
    private struct State {
        var tables = PostsTables()
        var lastSync: Date?
        var deletedHere: Set<Int> = []
        var changes: [PostsSyncChanges] = []  // newest first
    }
    private let state = Mutex(State())

    package func merge(_ fetched: PostsSnapshot, at time: Date) async throws -> MergePlan {
        state.withLock { state in
            let stored = state.tables.snapshot
            let plan = MergePlan(stored: stored, fetched: fetched)
            state.tables.apply(plan)
            state.lastSync = time
            let changes = PostsSyncChanges(stored: stored, plan: plan, deletedHere: state.deletedHere, at: time)
            if changes.replaces(state.changes.first) {
                state.changes[0] = changes
            } else {
                state.changes = Array(([changes] + state.changes).prefix(PostsSyncChanges.kept))
            }
            // Every deletion is settled now: the post came back, or the origin dropped it too.
            state.deletedHere = []
            return plan
        }
    }

    package func summaries() async throws -> [PostSummary] { state.withLock { $0.tables.summaries } }
    package func detail(postID: Int) async throws -> PostDetail? { state.withLock { $0.tables.detail(postID: postID) } }
    package func album(id: Int) async throws -> AlbumPhotos? { state.withLock { $0.tables.album(id: id) } }
    package func photo(id: Int) async throws -> Photo? { state.withLock { $0.tables.photos[id] } }
    package func deletePost(id: Int) async throws -> Bool {
        state.withLock { state in
            guard state.tables.deletePost(id: id) else { return false }
            state.deletedHere.insert(id)
            return true
        }
    }
    package func counts() async throws -> PostsCounts { state.withLock { $0.tables.counts } }
    package func lastSync() async throws -> Date? { state.withLock { $0.lastSync } }
    package func changes() async throws -> [PostsSyncChanges] { state.withLock { $0.changes } }
}
