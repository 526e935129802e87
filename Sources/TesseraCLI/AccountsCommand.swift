import ArgumentParser
import ClassroomKit
import Foundation
import TesseraStore

/// `tessera accounts …`: for the person who runs the server. Reads and writes the deployment's
/// storage directly (the data folder or `--database`), so it works with the server running or not.
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts", abstract: "Teachers' accounts: list them, reset a forgotten password.",
        subcommands: [Teachers.self, ResetPassword.self])

    struct Teachers: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the teachers' accounts, oldest first.")
        @OptionGroup var storage: StorageOptions
        @Flag(help: "Print a JSON array of {id, name, email, createdAt}.") var json = false

        struct Entry: Encodable {
            let id: String
            let name: String
            let email: String
            let createdAt: Date
        }

        func run() async throws {
            let teachers = try await storage.open().accounts.teachers(limit: 100_000)
            let entries = teachers.map { Entry(id: $0.id, name: $0.name, email: $0.email ?? "", createdAt: $0.createdAt) }
            if json { return try printJSON(entries) }
            if entries.isEmpty { print("No teachers yet."); return }
            for entry in entries { print("\(entry.email)  \(entry.name)  (since \(entry.createdAt.formatted(date: .abbreviated, time: .omitted)))") }
        }
    }

    struct ResetPassword: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-password",
            abstract: "Give a teacher a new password (printed once), sign them out everywhere, lift any sign-in lock and turn off two-step sign-in.",
            discussion: "Too many wrong passwords lock an account on devices it has not used; the lock counts the old password, so a new one lifts it on every server at once.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The teacher's email (any capitals).") var email: String

        func validate() throws {
            guard email.unicodeScalars.count <= AccountRules.emailMaxCharacters else {
                throw ValidationError("An email is at most \(AccountRules.emailMaxCharacters) characters.")
            }
        }

        func run() async throws {
            let accounts = try await storage.open().accounts
            guard let teacher = try await accounts.teacher(email: email) else {
                ProgressLine.fail("no teacher has the email \(email). `tessera accounts teachers` lists them")
                throw ExitCode.failure
            }
            let password = PasswordHashing.readablePassword()
            guard try await accounts.setPasswordHash(accountID: teacher.id, PasswordHashing.hash(password)) else {
                ProgressLine.fail("the account went away while resetting; run `tessera accounts teachers`")
                throw ExitCode.failure
            }
            try await accounts.deleteSessions(accountID: teacher.id, except: nil)
            // A teacher locked out may have lost the phone with their authenticator app as well.
            try await accounts.deleteTwoStep(accountID: teacher.id)
            print("New password for \(teacher.name) <\(teacher.email ?? email)>: \(password)")
            print("Give it to them privately; they are signed out everywhere, any sign-in lock is lifted, two-step sign-in is off, and they can change it after signing in.")
        }
    }
}
