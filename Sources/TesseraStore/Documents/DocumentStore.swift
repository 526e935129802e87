/// A value an app keeps as one document: the kit rebuilds and validates it on load (a match
/// replays its moves, a puzzle re-places its tiles), so storage never needs to know its rules.
package protocol StoredDocument: Codable, Equatable, Sendable {
    var id: String { get }
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
}
