import ClassroomKit
import Foundation
import GridKit
import Logging
import TesseraStore

/// How long anonymous work is kept, and how much of it (`tessera serve --retain-idle`,
/// `--max-anonymous-documents`). What belongs to an account is never purged nor capped.
public struct RetentionOptions: Sendable, Equatable {
    /// Anonymous games, puzzles, levels and progress nobody has written for this long are deleted.
    public var retainIdle: Duration = .seconds(90 * 86_400)
    /// Anonymous documents kept at most, all kinds together; one more answers 507 `storage_full`.
    public var maxAnonymousDocuments = 1_000_000
    /// Rows one purge step deletes: small enough that a request waiting behind it barely notices.
    public var batchSize = 300

    public init() {}

    /// The purge runs at start and then every hour, or more often when documents are kept for
    /// less than an hour (`--retain-idle 1s` purges about every second).
    public var interval: Duration { min(.seconds(3600), retainIdle) }
}

/// One round of the retention purge: each kind in turn, in batches with a yield between them, so
/// requests (and SQLite's one writer) never wait behind more than one batch. On PostgreSQL the
/// round runs on one node at a time (an advisory lock, `PostgresSyncLock` on a key of its own); a
/// node that finds it taken skips the round, since the other node is doing the same work.
struct RetentionPurge: Sendable {
    /// A kind of document the purge may delete from, by the name `/metrics` gives it.
    struct Kind: Sendable {
        let name: String
        let purge: @Sendable (_ cutoff: Date, _ limit: Int) async throws -> Int
        let count: @Sendable () async throws -> Int

        /// Named after its table (`tictactoe_match`, …), as the cap counts it.
        init<Document: TableDocument>(_ store: any DocumentStore<Document>) {
            self.name = Document.table
            self.purge = { cutoff, limit in try await store.purge(idleSince: cutoff, limit: limit) }
            self.count = { try await store.anonymousCount() }
        }
    }

    /// `session` in `/metrics`: sessions idle past `AccountRules.sessionIdleLimit`, whatever
    /// `--retain-idle` says (they belong to accounts, and no longer sign anyone in).
    static let sessionKind = "session"

    let kinds: [Kind]
    let accounts: any AccountStore
    let lock: any SyncLock
    let anonymous: AnonymousDocuments
    let options: RetentionOptions

    /// The kinds a purge touches. Posts (a copy of the origin), accounts, classes, class locks
    /// and saved programs (an account's) are not among them.
    init(stores: AppStores, anonymous: AnonymousDocuments, options: RetentionOptions) {
        kinds = [Kind(stores.games), Kind(stores.puzzles), Kind(stores.routerLevels), Kind(stores.routerProgress)]
        accounts = stores.accounts
        lock = stores.retentionLock
        self.anonymous = anonymous
        self.options = options
    }

    /// Deleted rows by kind (only kinds that lost some); `nil` when another node holds the lock.
    func round(now: Date = Date()) async throws -> [String: Int]? {
        // The cap's counts are read afterwards whatever happened: on a node that found the lock
        // taken, or a round that failed half-way, they would otherwise stay as they were.
        let deleted: [String: Int]?
        do {
            deleted = try await purge(now: now)
        } catch {
            await refreshAnonymousCounts()
            throw error
        }
        await refreshAnonymousCounts()
        return deleted
    }

    /// Reads how many anonymous documents of each kind there are, for `--max-anonymous-documents`.
    func refreshAnonymousCounts() async {
        for kind in kinds {
            if let count = try? await kind.count() { anonymous.set(kind.name, count) }
        }
    }

    private func purge(now: Date) async throws -> [String: Int]? {
        try await lock.run { [self] in
            var deleted: [String: Int] = [:]
            let cutoff = now.addingTimeInterval(-options.retainIdle.seconds)
            for kind in kinds {
                let count = try await batches { try await kind.purge(cutoff, $0) }
                if count > 0 { deleted[kind.name] = count }
            }
            let sessions = try await batches { [accounts] limit in
                try await accounts.deleteSessions(lastSeenBefore: now.addingTimeInterval(-AccountRules.sessionIdleLimit), limit: limit)
            }
            if sessions > 0 { deleted[Self.sessionKind] = sessions }
            return deleted
        }
    }

    /// Batches until one comes back short; a yield after each lets waiting requests in first.
    private func batches(_ step: @Sendable (Int) async throws -> Int) async throws -> Int {
        var total = 0
        while true {
            try Task.checkCancellation()
            let deleted = try await step(options.batchSize)
            total += deleted
            await Task.yield()
            if deleted < options.batchSize { return total }
        }
    }
}
