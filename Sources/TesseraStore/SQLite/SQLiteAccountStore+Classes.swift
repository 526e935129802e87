import ClassroomKit
import Foundation
import GRDB

/// Classes and their pupils in the SQLite file. A class code is unique by the table, and so is a
/// pupil's name within a class (`accounts (class_id, name_key)`), so no two writers can ever give
/// two pupils of one class the same name. Deleting a teacher deletes their classes, deleting a
/// class its pupils, deleting an account its sessions (the foreign keys cascade).
extension SQLiteAccountStore {
    /// "classes-v1": the classes table, and on accounts the pupil's name key and a foreign key from
    /// `class_id` to its class. SQLite cannot add a foreign key to a column that exists, so the
    /// accounts table is rebuilt by SQLite's own recipe (new table, copy, drop, rename); GRDB runs
    /// a migration with foreign keys off and checks them all before it commits. Rows keep their
    /// rowid, so teachers sharing a creation time stay in the order they signed up. accounts-v1
    /// had no way to make a pupil, so there is no name key to fill in.
    static func classesV1(_ db: Database) throws {
        try db.create(table: "classes") { table in
            table.primaryKey("id", .text)
            table.column("teacher_id", .text).notNull().indexed().references("accounts", onDelete: .cascade)
            table.column("name", .text).notNull()
            table.column("code", .text).notNull().unique()
            table.column("archived", .boolean).notNull().defaults(to: false)
            table.column("created_at", .double).notNull()
        }
        try db.create(table: "accounts_new") { table in
            table.primaryKey("id", .text)
            table.column("role", .text).notNull()
            table.column("name", .text).notNull()
            table.column("email", .text)
            table.column("email_key", .text).unique()
            table.column("password_hash", .text).notNull()
            table.column("class_id", .text).references("classes", onDelete: .cascade)
            table.column("name_key", .text)
            table.column("created_at", .double).notNull()
        }
        try db.execute(sql: """
            INSERT INTO accounts_new (rowid, id, role, name, email, email_key, password_hash, class_id, created_at)
            SELECT rowid, id, role, name, email, email_key, password_hash, class_id, created_at FROM accounts
            """)
        try db.execute(sql: "DROP TABLE accounts")
        try db.execute(sql: "ALTER TABLE accounts_new RENAME TO accounts")
        // Also the index for a class's pupils (class_id leads it).
        try db.execute(sql: "CREATE UNIQUE INDEX accounts_class_name_key ON accounts (class_id, name_key)")
    }

    // MARK: Classes

    package func insertClass(_ schoolClass: SchoolClass) async throws {
        do {
            try await database.write { db in
                try db.execute(sql: """
                    INSERT INTO classes (id, teacher_id, name, code, archived, created_at, sign_in, level_approval, pupil_links)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [schoolClass.id, schoolClass.teacherID, schoolClass.name, schoolClass.code,
                                     schoolClass.archived, schoolClass.createdAt.timeIntervalSinceReferenceDate, schoolClass.signIn.rawValue,
                                     schoolClass.levelApproval, schoolClass.pupilLinks])
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            throw StoreError.duplicateID(schoolClass.id)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw StoreError.classCodeTaken  // the only other unique column
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
            throw StoreError.notFound("Account '\(schoolClass.teacherID)'")
        }
    }

    package func schoolClass(id: String) async throws -> SchoolClass? {
        try await classes(where: "id = ?", [id]).first
    }

    package func schoolClass(code: String) async throws -> SchoolClass? {
        try await classes(where: "code = ?", [code]).first
    }

    package func classes(teacherID: String) async throws -> [SchoolClass] {
        // Their own and those they co-teach.
        try await classes(where: "teacher_id = ? OR id IN (SELECT class_id FROM class_teachers WHERE teacher_id = ?) ORDER BY created_at, rowid",
                          [teacherID, teacherID])
    }

    /// The classes `condition` selects (what follows `WHERE`, with `?` for each argument).
    func classes(where condition: String, _ arguments: StatementArguments) async throws -> [SchoolClass] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.classColumns) FROM classes WHERE \(condition)", arguments: arguments)
                .map(Self.schoolClass)
        }
    }

    package func updateClass(id: String, name: String?, archived: Bool?) async throws -> SchoolClass? {
        try await database.write { db in
            try db.execute(sql: """
                UPDATE classes SET name = coalesce(?, name), archived = coalesce(?, archived) WHERE id = ?
                """, arguments: [name, archived, id])
            return try Row.fetchOne(db, sql: "SELECT \(Self.classColumns) FROM classes WHERE id = ?", arguments: [id])
                .map(Self.schoolClass)
        }
    }

    package func updateSettings(classID: String, signIn: SignInMode?, levelApproval: Bool?, pupilLinks: Bool?) async throws -> SchoolClass? {
        try await database.write { db in
            try db.execute(sql: """
                UPDATE classes SET sign_in = coalesce(?, sign_in), level_approval = coalesce(?, level_approval),
                pupil_links = coalesce(?, pupil_links) WHERE id = ?
                """, arguments: [signIn?.rawValue, levelApproval, pupilLinks, classID])
            return try Row.fetchOne(db, sql: "SELECT \(Self.classColumns) FROM classes WHERE id = ?", arguments: [classID])
                .map(Self.schoolClass)
        }
    }

    /// "classes-v2": how a class's pupils sign in (words or pictures), and what they may share.
    static func classesV2(_ db: Database) throws {
        try db.alter(table: "classes") { table in
            table.add(column: "sign_in", .text).notNull().defaults(to: SignInMode.words.rawValue)
            table.add(column: "level_approval", .boolean).notNull().defaults(to: true)
            table.add(column: "pupil_links", .boolean).notNull().defaults(to: false)
        }
    }

    // MARK: Pupils

    package func insertPupils(_ pupils: [Account], classID: String) async throws {
        // One write is one transaction: the first refused pupil rolls back the ones before it.
        try await database.write { db in
            for var pupil in pupils {
                pupil.classID = classID
                try Self.insert(pupil, into: db)
            }
        }
    }

    package func pupils(classID: String) async throws -> [Account] {
        let pupils = try await accounts(where: "class_id = ? AND role = ?", [classID, Account.Role.pupil.rawValue])
        // Sorted here, not by SQL: SQLite's lower() knows only ASCII, and the order must be the
        // same on every backend (a class has at most `ClassRules.maxPupilsPerClass`).
        return pupils.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    package func pupil(classID: String, name: String) async throws -> Account? {
        try await accounts(where: "class_id = ? AND name_key = ? AND role = ?",
                           [classID, ClassRules.nameKey(name), Account.Role.pupil.rawValue]).first
    }

    package func movePupil(id: String, toClass classID: String) async throws -> Bool {
        try await database.write { db in
            guard let name = try String.fetchOne(db, sql: "SELECT name FROM accounts WHERE id = ? AND role = ?",
                                                 arguments: [id, Account.Role.pupil.rawValue]) else { return false }
            do {
                try db.execute(sql: "UPDATE accounts SET class_id = ? WHERE id = ?", arguments: [classID, id])
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw StoreError.pupilNameTaken(name)
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY {
                throw StoreError.notFound("Class '\(classID)'")
            }
            return true
        }
    }

    package func deleteAccount(id: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM accounts WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    // MARK: Rows

    private static let classColumns = "id, teacher_id, name, code, archived, created_at, sign_in, level_approval, pupil_links"

    private static func schoolClass(_ row: Row) -> SchoolClass {
        SchoolClass(id: row["id"], teacherID: row["teacher_id"], name: row["name"], code: row["code"],
                    archived: row["archived"], createdAt: Date(timeIntervalSinceReferenceDate: row["created_at"]),
                    signIn: SignInMode(rawValue: row["sign_in"]) ?? .words, levelApproval: row["level_approval"], pupilLinks: row["pupil_links"])
    }
}
