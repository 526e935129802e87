import ArgumentParser
import ClassroomKit
import Foundation
import TesseraStore

/// `tessera schools …`: for the person who runs the server. A school whose only admin has left
/// (or forgot everything) gets a new admin here. Reads and writes the deployment's storage
/// directly (the data folder or `--database`), with the server running or not.
struct SchoolsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schools", abstract: "Schools: list them with their teachers, make a teacher a school's admin.",
        subcommands: [List.self, MakeAdmin.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the schools, oldest first, with their teachers (admins marked).")
        @OptionGroup var storage: StorageOptions
        @Flag(help: "Print a JSON array of {id, name, createdAt, teachers: [{name, email, admin}]}.") var json = false

        struct Entry: Encodable {
            struct Teacher: Encodable {
                let name: String
                let email: String
                let admin: Bool
            }
            let id: String
            let name: String
            let createdAt: Date
            let teachers: [Teacher]
        }

        func run() async throws {
            let schools = try await storage.open().schools
            var entries: [Entry] = []
            for school in try await schools.schools(limit: 100_000) {
                let teachers = try await schools.teachers(schoolID: school.id)
                entries.append(Entry(id: school.id, name: school.name, createdAt: school.createdAt,
                                     teachers: teachers.map { .init(name: $0.name, email: $0.email ?? "", admin: $0.schoolAdmin) }))
            }
            if json { return try printJSON(entries) }
            if entries.isEmpty { print("No schools yet."); return }
            for entry in entries {
                print("\(entry.name)  (\(entry.teachers.count) teacher\(entry.teachers.count == 1 ? "" : "s"), since \(entry.createdAt.formatted(date: .abbreviated, time: .omitted)))")
                for teacher in entry.teachers { print("  \(teacher.admin ? "admin  " : "       ")\(teacher.email)  \(teacher.name)") }
            }
        }
    }

    struct MakeAdmin: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "make-admin", abstract: "Make a teacher an admin of the school they belong to.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The teacher's email (any capitals).") var email: String

        func validate() throws {
            guard email.unicodeScalars.count <= AccountRules.emailMaxCharacters else {
                throw ValidationError("An email is at most \(AccountRules.emailMaxCharacters) characters.")
            }
        }

        func run() async throws {
            let stores = try await storage.open()
            guard let teacher = try await stores.accounts.teacher(email: email) else {
                ProgressLine.fail("no teacher has the email \(email). `tessera accounts teachers` lists them")
                throw ExitCode.failure
            }
            guard let schoolID = teacher.schoolID, let school = try await stores.schools.school(id: schoolID) else {
                ProgressLine.fail("\(teacher.name) belongs to no school. They can make one on the Classroom page, or join one from an invitation")
                throw ExitCode.failure
            }
            _ = try await stores.schools.setSchool(teacherID: teacher.id, schoolID: school.id, admin: true)
            print("\(teacher.name) <\(teacher.email ?? email)> is now an admin of \(school.name).")
        }
    }
}
