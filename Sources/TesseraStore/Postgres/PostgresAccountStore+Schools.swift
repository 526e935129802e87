import ClassroomKit
import Foundation
import PostgresNIO

/// Schools in PostgreSQL: the same tables as `SQLiteAccountStore+Schools.swift`, so every node
/// sees a school, its invitations and its co-teachers at once.
extension PostgresAccountStore {
    /// "schools-v1".
    static let schoolsV1 = PostgresMigration(name: "schools-v1", statements: [
        """
        CREATE TABLE IF NOT EXISTS schools (
            id text PRIMARY KEY,
            seq bigint GENERATED ALWAYS AS IDENTITY,
            name text NOT NULL,
            created_at double precision NOT NULL)
        """,
        "ALTER TABLE accounts ADD COLUMN IF NOT EXISTS school_id text REFERENCES schools (id) ON DELETE SET NULL",
        "ALTER TABLE accounts ADD COLUMN IF NOT EXISTS school_admin boolean NOT NULL DEFAULT false",
        "CREATE INDEX IF NOT EXISTS accounts_school_id ON accounts (school_id)",
        """
        CREATE TABLE IF NOT EXISTS class_teachers (
            class_id text NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
            teacher_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            seq bigint GENERATED ALWAYS AS IDENTITY,
            added_at double precision NOT NULL,
            PRIMARY KEY (class_id, teacher_id))
        """,
        "CREATE INDEX IF NOT EXISTS class_teachers_teacher_id ON class_teachers (teacher_id)",
        """
        CREATE TABLE IF NOT EXISTS school_invites (
            id text PRIMARY KEY,
            school_id text NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
            created_by text NOT NULL,
            expires_at double precision NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS school_invites_school_id ON school_invites (school_id)",
    ])

    package func insertSchool(_ school: School, adminID: String) async throws {
        let (id, name, created, role) = (school.id, school.name, school.createdAt.timeIntervalSinceReferenceDate, Account.Role.teacher.rawValue)
        try await database.transaction { [logger = database.logger] connection in
            try await connection.query("INSERT INTO schools (id, name, created_at) VALUES (\(id), \(name), \(created))", logger: logger)
            let updated = try await connection.query("""
                UPDATE accounts SET school_id = \(id), school_admin = true
                WHERE id = \(adminID) AND role = \(role) AND school_id IS NULL RETURNING id
                """, logger: logger).collect()
            if updated.isEmpty { throw StoreError.alreadyInSchool }  // rolls the school back too
        }
    }

    package func school(id: String) async throws -> School? {
        try await database.query("SELECT id, name, created_at FROM schools WHERE id = \(id)").first.map(Self.school)
    }

    package func schools(limit: Int) async throws -> [School] {
        try await database.query("SELECT id, name, created_at FROM schools ORDER BY created_at, seq LIMIT \(limit)").map(Self.school)
    }

    package func teachers(schoolID: String) async throws -> [Account] {
        let role = Account.Role.teacher.rawValue
        return try await database.query("""
            SELECT \(unescaped: Self.accountColumns) FROM accounts WHERE school_id = \(schoolID) AND role = \(role)
            """).map(Self.account).sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    package func classes(schoolID: String) async throws -> [SchoolClass] {
        try await database.query("""
            SELECT \(unescaped: Self.classColumns) FROM classes
            WHERE teacher_id IN (SELECT id FROM accounts WHERE school_id = \(schoolID)) ORDER BY created_at, seq
            """).map(Self.schoolClass)
    }

    package func setSchool(teacherID: String, schoolID: String?, admin: Bool) async throws -> Bool {
        let role = Account.Role.teacher.rawValue
        return try await database.transaction { [logger = database.logger] connection in
            let rows = try await connection.query("""
                SELECT school_id FROM accounts WHERE id = \(teacherID) AND role = \(role) FOR UPDATE
                """, logger: logger).collect()
            guard let row = rows.first else { return false }
            let current = try row.decode(String?.self)
            if let schoolID, let current, current != schoolID { throw StoreError.alreadyInSchool }
            let isAdmin = schoolID != nil && admin
            try await connection.query("""
                UPDATE accounts SET school_id = \(schoolID)::text, school_admin = \(isAdmin) WHERE id = \(teacherID)
                """, logger: logger)
            return true
        }
    }

    package func insertInvite(_ invite: SchoolInvite) async throws {
        let expires = invite.expiresAt.timeIntervalSinceReferenceDate
        _ = try await database.query("""
            INSERT INTO school_invites (id, school_id, created_by, expires_at)
            VALUES (\(invite.id), \(invite.schoolID), \(invite.createdBy), \(expires))
            """)
    }

    package func takeInvite(id: String, now: Date) async throws -> SchoolInvite? {
        // Deleted and returned in one statement: two people opening one link cannot both join.
        guard let row = try await database.query("""
            DELETE FROM school_invites WHERE id = \(id) RETURNING id, school_id, created_by, expires_at
            """).first else { return nil }
        let (taken, school, creator, expires) = try row.decode((String, String, String, Double).self)
        let invite = SchoolInvite(id: taken, schoolID: school, createdBy: creator, expiresAt: Date(timeIntervalSinceReferenceDate: expires))
        return invite.expiresAt > now ? invite : nil
    }

    package func openInvites(schoolID: String, now: Date) async throws -> Int {
        let time = now.timeIntervalSinceReferenceDate
        let rows = try await database.query("SELECT count(*) FROM school_invites WHERE school_id = \(schoolID) AND expires_at > \(time)")
        return try rows.first?.decode(Int.self) ?? 0
    }

    package func coTeachers(classID: String) async throws -> [String] {
        try await database.query("SELECT teacher_id FROM class_teachers WHERE class_id = \(classID) ORDER BY added_at, seq")
            .map { try $0.decode(String.self) }
    }

    package func addCoTeacher(classID: String, teacherID: String) async throws {
        let now = Date().timeIntervalSinceReferenceDate
        _ = try await database.query("""
            INSERT INTO class_teachers (class_id, teacher_id, added_at) VALUES (\(classID), \(teacherID), \(now))
            ON CONFLICT DO NOTHING
            """)
    }

    package func removeCoTeacher(classID: String, teacherID: String) async throws -> Bool {
        !(try await database.query("""
            DELETE FROM class_teachers WHERE class_id = \(classID) AND teacher_id = \(teacherID) RETURNING class_id
            """).isEmpty)
    }

    package func moveClass(id: String, toTeacher teacherID: String) async throws -> Bool {
        try await database.transaction { [logger = database.logger] connection in
            let moved = try await connection.query("UPDATE classes SET teacher_id = \(teacherID) WHERE id = \(id) RETURNING id",
                                                   logger: logger).collect()
            guard !moved.isEmpty else { return false }
            try await connection.query("DELETE FROM class_teachers WHERE class_id = \(id) AND teacher_id = \(teacherID)", logger: logger)
            return true
        }
    }

    private static func school(_ row: PostgresRow) throws -> School {
        let (id, name, created) = try row.decode((String, String, Double).self)
        return School(id: id, name: name, createdAt: Date(timeIntervalSinceReferenceDate: created))
    }
}
