import ClassroomKit
import Foundation
import PostgresNIO

/// Accounts and sessions in the shared PostgreSQL database: the same tables as
/// `SQLiteAccountStore`, so a session made on one node signs its browser in on every node. The
/// email key's uniqueness is the table's, so two nodes signing up one address cannot both succeed.
///
/// Times are `double precision` seconds since Swift's reference date (2001-01-01 UTC), exactly
/// the number a `Date` holds: `timestamptz` keeps microseconds and would not read back equal.
/// `seq` orders accounts that share a creation time in the order they were inserted.
///
/// Classes and pupils (`ClassStore`) are in `PostgresAccountStore+Classes.swift`.
package struct PostgresAccountStore: AccountStore, ClassStore, SchoolStore {
    let database: TesseraPostgres

    /// Runs the accounts' migrations that have not run yet, then serves the tables.
    package init(database: TesseraPostgres) async throws {
        try await database.migrate(Self.migrations)
        self.database = database
    }

    /// The accounts' migrations, in the order they shipped (names as in SQLite, never renamed).
    package static let migrations = [PostgresMigration(name: "accounts-v1", statements: [
        """
        CREATE TABLE IF NOT EXISTS accounts (
            id text PRIMARY KEY,
            seq bigint GENERATED ALWAYS AS IDENTITY,
            role text NOT NULL,
            name text NOT NULL,
            email text,
            email_key text CONSTRAINT \(emailKeyConstraint) UNIQUE,
            password_hash text NOT NULL,
            class_id text,
            created_at double precision NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS accounts_class_id ON accounts (class_id)",
        """
        CREATE TABLE IF NOT EXISTS sessions (
            id text PRIMARY KEY,
            account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            created_at double precision NOT NULL,
            last_seen_at double precision NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS sessions_account_id ON sessions (account_id)",
        "CREATE INDEX IF NOT EXISTS sessions_last_seen_at ON sessions (last_seen_at)",
    ]), classesV1, schoolsV1, classesV2, twoStepV1]

    /// Named, so a duplicate key can be told apart from a duplicate id.
    private static let emailKeyConstraint = "accounts_email_key_unique"

    // MARK: Accounts

    package func insert(_ account: Account) async throws {
        do {
            _ = try await database.query(Self.insertion(account))
        } catch {
            throw Self.insertionError(error, account)
        }
    }

    /// The statement that stores one account (a pupil with the key its name is unique by).
    static func insertion(_ account: Account) -> PostgresQuery {
        let (role, created) = (account.role.rawValue, account.createdAt.timeIntervalSinceReferenceDate)
        let nameKey = account.role == .pupil ? ClassRules.nameKey(account.name) : nil
        return """
            INSERT INTO accounts (id, role, name, email, email_key, password_hash, class_id, name_key, created_at)
            VALUES (\(account.id), \(role), \(account.name), \(account.email), \(account.emailKey),
                    \(account.passwordHash), \(account.classID), \(nameKey), \(created))
            """
    }

    /// An insertion's constraint failures told apart by the constraint's name: a teacher's taken
    /// email, a pupil's name another pupil of the class has, a taken id, a class that is not there.
    static func insertionError(_ error: any Error, _ account: Account) -> any Error {
        if TesseraPostgres.isServerError(error, state: "23505") {
            switch (error as? PSQLError)?.serverInfo?[.constraintName] {
            case emailKeyConstraint: return StoreError.emailTaken
            case pupilNameConstraint: return StoreError.pupilNameTaken(account.name)
            default: return StoreError.duplicateID(account.id)
            }
        }
        if TesseraPostgres.isServerError(error, state: "23503") {
            return StoreError.notFound("Class '\(account.classID ?? "")'")
        }
        return error
    }

    package func account(id: String) async throws -> Account? {
        try await database.query("SELECT \(unescaped: Self.accountColumns) FROM accounts WHERE id = \(id)")
            .first.map(Self.account)
    }

    package func teacher(email: String) async throws -> Account? {
        let (key, role) = (Account.emailKey(email), Account.Role.teacher.rawValue)
        return try await database.query("""
            SELECT \(unescaped: Self.accountColumns) FROM accounts WHERE email_key = \(key) AND role = \(role)
            """).first.map(Self.account)
    }

    package func teachers(limit: Int) async throws -> [Account] {
        let role = Account.Role.teacher.rawValue
        return try await database.query("""
            SELECT \(unescaped: Self.accountColumns) FROM accounts WHERE role = \(role)
            ORDER BY created_at, seq LIMIT \(max(0, limit))
            """).map(Self.account)
    }

    package func setPasswordHash(accountID: String, _ hash: String) async throws -> Bool {
        !(try await database.query("UPDATE accounts SET password_hash = \(hash) WHERE id = \(accountID) RETURNING id").isEmpty)
    }

    // MARK: Sessions

    package func insertSession(_ session: Session) async throws {
        let (created, seen) = (session.createdAt.timeIntervalSinceReferenceDate, session.lastSeenAt.timeIntervalSinceReferenceDate)
        do {
            _ = try await database.query("""
                INSERT INTO sessions (id, account_id, created_at, last_seen_at)
                VALUES (\(session.id), \(session.accountID), \(created), \(seen))
                """)
        } catch where TesseraPostgres.isServerError(error, state: "23505") {
            throw StoreError.duplicateID(session.id)
        } catch where TesseraPostgres.isServerError(error, state: "23503") {
            throw StoreError.notFound("Account '\(session.accountID)'")
        }
    }

    package func session(id: String) async throws -> Session? {
        try await database.query("SELECT id, account_id, created_at, last_seen_at FROM sessions WHERE id = \(id)")
            .first.map { row in
                let (id, accountID, created, seen) = try row.decode((String, String, Double, Double).self)
                return Session(id: id, accountID: accountID, createdAt: Date(timeIntervalSinceReferenceDate: created),
                               lastSeenAt: Date(timeIntervalSinceReferenceDate: seen))
            }
    }

    package func touchSession(id: String, at time: Date) async throws {
        _ = try await database.query("""
            UPDATE sessions SET last_seen_at = \(time.timeIntervalSinceReferenceDate) WHERE id = \(id)
            """)
    }

    package func deleteSession(id: String) async throws {
        _ = try await database.query("DELETE FROM sessions WHERE id = \(id)")
    }

    package func deleteSessions(accountID: String, except keep: String?) async throws {
        // `IS DISTINCT FROM` keeps the one named and, with no name (NULL), keeps none.
        _ = try await database.query("""
            DELETE FROM sessions WHERE account_id = \(accountID) AND id IS DISTINCT FROM \(keep)::text
            """)
    }

    // MARK: Rows

    static let accountColumns = "id, role, name, email, password_hash, class_id, created_at, school_id, school_admin"

    static func account(_ row: PostgresRow) throws -> Account {
        let (id, roleName, name, email, hash, classID, created, schoolID, schoolAdmin) =
            try row.decode((String, String, String, String?, String, String?, Double, String?, Bool).self)
        guard let role = Account.Role(rawValue: roleName) else {
            throw StoreError.invalid("Account '\(id)' has a role this version does not know ('\(roleName)').")
        }
        return Account(id: id, role: role, name: name, email: email, passwordHash: hash, classID: classID,
                       createdAt: Date(timeIntervalSinceReferenceDate: created), schoolID: schoolID, schoolAdmin: schoolAdmin)
    }
}
