import ClassroomKit
import Foundation
import GRDB

/// Schools in the SQLite file: a school is a row and a column on its teachers (so a teacher is in
/// one school at most, by the table), a co-teacher a row beside the class, an invitation a row
/// keyed by its token's hash. Deleting a school leaves its teachers with none; deleting a class or
/// a teacher removes their co-teaching rows (the foreign keys).
extension SQLiteAccountStore {
    /// "schools-v1".
    static func schoolsV1(_ db: Database) throws {
        try db.create(table: "schools") { table in
            table.primaryKey("id", .text)
            table.column("name", .text).notNull()
            table.column("created_at", .double).notNull()
        }
        try db.alter(table: "accounts") { table in
            table.add(column: "school_id", .text).references("schools", onDelete: .setNull)
            table.add(column: "school_admin", .boolean).notNull().defaults(to: false)
        }
        try db.execute(sql: "CREATE INDEX accounts_school_id ON accounts (school_id)")
        try db.create(table: "class_teachers") { table in
            table.column("class_id", .text).notNull().references("classes", onDelete: .cascade)
            table.column("teacher_id", .text).notNull().indexed().references("accounts", onDelete: .cascade)
            table.column("added_at", .double).notNull()
            table.primaryKey(["class_id", "teacher_id"])
        }
        try db.create(table: "school_invites") { table in
            table.primaryKey("id", .text)  // the SHA-256 of the link's token, never the token
            table.column("school_id", .text).notNull().indexed().references("schools", onDelete: .cascade)
            table.column("created_by", .text).notNull()
            table.column("expires_at", .double).notNull()
        }
    }

    package func insertSchool(_ school: School, adminID: String) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT INTO schools (id, name, created_at) VALUES (?, ?, ?)",
                           arguments: [school.id, school.name, school.createdAt.timeIntervalSinceReferenceDate])
            try db.execute(sql: """
                UPDATE accounts SET school_id = ?, school_admin = 1 WHERE id = ? AND role = ? AND school_id IS NULL
                """, arguments: [school.id, adminID, Account.Role.teacher.rawValue])
            if db.changesCount == 0 { throw StoreError.alreadyInSchool }  // rolls the school back too
        }
    }

    package func school(id: String) async throws -> School? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT id, name, created_at FROM schools WHERE id = ?", arguments: [id]).map(Self.school)
        }
    }

    package func schools(limit: Int) async throws -> [School] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, created_at FROM schools ORDER BY created_at, rowid LIMIT ?",
                             arguments: [limit]).map(Self.school)
        }
    }

    package func teachers(schoolID: String) async throws -> [Account] {
        try await accounts(where: "school_id = ? AND role = ?", [schoolID, Account.Role.teacher.rawValue])
            .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    package func classes(schoolID: String) async throws -> [SchoolClass] {
        try await classes(where: "teacher_id IN (SELECT id FROM accounts WHERE school_id = ?) ORDER BY created_at, rowid", [schoolID])
    }

    package func setSchool(teacherID: String, schoolID: String?, admin: Bool) async throws -> Bool {
        try await database.write { db in
            guard let current = try Row.fetchOne(db, sql: "SELECT school_id FROM accounts WHERE id = ? AND role = ?",
                                                 arguments: [teacherID, Account.Role.teacher.rawValue]) else { return false }
            let now: String? = current["school_id"]
            if let schoolID, let now, now != schoolID { throw StoreError.alreadyInSchool }
            try db.execute(sql: "UPDATE accounts SET school_id = ?, school_admin = ? WHERE id = ?",
                           arguments: [schoolID, schoolID != nil && admin, teacherID])
            return true
        }
    }

    package func insertInvite(_ invite: SchoolInvite) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT INTO school_invites (id, school_id, created_by, expires_at) VALUES (?, ?, ?, ?)",
                           arguments: [invite.id, invite.schoolID, invite.createdBy, invite.expiresAt.timeIntervalSinceReferenceDate])
        }
    }

    package func takeInvite(id: String, now: Date) async throws -> SchoolInvite? {
        try await database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, school_id, created_by, expires_at FROM school_invites WHERE id = ?",
                                             arguments: [id]) else { return nil }
            try db.execute(sql: "DELETE FROM school_invites WHERE id = ?", arguments: [id])
            let invite = SchoolInvite(id: row["id"], schoolID: row["school_id"], createdBy: row["created_by"],
                                      expiresAt: Date(timeIntervalSinceReferenceDate: row["expires_at"]))
            return invite.expiresAt > now ? invite : nil
        }
    }

    package func openInvites(schoolID: String, now: Date) async throws -> Int {
        try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM school_invites WHERE school_id = ? AND expires_at > ?",
                             arguments: [schoolID, now.timeIntervalSinceReferenceDate]) ?? 0
        }
    }

    package func coTeachers(classID: String) async throws -> [String] {
        try await database.read { db in
            try String.fetchAll(db, sql: "SELECT teacher_id FROM class_teachers WHERE class_id = ? ORDER BY added_at, rowid",
                                arguments: [classID])
        }
    }

    package func addCoTeacher(classID: String, teacherID: String) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO class_teachers (class_id, teacher_id, added_at) VALUES (?, ?, ?)",
                           arguments: [classID, teacherID, Date().timeIntervalSinceReferenceDate])
        }
    }

    package func removeCoTeacher(classID: String, teacherID: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM class_teachers WHERE class_id = ? AND teacher_id = ?", arguments: [classID, teacherID])
            return db.changesCount > 0
        }
    }

    package func moveClass(id: String, toTeacher teacherID: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE classes SET teacher_id = ? WHERE id = ?", arguments: [teacherID, id])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "DELETE FROM class_teachers WHERE class_id = ? AND teacher_id = ?", arguments: [id, teacherID])
            return true
        }
    }

    private static func school(_ row: Row) -> School {
        School(id: row["id"], name: row["name"], createdAt: Date(timeIntervalSinceReferenceDate: row["created_at"]))
    }
}
