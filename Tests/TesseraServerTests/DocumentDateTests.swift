import Foundation
import PentominoKit
import Testing
import TesseraTestSupport
@testable import RouterKit
@testable import TesseraServer
@testable import TesseraStore

/// Every backend gives back the dates a document was written with, to the last bit (SQLite once
/// stored them as ISO 8601 text, which drops fractions of a second).
@Suite struct DocumentDateTests {
    /// A time whose fraction neither ISO 8601 text nor milliseconds carry exactly.
    static let awkwardTime = Date(timeIntervalSinceReferenceDate: 786_000_000.123456789)

    /// Each backend's table of `Document`, and a way to read it back without any cache (SQLite:
    /// a second table on the same file; PostgreSQL: a second connection pool).
    static func backends<Document: SQLiteDocument & PostgresDocument>(of _: Document.Type) async throws
        -> [(String, any DocumentStore<Document>, any DocumentStore<Document>)] {
        let memory = InMemoryDocumentStore<Document>()
        let folder = temporaryDirectory()
        var backends: [(String, any DocumentStore<Document>, any DocumentStore<Document>)] = [
            ("memory", memory, memory),
            ("sqlite", try DocumentTable<Document>(database: TesseraDatabase(directory: folder)),
             try DocumentTable<Document>(database: TesseraDatabase(directory: folder)))]
        let schema = uniqueTestSchema()
        if let writer = try testPostgres(schema: schema), let reader = try testPostgres(schema: schema) {
            backends.append(("postgres", try await PostgresDocumentTable<Document>(database: writer),
                             try await PostgresDocumentTable<Document>(database: reader)))
        }
        return backends
    }

    @Test func documentDatesReadBackExactlyOnEveryBackend() async throws {
        let time = Self.awkwardTime
        for (name, store, fresh) in try await Self.backends(of: PentominoPuzzle.self) {
            let puzzle = PentominoPuzzle(id: "p1", shape: try BoardShape.parse("3x20"), now: time)
            try await store.insert(puzzle)
            #expect(try await fresh.find(id: "p1")?.startedAt == time, "\(name): a puzzle's start")
        }
        for (name, store, fresh) in try await Self.backends(of: PlayerProgress.self) {
            let result = PlayerProgress.LevelResult(best: 18, max: 20, attempts: 1, solved: true, seconds: 42.5, lastPlayed: time)
            try await store.insert(PlayerProgress(id: "player-1", levels: ["1": result]))
            #expect(try await fresh.find(id: "player-1")?.levels["1"]?.lastPlayed == time, "\(name): progress's last play")
        }
        for (name, store, fresh) in try await Self.backends(of: SavedPrograms.self) {
            let run = SavedPrograms.Run(program: "{}", score: 20, max: 20, success: true, at: time)
            _ = try await store.upsert(SavedPrograms(id: "acct-1/1")) { $0.record(run) }
            #expect(try await fresh.find(id: "acct-1/1")?.latest?.at == time, "\(name): a saved program's time")
        }
    }

}
