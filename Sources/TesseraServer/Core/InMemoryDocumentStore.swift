import Synchronization

/// Documents by id in memory, with the same contract as `DocumentTable` (an update is atomic and
/// an error thrown by the change leaves the document as it was). Every app's in-memory store, which
/// the unit tests use; nothing survives the process.
final class InMemoryDocumentStore<Document: StoredDocument>: DocumentStore {
    private let documents = Mutex<[String: Document]>([:])

    init() {}

    func insert(_ document: Document) async throws {
        documents.withLock { $0[document.id] = document }
    }

    func find(id: String) async throws -> Document? {
        documents.withLock { $0[id] }
    }

    func update(id: String, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document? {
        try documents.withLock { documents in
            guard var document = documents[id] else { return nil }
            try change(&document)
            documents[id] = document
            return document
        }
    }
}
