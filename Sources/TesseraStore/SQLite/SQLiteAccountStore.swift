import ClassroomKit
import Foundation
import GRDB

/// Accounts and sessions in the embedded SQLite file. An email is unique by its key (trimmed,
/// lower-cased: `Account.emailKey`), enforced by the table, so two sign-ups racing with one
/// address cannot both land. Deleting an account ends its sessions (the foreign key cascades).
///
/// Times are kept as seconds since Swift's reference date (2001-01-01 UTC), the number a `Date`
/// is made of, so a session reads back equal to the one written. Seconds since 1970 would need
/// an addition that rounds away the last bit of about half of all times; GRDB's own `Date`
/// text keeps only milliseconds.
///
/// Classes and pupils (`ClassStore`) are in `SQLiteAccountStore+Classes.swift`.
package struct SQLiteAccountStore: AccountStore, ClassStore, SchoolStore {
    let database: TesseraDatabase

    /// Runs the accounts' migrations that have not run yet, then serves the tables.
    package init(database: TesseraDatabase) throws {
        try database.migrate(Self.migrator)
        self.database = database
    }

    /// The accounts' migrations, in the order they shipped (names as in PostgreSQL, never renamed).
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("accounts-v1") { db in
            try db.create(table: "accounts") { table in
                table.primaryKey("id", .text)
                table.column("role", .text).notNull()
                table.column("name", .text).notNull()
                table.column("email", .text)
                table.column("email_key", .text).unique()
                table.column("password_hash", .text).notNull()
                table.column("class_id", .text).indexed()
                table.column("created_at", .double).notNull()
            }
            try db.create(table: "sessions") { table in
                table.primaryKey("id", .text)  // the SHA-256 of the cookie's token, never the token
                table.column("account_id", .text).notNull().indexed().references("accounts", onDelete: .cascade)
                table.column("created_at", .double).notNull()
                table.column("last_seen_at", .double).notNull().indexed()
            }
        }
        migrator.registerMigration("classes-v1") { db in try classesV1(db) }
        migrator.registerMigration("schools-v1") { db in try schoolsV1(db) }
        migrator.registerMigration("classes-v2") { db in try classesV2(db) }
        migrator.registerMigration("two-step-v1") { db in try twoStepV1(db) }
        return migrator
    }

    // MARK: Accounts

    package func insert(_ account: Account) async throws {
        try await database.write { db in try Self.insert(account, into: db) }
    }

    /// One account's row, its constraints' failures told apart: a taken id, a teacher's taken
    /// email, a pupil's name another pupil of the class has, a class that does not exist.
    static func insert(_ account: Account, into db: Database) throws {
        do {
            try db.execute(sql: """
                INSERT INTO accounts (id, role, name, email, email_key, password_hash, class_id, name_key, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [account.id, account.role.rawValue, account.name, account.email, account.emailKey,
                                 account.passwordHash, account.classID, nameKey(account),
                                 account.createdAt.timeIntervalSinceReferenceDate])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            throw StoreError.duplicateID(account.id)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            let message = error.message ?? ""
            if message.contains("name_key") { throw StoreError.pupilNameTaken(account.name) }
            if message.contains("email_key") { throw StoreError.emailTaken }
            throw error
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
            throw StoreError.notFound("Class '\(account.classID ?? "")'")
        }
    }

    /// What a pupil's name is unique by within the class; teachers have none.
    static func nameKey(_ account: Account) -> String? {
        account.role == .pupil ? ClassRules.nameKey(account.name) : nil
    }

    package func account(id: String) async throws -> Account? {
        try await accounts(where: "id = ?", [id]).first
    }

    package func teacher(email: String) async throws -> Account? {
        try await accounts(where: "email_key = ? AND role = ?", [Account.emailKey(email), Account.Role.teacher.rawValue]).first
    }

    package func teachers(limit: Int) async throws -> [Account] {
        // SQLite reads a negative LIMIT as "no limit": a negative count asks for none.
        try await accounts(where: "role = ? ORDER BY created_at, rowid LIMIT ?", [Account.Role.teacher.rawValue, max(0, limit)])
    }

    package func setPasswordHash(accountID: String, _ hash: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE accounts SET password_hash = ? WHERE id = ?", arguments: [hash, accountID])
            return db.changesCount > 0
        }
    }

    // MARK: Sessions

    package func insertSession(_ session: Session) async throws {
        do {
            try await database.write { db in
                try db.execute(sql: "INSERT INTO sessions (id, account_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)",
                               arguments: [session.id, session.accountID, session.createdAt.timeIntervalSinceReferenceDate,
                                           session.lastSeenAt.timeIntervalSinceReferenceDate])
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            throw StoreError.duplicateID(session.id)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
            throw StoreError.notFound("Account '\(session.accountID)'")
        }
    }

    package func session(id: String) async throws -> Session? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT id, account_id, created_at, last_seen_at FROM sessions WHERE id = ?",
                             arguments: [id]).map { row in
                Session(id: row["id"], accountID: row["account_id"],
                        createdAt: Date(timeIntervalSinceReferenceDate: row["created_at"]),
                        lastSeenAt: Date(timeIntervalSinceReferenceDate: row["last_seen_at"]))
            }
        }
    }

    package func touchSession(id: String, at time: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE sessions SET last_seen_at = ? WHERE id = ?",
                           arguments: [time.timeIntervalSinceReferenceDate, id])
        }
    }

    package func deleteSession(id: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM sessions WHERE id = ?", arguments: [id])
        }
    }

    package func deleteSessions(accountID: String, except keep: String?) async throws {
        try await database.write { db in
            // `id IS NOT ?` keeps the one named and, with no name (NULL), keeps none.
            try db.execute(sql: "DELETE FROM sessions WHERE account_id = ? AND id IS NOT ?", arguments: [accountID, keep])
        }
    }

    // MARK: Rows

    static let accountColumns = "id, role, name, email, password_hash, class_id, created_at, school_id, school_admin"

    /// The accounts `condition` selects (what follows `WHERE`, with `?` for each argument).
    func accounts(where condition: String, _ arguments: StatementArguments) async throws -> [Account] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.accountColumns) FROM accounts WHERE \(condition)", arguments: arguments)
                .map(Self.account)
        }
    }

    static func account(_ row: Row) throws -> Account {
        let id: String = row["id"]
        let roleName: String = row["role"]
        guard let role = Account.Role(rawValue: roleName) else {
            throw StoreError.invalid("Account '\(id)' has a role this version does not know ('\(roleName)').")
        }
        return Account(id: id, role: role, name: row["name"], email: row["email"], passwordHash: row["password_hash"],
                       classID: row["class_id"], createdAt: Date(timeIntervalSinceReferenceDate: row["created_at"]),
                       schoolID: row["school_id"], schoolAdmin: row["school_admin"])
    }
}
