import Synchronization

/// Documents by id in memory, with the same contract as `DocumentTable` (an update is atomic and
/// an error thrown by the change leaves the document as it was). Backs each app's in-memory store,
/// which the unit tests use; nothing survives the process.
final class InMemoryDocuments<Document: Sendable>: Sendable {
    private let documents = Mutex<[String: Document]>([:])

    init() {}

    func insert(id: String, _ document: Document) {
        documents.withLock { $0[id] = document }
    }

    func find(id: String) -> Document? {
        documents.withLock { $0[id] }
    }

    func update(id: String, _ change: (inout Document) throws -> Void) throws -> Document? {
        try documents.withLock { documents in
            guard var document = documents[id] else { return nil }
            try change(&document)
            documents[id] = document
            return document
        }
    }
}
