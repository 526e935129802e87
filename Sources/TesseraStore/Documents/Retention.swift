import ClassroomKit
import Foundation
import RouterKit

// What the retention purge may delete (`tessera serve --retain-idle`): documents that belong to
// nobody or to an anonymous browser and that nobody has written for a while. What belongs to an
// account (`acct-…`) is never idle, whatever its age; an owner of any other form is kept too, so
// a new kind of owner is safe until someone decides otherwise.

extension StoredDocument {
    /// Nobody's (`nil`) or an anonymous browser's (`anon-…`): what idleness may remove.
    package var isAnonymous: Bool { owner.map { $0.hasPrefix(Retention.anonymousPrefix) } ?? true }
}

/// A player's progress belongs to the account it is named after (`acct-<id>`); an anonymous
/// page's player id (16 letters, no dash) belongs to nobody, as games and puzzles do.
extension PlayerProgress {
    package var owner: String? { id.hasPrefix(Account.playerPrefix) ? id : nil }
    package static var ownerIsAccountID: Bool { true }
}

package enum Retention {
    static let anonymousPrefix = "anon-"
    /// The SQL form of `isAnonymous`, the same on SQLite and PostgreSQL. The partial index on
    /// `updated_at` is made with exactly this condition, so a purge's query, which repeats it,
    /// reads only idle anonymous rows from the index and never walks past accounts' documents.
    static let anonymousCondition = "(owner IS NULL OR owner LIKE 'anon-%')"

    /// The index each document table gets for the purge (`<table>-retention-v1`).
    static func indexStatement(_ table: String) -> String {
        "CREATE INDEX IF NOT EXISTS \(table)_idle ON \(table) (updated_at) WHERE \(anonymousCondition)"
    }

    /// Rows written before their owner was kept (a player's progress): the owner from the id.
    static func backfillStatement(_ table: String) -> String {
        "UPDATE \(table) SET owner = id WHERE owner IS NULL AND id LIKE 'acct-%'"
    }

    /// The migrations the purge needs on a document table, as SQL both databases run as written.
    static func statements<Document: TableDocument>(for _: Document.Type) -> [String] {
        (Document.ownerIsAccountID ? [backfillStatement(Document.table)] : []) + [indexStatement(Document.table)]
    }

    static func migrationName(_ table: String) -> String { "\(table)-retention-v1" }
}

extension AppStores {
    /// Keeps the retention purge to one node at a time: on PostgreSQL an advisory lock on a key of
    /// its own ("prge" in ASCII, beside the Posts sync's "sync"; a node that finds it taken skips
    /// the round, as the holder is doing the same work); one process has nothing to share it with.
    package var retentionLock: any SyncLock {
        postgres.map { PostgresSyncLock(database: $0, key: 0x7072_6765) } ?? InProcessSyncLock()
    }
}
