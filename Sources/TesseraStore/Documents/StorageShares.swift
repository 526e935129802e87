import Foundation

/// What one client may make the server keep: anonymous documents share `--max-anonymous-documents`
/// (`AnonymousCap.swift`), and each account's documents are held to `--account-quota` bytes here.
/// A many-document write (an import) asks `checkRoom(for:)` once first, so it is kept whole or
/// refused whole, never half stored.

extension AnonymousDocuments {
    /// `AnonymousStorageFull` unless `count` more `kind` documents fit under the cap.
    package func checkRoom(for kind: String, count: Int) throws {
        guard count > 0 else { return }
        guard total <= cap - count else { throw AnonymousStorageFull(kind: kind) }
    }
}

extension CappedDocumentStore {
    package func ownedBytes(owner: String) async throws -> Int { try await base.ownedBytes(owner: owner) }

    package func checkRoom(for documents: [Document]) async throws {
        try anonymous.checkRoom(for: Document.table, count: documents.count(where: \.isAnonymous))
        try await base.checkRoom(for: documents)
    }
}

/// One more document would take an account past its quota (the server answers 507
/// `quota_exceeded`, saying the quota). `quotaBytes` is what the operator set.
package struct AccountQuotaExceeded: Error, Equatable {
    package let quotaBytes: Int
}

/// A document store that refuses a new document of an account's (`acct-…` owner) when the bytes
/// that account already keeps there, plus the new document's, would pass `quotaBytes`. Anonymous
/// documents are the anonymous cap's business; changes to a kept document are bounded by the
/// request body limit, so only creation is counted. Two creations racing may each see room for
/// one: the quota can be passed by one document, never grown without bound.
package struct QuotaDocumentStore<Document: StoredDocument>: DocumentStore {
    let base: any DocumentStore<Document>
    package let quotaBytes: Int

    package init(_ base: any DocumentStore<Document>, quotaBytes: Int) {
        self.base = base
        self.quotaBytes = quotaBytes
    }

    /// The owner a quota applies to, if any.
    static func account(of document: Document) -> String? {
        guard let owner = document.owner, owner.hasPrefix("acct-") else { return nil }
        return owner
    }

    package func checkRoom(for documents: [Document]) async throws {
        let byOwner = Dictionary(grouping: documents.compactMap { document in Self.account(of: document).map { ($0, document) } }, by: \.0)
        for (owner, owned) in byOwner {
            let adding = try owned.reduce(0) { $0 + (try JSONEncoder().encode($1.1).count) }
            let kept = try await base.ownedBytes(owner: owner)
            guard adding <= quotaBytes - kept else { throw AccountQuotaExceeded(quotaBytes: quotaBytes) }
        }
        try await base.checkRoom(for: documents)
    }

    package func insert(_ document: Document) async throws {
        if Self.account(of: document) != nil { try await checkRoom(for: [document]) }
        try await base.insert(document)
    }

    package func upsert(_ initial: Document, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document {
        try await base.upsert(initial, change)
    }

    package func find(id: String) async throws -> Document? { try await base.find(id: id) }

    package func update(id: String, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document? {
        try await base.update(id: id, change)
    }

    package func all(limit: Int) async throws -> [Document] { try await base.all(limit: limit) }

    package func delete(id: String) async throws -> Bool { try await base.delete(id: id) }

    package func newest(listedUnder keys: Set<String>, excludingOwners excludedOwners: Set<String>, limit: Int,
                        offset: Int) async throws -> [Document] {
        try await base.newest(listedUnder: keys, excludingOwners: excludedOwners, limit: limit, offset: offset)
    }

    package func purge(idleSince cutoff: Date, limit: Int) async throws -> Int { try await base.purge(idleSince: cutoff, limit: limit) }

    package func anonymousCount() async throws -> Int { try await base.anonymousCount() }

    package func ownedBytes(owner: String) async throws -> Int { try await base.ownedBytes(owner: owner) }
}
