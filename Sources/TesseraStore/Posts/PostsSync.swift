import Foundation
import GridKit
import PostsKit
import Synchronization

/// Runs syncs of the reader against its origin, one at a time:
/// - a sync fetches the five lists first and merges them in one transaction, so a failing origin
///   changes nothing;
/// - a sync requested while one runs joins it: both callers get the same result (the original
///   silently dropped the second caller); one requested once it has finished starts a new one;
/// - a post deleted while a sync runs is deleted at once and again right after the sync commits,
///   so the sync cannot bring it back; the next sync does (the original's requirement);
/// - with several nodes on one database, a sync runs under `lock` (PostgreSQL: an advisory lock),
///   so two nodes asked at once sync once: the node that cannot take the lock joins like a second
///   local caller, waits for the other node's sync to end and reports what is stored then.
package actor PostsSync {
    package enum Progress: Sendable {
        case started(origin: String)
        /// One of the five lists arrived (`posts`, `comments`, `users`, `albums` or `photos`).
        case fetched(list: String, count: Int)
        /// This caller joined a sync that was already running.
        case joined
    }

    private let store: any PostsStore
    private let lock: any SyncLock
    private let origin: @Sendable () -> (any PostsOrigin, String)
    private var running: Task<PostsSyncReport, any Error>?
    /// Outside the actor's isolation, so progress from the fetch's child tasks is told at once and
    /// in order (not through detached tasks that could arrive after `finished`).
    private let observers = Mutex<[UUID: @Sendable (Progress) -> Void]>([:])
    private var deletedDuringSync: Set<Int> = []

    /// `origin` is asked at each sync, so it can follow the server's own address once it listens.
    package init(store: any PostsStore, lock: any SyncLock = InProcessSyncLock(),
         origin: @escaping @Sendable () -> (any PostsOrigin, String)) {
        self.store = store
        self.lock = lock
        self.origin = origin
    }

    package var isRunning: Bool { running != nil }

    /// Syncs, or joins the sync already running; `progress` hears this sync's steps.
    package func sync(progress: @escaping @Sendable (Progress) -> Void = { _ in }) async throws -> PostsSyncReport {
        let id = UUID()
        observers.withLock { $0[id] = progress }
        defer { observers.withLock { $0[id] = nil } }
        if let running {
            progress(.joined)
            return try await running.value
        }
        let task = Task { try await self.runAndFinish() }
        running = task
        return try await task.value
    }

    /// One sync, which stops being the running one on the actor before its task ends. Clearing
    /// `running` only when the first caller resumed (as it once was) left a window in which a
    /// caller arriving after the sync had finished joined it and got its old result.
    private func runAndFinish() async throws -> PostsSyncReport {
        defer { running = nil }
        return try await runOnce()
    }

    /// Deletes a post locally; it comes back with the next sync (unless it is deleted again).
    package func deletePost(id: Int) async throws -> Bool {
        if running != nil { deletedDuringSync.insert(id) }
        return try await store.deletePost(id: id)
    }

    private nonisolated func tell(_ progress: Progress) {
        for observer in observers.withLock({ Array($0.values) }) { observer(progress) }
    }

    /// Runs the sync under the lock, or, when another node holds it, joins that node's sync.
    private func runOnce() async throws -> PostsSyncReport {
        if let report = try await lock.run({ try await self.run() }) { return report }
        let clock = ContinuousClock()
        let started = clock.now
        tell(.joined)
        try await lock.waitUntilFree()
        return PostsSyncReport(plan: MergePlan(), counts: try await store.counts(),
                               seconds: (clock.now - started).seconds, downloadSeconds: 0)
    }

    private func run() async throws -> PostsSyncReport {
        let clock = ContinuousClock()
        let started = clock.now
        let (source, name) = origin()
        tell(.started(origin: name))
        defer { deletedDuringSync = [] }
        let snapshot = try await PostsSnapshot.fetch(from: source) { [self] list, count in
            tell(.fetched(list: list, count: count))
        }
        let downloaded = clock.now - started
        // Posts deleted since the fetch began are left out, so the merge neither brings them back
        // nor names them restored; any deleted during the merge are deleted again below.
        let plan = try await store.merge(snapshot.removingPosts(deletedDuringSync), at: Date())
        for id in deletedDuringSync { _ = try await store.deletePost(id: id) }
        let counts = try await store.counts()
        return PostsSyncReport(plan: plan, counts: counts, seconds: (clock.now - started).seconds,
                               downloadSeconds: downloaded.seconds)
    }
}

/// Makes a sync run once across every process sharing the store. PostgreSQL's is
/// `PostgresSyncLock` (a session advisory lock); in one process the actor already runs one sync
/// at a time, so `InProcessSyncLock` always lets it run.
package protocol SyncLock: Sendable {
    /// Runs `body` while holding the lock; `nil`, without running it, when another process holds it.
    func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T?
    /// Returns once no process holds the lock.
    func waitUntilFree() async throws
}

package struct InProcessSyncLock: SyncLock {
    package func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T? { try await body() }
    package func waitUntilFree() async throws {}
}
