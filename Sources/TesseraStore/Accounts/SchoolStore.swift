import ClassroomKit
import Foundation

/// Schools, their teachers and invitations, and classes with more than one teacher. Kept by the
/// account stores (SQLite, PostgreSQL) beside accounts and classes, since a school is a column on
/// its teachers and a co-teacher a row beside the class: one transaction covers both.
package protocol SchoolStore: Sendable {
    /// Makes the school with `adminID` as its first admin, or throws `StoreError.alreadyInSchool`
    /// when that teacher already has one (nothing is written then).
    func insertSchool(_ school: School, adminID: String) async throws
    func school(id: String) async throws -> School?
    /// Schools, oldest first, at most `limit` (for the operator).
    func schools(limit: Int) async throws -> [School]
    /// The school's teachers, by name.
    func teachers(schoolID: String) async throws -> [Account]
    /// Every class of the school's teachers, oldest first.
    func classes(schoolID: String) async throws -> [SchoolClass]
    /// Puts a teacher in a school (or out of it, with nil), as admin or not; `false` when there is
    /// no such teacher. Joining throws `StoreError.alreadyInSchool` for a teacher of another school.
    func setSchool(teacherID: String, schoolID: String?, admin: Bool) async throws -> Bool

    func insertInvite(_ invite: SchoolInvite) async throws
    /// Uses an invitation up: returns it and deletes it, or nil when there is none or it has expired.
    func takeInvite(id: String, now: Date) async throws -> SchoolInvite?
    /// The school's open invitations (expired ones are not counted).
    func openInvites(schoolID: String, now: Date) async throws -> Int

    /// A class's teachers besides its own, oldest first.
    func coTeachers(classID: String) async throws -> [String]
    /// Adds a co-teacher (adding one twice changes nothing).
    func addCoTeacher(classID: String, teacherID: String) async throws
    /// `false` when they were not a co-teacher of the class.
    func removeCoTeacher(classID: String, teacherID: String) async throws -> Bool
    /// Gives a class to another teacher (who stops being its co-teacher); `false` when there is no such class.
    func moveClass(id: String, toTeacher teacherID: String) async throws -> Bool
}
