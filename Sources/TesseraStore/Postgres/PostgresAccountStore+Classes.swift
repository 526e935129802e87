import ClassroomKit
import Foundation
import PostgresNIO

/// Classes and their pupils in the shared database: the same tables as SQLite's. A class code is
/// unique by the table, and so is a pupil's name within a class (`accounts (class_id, name_key)`),
/// so two nodes adding pupils to one class at once can never give two of them the same name.
/// Deleting a teacher deletes their classes, deleting a class its pupils, deleting an account its
/// sessions (the foreign keys cascade).
extension PostgresAccountStore {
    /// "classes-v1". `seq` orders a teacher's classes that share a creation time. accounts-v1 had
    /// no way to make a pupil, so there is no name key to fill in and no `class_id` the new
    /// foreign key could refuse.
    static let classesV1 = PostgresMigration(name: "classes-v1", statements: [
        """
        CREATE TABLE IF NOT EXISTS classes (
            id text PRIMARY KEY,
            seq bigint GENERATED ALWAYS AS IDENTITY,
            teacher_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            name text NOT NULL,
            code text NOT NULL CONSTRAINT \(classCodeConstraint) UNIQUE,
            archived boolean NOT NULL DEFAULT false,
            created_at double precision NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS classes_teacher_id ON classes (teacher_id)",
        "ALTER TABLE accounts ADD COLUMN IF NOT EXISTS name_key text",
        """
        ALTER TABLE accounts ADD CONSTRAINT accounts_class_id_fkey
            FOREIGN KEY (class_id) REFERENCES classes (id) ON DELETE CASCADE
        """,
        "ALTER TABLE accounts ADD CONSTRAINT \(pupilNameConstraint) UNIQUE (class_id, name_key)",
    ])

    /// Named, so a taken code or pupil name can be told apart from a taken id.
    static let classCodeConstraint = "classes_code_unique"
    static let pupilNameConstraint = "accounts_class_name_unique"

    // MARK: Classes

    package func insertClass(_ schoolClass: SchoolClass) async throws {
        let (id, teacher, name, code) = (schoolClass.id, schoolClass.teacherID, schoolClass.name, schoolClass.code)
        let (archived, created, signIn) = (schoolClass.archived, schoolClass.createdAt.timeIntervalSinceReferenceDate, schoolClass.signIn.rawValue)
        let (approval, links) = (schoolClass.levelApproval, schoolClass.pupilLinks)
        do {
            _ = try await database.query("""
                INSERT INTO classes (id, teacher_id, name, code, archived, created_at, sign_in, level_approval, pupil_links)
                VALUES (\(id), \(teacher), \(name), \(code), \(archived), \(created), \(signIn), \(approval), \(links))
                """)
        } catch where TesseraPostgres.isServerError(error, state: "23505") {
            if (error as? PSQLError)?.serverInfo?[.constraintName] == Self.classCodeConstraint { throw StoreError.classCodeTaken }
            throw StoreError.duplicateID(id)
        } catch where TesseraPostgres.isServerError(error, state: "23503") {
            throw StoreError.notFound("Account '\(teacher)'")
        }
    }

    package func schoolClass(id: String) async throws -> SchoolClass? {
        try await database.query("SELECT \(unescaped: Self.classColumns) FROM classes WHERE id = \(id)")
            .first.map(Self.schoolClass)
    }

    package func schoolClass(code: String) async throws -> SchoolClass? {
        try await database.query("SELECT \(unescaped: Self.classColumns) FROM classes WHERE code = \(code)")
            .first.map(Self.schoolClass)
    }

    package func classes(teacherID: String) async throws -> [SchoolClass] {
        // Their own and those they co-teach.
        try await database.query("""
            SELECT \(unescaped: Self.classColumns) FROM classes
            WHERE teacher_id = \(teacherID) OR id IN (SELECT class_id FROM class_teachers WHERE teacher_id = \(teacherID))
            ORDER BY created_at, seq
            """).map(Self.schoolClass)
    }

    package func updateClass(id: String, name: String?, archived: Bool?) async throws -> SchoolClass? {
        try await database.query("""
            UPDATE classes SET name = coalesce(\(name)::text, name), archived = coalesce(\(archived)::boolean, archived)
            WHERE id = \(id) RETURNING \(unescaped: Self.classColumns)
            """).first.map(Self.schoolClass)
    }

    package func updateSettings(classID: String, signIn: SignInMode?, levelApproval: Bool?, pupilLinks: Bool?) async throws -> SchoolClass? {
        try await database.query("""
            UPDATE classes SET sign_in = coalesce(\(signIn?.rawValue)::text, sign_in),
                level_approval = coalesce(\(levelApproval)::boolean, level_approval), pupil_links = coalesce(\(pupilLinks)::boolean, pupil_links)
            WHERE id = \(classID) RETURNING \(unescaped: Self.classColumns)
            """).first.map(Self.schoolClass)
    }

    /// "classes-v2": how a class's pupils sign in (words or pictures).
    static let classesV2 = PostgresMigration(name: "classes-v2", statements: [
        "ALTER TABLE classes ADD COLUMN IF NOT EXISTS sign_in text NOT NULL DEFAULT 'words'",
        "ALTER TABLE classes ADD COLUMN IF NOT EXISTS level_approval boolean NOT NULL DEFAULT true",
        "ALTER TABLE classes ADD COLUMN IF NOT EXISTS pupil_links boolean NOT NULL DEFAULT false",
    ])

    // MARK: Pupils

    package func insertPupils(_ pupils: [Account], classID: String) async throws {
        // One transaction: the first refused pupil rolls back the ones before it.
        try await database.transaction { [logger = database.logger] connection in
            for var pupil in pupils {
                pupil.classID = classID
                do {
                    try await connection.query(Self.insertion(pupil), logger: logger)
                } catch {
                    throw Self.insertionError(error, pupil)
                }
            }
        }
    }

    package func pupils(classID: String) async throws -> [Account] {
        let role = Account.Role.pupil.rawValue
        let pupils = try await database.query("""
            SELECT \(unescaped: Self.accountColumns) FROM accounts WHERE class_id = \(classID) AND role = \(role)
            """).map(Self.account)
        // Sorted here, not by SQL: the database's collation is the server's choice, and the order
        // must be the same on every backend (a class has at most `ClassRules.maxPupilsPerClass`).
        return pupils.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    package func pupil(classID: String, name: String) async throws -> Account? {
        let (key, role) = (ClassRules.nameKey(name), Account.Role.pupil.rawValue)
        return try await database.query("""
            SELECT \(unescaped: Self.accountColumns) FROM accounts
            WHERE class_id = \(classID) AND name_key = \(key) AND role = \(role)
            """).first.map(Self.account)
    }

    package func movePupil(id: String, toClass classID: String) async throws -> Bool {
        let role = Account.Role.pupil.rawValue
        return try await database.transaction { [logger = database.logger] connection in
            let names = try await connection.query("""
                SELECT name FROM accounts WHERE id = \(id) AND role = \(role) FOR UPDATE
                """, logger: logger).collect()
            guard let name = try names.first?.decode(String.self) else { return false }
            do {
                try await connection.query("UPDATE accounts SET class_id = \(classID) WHERE id = \(id)", logger: logger)
            } catch where TesseraPostgres.isServerError(error, state: "23505") {
                throw StoreError.pupilNameTaken(name)
            } catch where TesseraPostgres.isServerError(error, state: "23503") {
                throw StoreError.notFound("Class '\(classID)'")
            }
            return true
        }
    }

    package func deleteAccount(id: String) async throws -> Bool {
        !(try await database.query("DELETE FROM accounts WHERE id = \(id) RETURNING id").isEmpty)
    }

    // MARK: Rows

    static let classColumns = "id, teacher_id, name, code, archived, created_at, sign_in, level_approval, pupil_links"

    static func schoolClass(_ row: PostgresRow) throws -> SchoolClass {
        let (id, teacher, name, code, archived, created, signIn, approval, links) =
            try row.decode((String, String, String, String, Bool, Double, String, Bool, Bool).self)
        return SchoolClass(id: id, teacherID: teacher, name: name, code: code, archived: archived,
                           createdAt: Date(timeIntervalSinceReferenceDate: created), signIn: SignInMode(rawValue: signIn) ?? .words,
                           levelApproval: approval, pupilLinks: links)
    }
}
