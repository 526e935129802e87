import Foundation
import Synchronization

/// Documents by id in memory, with the same contract as `DocumentTable` (an update is atomic and
/// an error thrown by the change leaves the document as it was). Every app's in-memory store, which
/// the unit tests use; nothing survives the process.
package final class InMemoryDocumentStore<Document: StoredDocument>: DocumentStore {
    private let documents = Mutex<[String: Document]>([:])
    private let order = Mutex<[String]>([])
    /// When each document was last written (a database's `updated_at`), for the retention purge.
    private let written = Mutex<[String: Date]>([:])

    package init() {}

    /// A second insert of one id is refused, as by the databases (`StoreError.duplicateID`).
    package func insert(_ document: Document) async throws {
        let isNew = documents.withLock { documents in
            guard documents[document.id] == nil else { return false }
            documents[document.id] = document
            return true
        }
        guard isNew else { throw StoreError.duplicateID(document.id) }
        order.withLock { $0.append(document.id) }
        written.withLock { $0[document.id] = Date() }
    }

    package func find(id: String) async throws -> Document? {
        documents.withLock { $0[id] }
    }

    package func update(id: String, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document? {
        try documents.withLock { documents in
            guard var document = documents[id] else { return nil }
            try change(&document)
            documents[id] = document
            written.withLock { $0[id] = Date() }
            return document
        }
    }

    package func upsert(_ initial: Document, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document {
        let (document, isNew) = try documents.withLock { documents in
            var document = documents[initial.id] ?? initial
            let isNew = documents[initial.id] == nil
            try change(&document)
            documents[initial.id] = document
            written.withLock { $0[initial.id] = Date() }
            return (document, isNew)
        }
        if isNew { order.withLock { $0.append(initial.id) } }
        return document
    }

    package func all(limit: Int) async throws -> [Document] {
        let ids = order.withLock { Array($0.prefix(limit)) }
        return documents.withLock { documents in ids.compactMap { documents[$0] } }
    }

    package func delete(id: String) async throws -> Bool {
        let removed = documents.withLock { $0.removeValue(forKey: id) != nil }
        if removed { order.withLock { $0.removeAll { $0 == id } } }
        if removed { _ = written.withLock { $0.removeValue(forKey: id) } }
        return removed
    }

    /// Chooses and removes in one step under the documents' lock, so a write racing the purge
    /// either lands first (and the document is no longer idle) or finds it gone.
    package func purge(idleSince cutoff: Date, limit: Int) async throws -> Int {
        let idle = documents.withLock { documents in
            written.withLock { written in
                let ids = documents.values.filter(\.isAnonymous)
                    .compactMap { document in written[document.id].flatMap { $0 < cutoff ? ($0, document.id) : nil } }
                    .sorted { $0.0 < $1.0 }.prefix(max(0, limit)).map(\.1)
                for id in ids {
                    documents.removeValue(forKey: id)
                    written.removeValue(forKey: id)
                }
                return Set(ids)
            }
        }
        if !idle.isEmpty { order.withLock { $0.removeAll(where: idle.contains) } }
        return idle.count
    }

    package func anonymousCount() async throws -> Int {
        documents.withLock { $0.values.count(where: \.isAnonymous) }
    }

    /// Counted as the databases store them: each body's JSON.
    package func ownedBytes(owner: String) async throws -> Int {
        let owned = documents.withLock { $0.values.filter { $0.owner == owner } }
        return owned.reduce(0) { $0 + ((try? JSONEncoder().encode($1).count) ?? 0) }
    }

    package func newest(listedUnder keys: Set<String>, excludingOwners excludedOwners: Set<String>, limit: Int,
                        offset: Int) async throws -> [Document] {
        let ids = order.withLock { Array($0.reversed()) }
        let all = documents.withLock { $0 }
        return Array(ids.compactMap { all[$0] }
            .filter { !$0.listingKeys.isDisjoint(with: keys) && !($0.owner.map(excludedOwners.contains) ?? false) }
            .dropFirst(max(0, offset)).prefix(max(0, limit)))
    }
}
