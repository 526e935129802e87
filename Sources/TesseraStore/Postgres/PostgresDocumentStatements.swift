import PostgresNIO

/// The statements a document table runs on every request, prepared once per pooled connection
/// (PostgresNIO's `PostgresPreparedStatement`): the server parses and plans them once, and each
/// use sends only the values. Each is named for its table (short: PostgreSQL cuts names at 63
/// bytes, and the default name, the Swift type's, is longer, so two statements would collide).
enum PostgresDocumentStatements<Document: PostgresDocument> {
    /// The row's version, and its body only when the version is not `known` (the cached one; -1
    /// when nothing is cached): a cached document costs a few bytes and no decoding.
    struct Read: PostgresPreparedStatement {
        static var name: String { "tessera_read_" + Document.table }
        static var sql: String {
            "SELECT version, CASE WHEN version = $2 THEN NULL ELSE body END FROM \(Document.table) WHERE id = $1"
        }
        typealias Row = (Int64, String?)
        let id: String
        let known: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(id)
            bindings.append(known)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// `Read` inside a transaction, locking the row (`FOR UPDATE`) so another node's change waits.
    struct ReadLocked: PostgresPreparedStatement {
        static var name: String { "tessera_readlocked_" + Document.table }
        static var sql: String { Read.sql + " FOR UPDATE" }
        typealias Row = (Int64, String?)
        let read: Read

        func makeBindings() throws -> PostgresBindings { try read.makeBindings() }
        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Writes a changed document if the row is still at `expected` (compare and swap: a change
    /// made from a cached document lands only if nobody wrote in between), gives it a fresh
    /// version and notifies the other nodes, all in one statement; no row when the version moved
    /// on (or the row is gone). The notification is sent only if this commits.
    struct Swap: PostgresPreparedStatement {
        static var name: String { "tessera_swap_" + Document.table }
        static var sql: String {
            """
            WITH w AS (UPDATE \(Document.table) SET body = $3, owner = $4, updated_at = now(),
                                                    version = nextval('tessera_document_version')
                       WHERE id = $1 AND version = $2 RETURNING version)
            SELECT w.version, pg_notify($5, $6)::text FROM w
            """
        }
        typealias Row = Int64
        let id: String
        let expected: Int64
        let body: String
        let owner: String?
        let channel: String
        let message: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(id)
            bindings.append(expected)
            bindings.append(body)
            bindings.append(owner)
            bindings.append(channel)
            bindings.append(message)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode((Int64, String?).self).0 }
    }

    /// A new row (the version comes from the column's default); its version.
    struct Insert: PostgresPreparedStatement {
        static var name: String { "tessera_insert_" + Document.table }
        static var sql: String { "INSERT INTO \(Document.table) (id, body, owner) VALUES ($1, $2, $3) RETURNING version" }
        typealias Row = Int64
        let id: String
        let body: String
        let owner: String?

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings()
            bindings.append(id)
            bindings.append(body)
            bindings.append(owner)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int64.self) }
    }
}

extension PostgresConnection {
    /// The first row a prepared statement returns, if any.
    func first<Statement: PostgresPreparedStatement>(_ statement: Statement, logger: Logger) async throws -> Statement.Row? {
        // Read to the end (at most one row here), so the connection is left with nothing pending.
        var first: Statement.Row?
        for try await row in try await execute(statement, logger: logger) where first == nil { first = row }
        return first
    }
}
