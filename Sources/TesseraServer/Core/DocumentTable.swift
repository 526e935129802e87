import Foundation
import GRDB

/// A table of JSON documents keyed by id — how apps keep values that the kit rebuilds and
/// validates on load (a TicTacToe match replays its moves; a pentomino puzzle re-places its tiles).
/// `update` reads, changes and writes in one transaction, so concurrent changes never interleave.
struct DocumentTable<Document: Codable & Sendable>: Sendable {
    let database: TesseraDatabase
    let name: String

    /// The migration that creates a document table; each app registers its own.
    static func create(_ name: String, in db: Database) throws {
        try db.create(table: name) { table in
            table.primaryKey("id", .text)
            table.column("body", .text).notNull()
            table.column("created_at", .datetime).notNull()
            table.column("updated_at", .datetime).notNull()
        }
    }

    func insert(id: String, _ document: Document) async throws {
        let body = try Self.encode(document)
        try await database.writer.write { [name] db in
            try db.execute(
                sql: "INSERT INTO \(name) (id, body, created_at, updated_at) VALUES (?, ?, ?, ?)",
                arguments: [id, body, Date(), Date()])
        }
    }

    func find(id: String) async throws -> Document? {
        try await database.writer.read { [name] db in try Self.load(id: id, from: name, db) }
    }

    /// Applies `change` to the stored document atomically; `nil` when there is no such id.
    /// An error thrown by `change` rolls the transaction back and reaches the caller.
    func update(id: String, _ change: @escaping @Sendable (inout Document) throws -> Void) async throws -> Document? {
        try await database.writer.write { [name] db in
            guard var document = try Self.load(id: id, from: name, db) else { return nil }
            try change(&document)
            try db.execute(
                sql: "UPDATE \(name) SET body = ?, updated_at = ? WHERE id = ?",
                arguments: [try Self.encode(document), Date(), id])
            return document
        }
    }

    private static func load(id: String, from table: String, _ db: Database) throws -> Document? {
        guard let body = try String.fetchOne(db, sql: "SELECT body FROM \(table) WHERE id = ?", arguments: [id])
        else { return nil }
        return try decoder.decode(Document.self, from: Data(body.utf8))
    }

    private static func encode(_ document: Document) throws -> String {
        String(decoding: try encoder.encode(document), as: UTF8.self)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
