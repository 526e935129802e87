import ClassroomKit
import Foundation

/// Teachers' classes and the pupils in them. Pupils are accounts (`role == .pupil`, `classID`
/// set), kept by the same store as teachers so a session works for either; this protocol adds what
/// only classes need. The account stores (memory, SQLite, PostgreSQL) implement both protocols.
package protocol ClassStore: Sendable {
    /// Throws `StoreError.duplicateID` for a taken id and `StoreError.classCodeTaken` for a code
    /// another class has (the caller draws a new code and tries again).
    func insertClass(_ schoolClass: SchoolClass) async throws
    func schoolClass(id: String) async throws -> SchoolClass?
    /// The class with this code (as stored: `ClassRules.normalizedCode`), archived or not.
    func schoolClass(code: String) async throws -> SchoolClass?
    /// A teacher's classes, oldest first, archived ones too.
    func classes(teacherID: String) async throws -> [SchoolClass]
    /// Renames or archives; `nil` when there is no such class.
    func updateClass(id: String, name: String?, archived: Bool?) async throws -> SchoolClass?
    /// The class's settings (each `nil` is left as it is); `nil` when there is no such class.
    func updateSettings(classID: String, signIn: SignInMode?, levelApproval: Bool?, pupilLinks: Bool?) async throws -> SchoolClass?

    /// Adds pupils to a class all together or not at all: a name that another pupil of the class
    /// already has (by `ClassRules.nameKey`) throws `StoreError.pupilNameTaken(name)`.
    func insertPupils(_ pupils: [Account], classID: String) async throws
    /// The class's pupils, by name.
    func pupils(classID: String) async throws -> [Account]
    /// The pupil of this class with this name (any capitals, surrounding spaces ignored).
    func pupil(classID: String, name: String) async throws -> Account?
    /// Moves a pupil to another class, keeping their progress and programs; `false` when there
    /// is no such pupil. A name taken in the new class throws `StoreError.pupilNameTaken`.
    func movePupil(id: String, toClass classID: String) async throws -> Bool
    /// Deletes an account and its sessions; `false` when there is no such account.
    func deleteAccount(id: String) async throws -> Bool
}
