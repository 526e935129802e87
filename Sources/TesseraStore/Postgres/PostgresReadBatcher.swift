import Logging
import PostgresNIO
import Synchronization

/// Reads of one document table gathered into few statements: a read that arrives while
/// `maxInFlight` reads are already at the database waits for one of them to come back and then
/// goes with every other read that arrived meanwhile, in one statement (`Batch`). Under load the
/// database answers dozens of reads for the price of one; an idle node sends each read at once.
///
/// Still current: a read's statement is always sent after the read was asked for, so it sees
/// every write committed before that, on any node.
final class PostgresReadBatcher<Document: PostgresDocument>: Sendable {
    typealias Answer = (version: Int64, body: String?)?
    private struct Waiting {
        let id: String
        let known: Int64
        let continuation: CheckedContinuation<Answer, any Error>
    }

    private struct State {
        var waiting: [Waiting] = []
        var inFlight = 0
    }

    private let state = Mutex(State())
    private let database: TesseraPostgres
    private let maxInFlight: Int
    /// The most reads one statement carries.
    private let maxBatch = 256

    init(database: TesseraPostgres, maxInFlight: Int) {
        self.database = database
        self.maxInFlight = max(1, maxInFlight)
    }

    /// The row's version and, unless it is `known`, its body; `nil` when there is no such row.
    func read(id: String, known: Int64) async throws -> Answer {
        try await withCheckedThrowingContinuation { continuation in
            let start = state.withLock { state in
                state.waiting.append(Waiting(id: id, known: known, continuation: continuation))
                guard state.inFlight < maxInFlight else { return false }
                state.inFlight += 1
                return true
            }
            if start { Task { await self.send() } }
        }
    }

    /// Sends what is waiting, batch after batch, until nothing is.
    private func send() async {
        while true {
            let batch: [Waiting] = state.withLock { state in
                guard !state.waiting.isEmpty else {
                    state.inFlight -= 1
                    return []
                }
                let taken = Array(state.waiting.prefix(maxBatch))
                state.waiting.removeFirst(taken.count)
                return taken
            }
            guard !batch.isEmpty else { return }
            do {
                let answers = try await fetch(batch)
                for (index, waiting) in batch.enumerated() { waiting.continuation.resume(returning: answers[index]) }
            } catch {
                for waiting in batch { waiting.continuation.resume(throwing: error) }
            }
        }
    }

    private func fetch(_ batch: [Waiting]) async throws -> [Answer] {
        let logger = database.logger
        if batch.count == 1, let only = batch.first {
            let read = PostgresDocumentStatements<Document>.Read(id: only.id, known: only.known)
            let row = try await database.withConnection { connection in try await connection.first(read, logger: logger) }
            return [row.map { (version: $0.0, body: $0.1) }]
        }
        let statement = PostgresDocumentStatements<Document>.Batch(ids: batch.map(\.id), known: batch.map(\.known))
        let rows = try await database.withConnection { connection in
            try await connection.execute(statement, logger: logger).reduce(into: []) { $0.append($1) }
        }
        var answers = [Answer](repeating: nil, count: batch.count)
        for (position, version, body) in rows {
            guard let place = Int(exactly: position), (1...batch.count).contains(place) else { continue }
            answers[place - 1] = (version, body)
        }
        return answers
    }
}

extension PostgresDocumentStatements {
    /// `Read` for many rows at once: each id with the version its reader holds; a row per id found,
    /// numbered by its place in the lists (from 1).
    struct Batch: PostgresPreparedStatement {
        static var name: String { "tessera_batch_" + Document.table }
        static var sql: String {
            """
            SELECT r.n, d.version, CASE WHEN d.version = r.known THEN NULL ELSE d.body END
            FROM unnest($1::text[], $2::int8[]) WITH ORDINALITY AS r(id, known, n) JOIN \(Document.table) AS d ON d.id = r.id
            """
        }
        typealias Row = (Int64, Int64, String?)
        let ids: [String]
        let known: [Int64]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(ids)
            bindings.append(known)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }
}
