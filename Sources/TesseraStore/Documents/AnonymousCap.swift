import Foundation
import PentominoKit
import RouterKit
import Synchronization
import TicTacToeKit

/// How many anonymous documents are kept, by kind, against `--max-anonymous-documents`. Each
/// purge round sets every kind's count from the database (so other nodes' documents count too,
/// as of the last round), and this node's creations add to it in between: approximate across
/// nodes, never a query per request.
package final class AnonymousDocuments: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    package let cap: Int

    package init(cap: Int) { self.cap = cap }

    package var total: Int { counts.withLock { $0.values.reduce(0, +) } }

    package func set(_ kind: String, _ count: Int) { counts.withLock { $0[kind] = count } }

    package func add(_ kind: String, _ count: Int) { counts.withLock { $0[kind, default: 0] += count } }

    /// `AnonymousStorageFull` when one more `kind` would pass the cap.
    package func checkRoom(for kind: String) throws {
        guard total < cap else { throw AnonymousStorageFull(kind: kind) }
    }
}

/// One more anonymous document would pass `--max-anonymous-documents` (the server answers 507
/// `storage_full`, `Core/RetentionCap.swift`). Storage's own error, not a `StoreError`: nothing is
/// wrong with the database, the server is keeping what it promised to keep at most.
package struct AnonymousStorageFull: Error, Equatable {
    /// The table of the document that was refused (`tictactoe_match`, `router_level`, …).
    package let kind: String
}

/// A document store that refuses to create one more anonymous document past the cap (and counts
/// the ones it creates); everything else passes straight through. What an account creates is
/// never refused.
package struct CappedDocumentStore<Document: TableDocument>: DocumentStore {
    let base: any DocumentStore<Document>
    let anonymous: AnonymousDocuments
    /// Counted under its table's name, as the purge counts it.
    private var kind: String { Document.table }

    package init(_ base: any DocumentStore<Document>, anonymous: AnonymousDocuments) {
        self.base = base
        self.anonymous = anonymous
    }

    package func insert(_ document: Document) async throws {
        guard document.isAnonymous else { return try await base.insert(document) }
        try anonymous.checkRoom(for: kind)
        try await base.insert(document)
        anonymous.add(kind, 1)
    }

    /// An upsert creates only when the document is not there yet (a player's first run): only
    /// that is refused when full, and counted.
    package func upsert(_ initial: Document, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document {
        guard initial.isAnonymous else { return try await base.upsert(initial, change) }
        let isNew = try await base.find(id: initial.id) == nil
        if isNew { try anonymous.checkRoom(for: kind) }
        let document = try await base.upsert(initial, change)
        if isNew && document.isAnonymous { anonymous.add(kind, 1) }
        return document
    }

    package func delete(id: String) async throws -> Bool {
        let wasAnonymous = try await base.find(id: id)?.isAnonymous ?? false
        let deleted = try await base.delete(id: id)
        if deleted && wasAnonymous { anonymous.add(kind, -1) }
        return deleted
    }

    package func find(id: String) async throws -> Document? { try await base.find(id: id) }

    package func update(id: String, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document? {
        try await base.update(id: id, change)
    }

    package func all(limit: Int) async throws -> [Document] { try await base.all(limit: limit) }

    package func newest(listedUnder keys: Set<String>, excludingOwners excludedOwners: Set<String>, limit: Int,
                offset: Int) async throws -> [Document] {
        try await base.newest(listedUnder: keys, excludingOwners: excludedOwners, limit: limit, offset: offset)
    }

    package func purge(idleSince cutoff: Date, limit: Int) async throws -> Int { try await base.purge(idleSince: cutoff, limit: limit) }

    package func anonymousCount() async throws -> Int { try await base.anonymousCount() }
}

extension AppStores {
    /// The same stores, with the four kinds the retention purge deletes from refusing one more
    /// anonymous document past `anonymous.cap`.
    package func cappingAnonymous(_ anonymous: AnonymousDocuments) -> AppStores {
        AppStores(games: CappedDocumentStore(games, anonymous: anonymous),
                  puzzles: CappedDocumentStore(puzzles, anonymous: anonymous),
                  posts: posts, postMarks: postMarks,
                  routerLevels: CappedDocumentStore(routerLevels, anonymous: anonymous),
                  routerProgress: CappedDocumentStore(routerProgress, anonymous: anonymous),
                  routerPrograms: routerPrograms, classLocks: classLocks, accounts: accounts, classes: classes, schools: schools,
                  backendName: backendName, liveFanOut: liveFanOut, postsSyncLock: postsSyncLock, postgres: postgres,
                  sqlite: sqlite)
    }
}
