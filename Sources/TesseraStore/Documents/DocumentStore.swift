import Foundation

/// A value an app keeps as one document: the kit rebuilds and validates it on load (a match
/// replays its moves, a puzzle re-places its tiles), so storage never needs to know its rules.
package protocol StoredDocument: Codable, Equatable, Sendable {
    var id: String { get }
    /// Who the document belongs to (`acct-<account id>` for an account, `anon-…` for an anonymous
    /// browser), or `nil` for nobody. Every store keeps it beside the document in one indexed place,
    /// so a clean-up can tell what belongs to an account (and must never be purged) at a glance.
    var owner: String? { get }
    /// The keys the document is listed under (its owner, the classes it is shared with, …), for
    /// `DocumentStore.newest(listedUnder:)`; a document with none is reachable by id only.
    var listingKeys: Set<String> { get }
}

/// A document with a table of its own, named the same on every backend, and the name of the
/// migration that creates that table (`<app>-v1`, as it shipped, never renamed). The backends
/// create the table from these two names alone, so a new kind of document is one line in
/// `DocumentTables.swift` and an empty conformance per backend.
package protocol TableDocument: StoredDocument {
    static var table: String { get }
    static var tableMigration: String { get }
    /// Whether an id of the form `acct-…` names the account the document belongs to (a player's
    /// progress), so rows written before that owner was kept can be given it by their id.
    static var ownerIsAccountID: Bool { get }
}

extension TableDocument {
    package static var ownerIsAccountID: Bool { false }
}

extension StoredDocument {
    package var owner: String? { nil }
    package var listingKeys: Set<String> { [] }
}

/// Where documents are kept, whatever the backend. Each app names its own refinement
/// (`TicTacToeStore`, `PuzzleStore`) so routes read in the domain's words, and every
/// implementation (`InMemoryDocumentStore`, the SQLite `DocumentTable`, PostgreSQL later) serves
/// every app. `update` is atomic: it reads, lets the rules change the document and writes it back
/// in one step, so two changes racing on one document cannot both land.
package protocol DocumentStore<Document>: Sendable {
    associatedtype Document: StoredDocument
    func insert(_ document: Document) async throws
    func find(id: String) async throws -> Document?
    /// `nil` when there is no such document; an error thrown by `change` leaves it unchanged.
    func update(id: String, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document?
    /// Like `update`, but a missing document starts as `initial`: one atomic read-modify-write
    /// either way, so two first writes racing cannot collide.
    func upsert(_ initial: Document, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document
    /// Up to `limit` documents, oldest first.
    func all(limit: Int) async throws -> [Document]
    /// Removes the document; `false` when there was none.
    func delete(id: String) async throws -> Bool
    /// Documents listed under any of `keys` (see `StoredDocument.listingKeys`) and not owned by any
    /// of `excludedOwners`, newest first, each once: `limit` of them after skipping `offset`.
    /// Served from an index on every backend.
    func newest(listedUnder keys: Set<String>, excludingOwners excludedOwners: Set<String>, limit: Int, offset: Int) async throws -> [Document]
    /// Deletes up to `limit` anonymous documents (see `StoredDocument.isAnonymous`) not written
    /// since `cutoff`, oldest first, with their listings; how many it deleted. One short step, so a
    /// purge of many goes in batches that requests can pass between (`Documents/Retention.swift`).
    func purge(idleSince cutoff: Date, limit: Int) async throws -> Int
    /// How many anonymous documents are kept now (for the cap on them), from an index.
    func anonymousCount() async throws -> Int
    /// The bytes `owner`'s documents take (their stored bodies), from the owner index: what an
    /// account's quota counts (`Documents/StorageShares.swift`).
    func ownedBytes(owner: String) async throws -> Int
    /// Throws, storing nothing, when `documents` would not all fit (the anonymous cap, an
    /// account's quota): a many-document write (an import) checks once before its first insert,
    /// so it is kept whole or not at all. Plain stores have no limit.
    func checkRoom(for documents: [Document]) async throws
}

extension DocumentStore {
    package func checkRoom(for documents: [Document]) async throws {}

    /// Documents listed under any of `keys`, whoever owns them.
    package func newest(listedUnder keys: Set<String>, limit: Int, offset: Int) async throws -> [Document] {
        try await newest(listedUnder: keys, excludingOwners: [], limit: limit, offset: offset)
    }
}
