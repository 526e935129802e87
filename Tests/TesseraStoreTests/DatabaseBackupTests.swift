import Foundation
import RouterKit
import Testing
@testable import TesseraStore

/// `tessera backup` and `tessera restore` underneath: a checked copy taken while the database is
/// open and written, a restore that keeps what it replaces, and the refusals that keep a
/// school's data safe (an existing file, a file that is not a backup, a folder in use).
@Suite struct DatabaseBackupTests {
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tessera-backup-\(UUID().uuidString)").path
    }

    /// Runs `body` with a data folder (not made yet) and a spare folder (made) for backups, and
    /// removes both afterwards.
    static func withFolders(_ body: (_ folder: String, _ spare: String) async throws -> Void) async throws {
        let (folder, spare) = (temporaryDirectory(), temporaryDirectory())
        try FileManager.default.createDirectory(atPath: spare, withIntermediateDirectories: true)
        defer { for path in [folder, spare] { try? FileManager.default.removeItem(atPath: path) } }
        try await body(folder, spare)
    }

    /// Opens `folder`'s database (made if new), writes one document and closes it again, as a
    /// server that stored something and stopped.
    static func store(_ id: String, levels: [String], in folder: String) async throws {
        let store = try DocumentTable<ClassLocks>(database: try TesseraDatabase(directory: folder))
        try await store.insert(ClassLocks(id: id, levels: levels))
    }

    @Test func aBackupTakenWhileWritingRestoresEverythingWrittenBeforeIt() async throws {
        let (source, target, spare) = (Self.temporaryDirectory(), Self.temporaryDirectory(), Self.temporaryDirectory())
        try FileManager.default.createDirectory(atPath: spare, withIntermediateDirectories: true)
        defer { for folder in [source, target, spare] { try? FileManager.default.removeItem(atPath: folder) } }
        let file = spare + "/school.sqlite"
        let secret = "a maze secret that is long enough to be used by the server"
        let store = try DocumentTable<ClassLocks>(database: try TesseraDatabase(directory: source))
        try Data(secret.utf8).write(to: URL(fileURLWithPath: source + "/maze-secret"))
        for number in 0..<50 { try await store.insert(ClassLocks(id: "before-\(number)", levels: ["\(number)"])) }
        // A writer keeps going while the copy is taken, as a running server would.
        let writing = Task {
            var number = 0
            while !Task.isCancelled {
                try await store.insert(ClassLocks(id: "during-\(number)", levels: ["\(number)"]))
                number += 1
            }
        }
        let steps = Counter()
        let report = try DatabaseBackup.backup(dataDirectory: source, to: file, overwrite: false) { _, _ in steps.add() }
        writing.cancel()
        _ = await writing.result
        #expect(report.bytes > 0)
        #expect(steps.value >= 1)
        #expect(report.mazeSecret == file + ".maze-secret")
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"))  // one self-contained file

        // Again without --force: refused, and the first copy is untouched.
        let again = try #require(throws: StartupError.self) {
            try DatabaseBackup.backup(dataDirectory: source, to: file, overwrite: false)
        }
        #expect(again.description.contains("already exists"))
        #expect(again.description.contains("--force"))

        let restored = try DatabaseBackup.restore(from: file, dataDirectory: target)
        #expect(restored.keptPrevious == nil)
        let copy = try DocumentTable<ClassLocks>(database: try TesseraDatabase(directory: target))
        for number in 0..<50 { #expect(try await copy.find(id: "before-\(number)") != nil) }
        #expect(try String(contentsOfFile: target + "/maze-secret", encoding: .utf8) == secret)
    }

    @Test func restoreKeepsTheReplacedDatabaseAndRefusesWhatIsNotABackup() async throws {
        try await Self.withFolders { folder, spare in
            try await Self.store("old", levels: ["1"], in: folder)
            let backup = spare + "/old.sqlite"
            _ = try DatabaseBackup.backup(dataDirectory: folder, to: backup, overwrite: false)
            try await Self.store("new", levels: ["2"], in: folder)

            let text = spare + "/notes.txt"
            try Data("not a database".utf8).write(to: URL(fileURLWithPath: text))
            let refused = try #require(throws: StartupError.self) { try DatabaseBackup.restore(from: text, dataDirectory: folder) }
            #expect(refused.description.contains("is not a Tessera backup"))

            let report = try DatabaseBackup.restore(from: backup, dataDirectory: folder, now: Date(timeIntervalSince1970: 0))
            let kept = try #require(report.keptPrevious)
            #expect(kept.hasSuffix("tessera.sqlite.before-restore-19700101T000000Z"))
            let store = try DocumentTable<ClassLocks>(database: try TesseraDatabase(directory: folder))
            #expect(try await store.find(id: "old") != nil)
            #expect(try await store.find(id: "new") == nil)
            // The replaced database is whole: renamed with its write-ahead log, it still opens.
            try DatabaseBackup.check(kept, thorough: true)
        }
    }

    @Test func restoreRefusesWhileTheFolderIsInUse() async throws {
        try await Self.withFolders { folder, spare in
            let database = try TesseraDatabase(directory: folder)
            let store = try DocumentTable<ClassLocks>(database: database)
            try await store.insert(ClassLocks(id: "open", levels: ["1"]))
            let backup = spare + "/copy.sqlite"
            _ = try DatabaseBackup.backup(dataDirectory: folder, to: backup, overwrite: false)
            let refused = try #require(throws: StartupError.self) { try DatabaseBackup.restore(from: backup, dataDirectory: folder) }
            #expect(refused.description.contains("is using"))
            #expect(try await store.find(id: "open") != nil)
        }
    }

    @Test func forceReplacesAnOlderBackupButNeverAFolderOrTheDatabaseItself() async throws {
        let (folder, spare) = (Self.temporaryDirectory(), Self.temporaryDirectory())
        let backups = spare + "/backups"
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        defer { for path in [folder, spare] { try? FileManager.default.removeItem(atPath: path) } }
        try await Self.store("first", levels: ["1"], in: folder)
        let older = backups + "/monday.sqlite"
        _ = try DatabaseBackup.backup(dataDirectory: folder, to: older, overwrite: false)

        // A folder given as --to, with --force: refused, and the backups in it are still there.
        let atFolder = try #require(throws: StartupError.self) {
            try DatabaseBackup.backup(dataDirectory: folder, to: backups, overwrite: true)
        }
        #expect(atFolder.description.contains("is a folder"))
        #expect(FileManager.default.fileExists(atPath: older))
        // The live database itself (here through "..") is never the target.
        let atItself = try #require(throws: StartupError.self) {
            try DatabaseBackup.backup(dataDirectory: folder, to: folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "/tessera.sqlite", overwrite: true)
        }
        #expect(atItself.description.contains("is the database being backed up"))

        try await Self.store("second", levels: ["2"], in: folder)
        _ = try DatabaseBackup.backup(dataDirectory: folder, to: older, overwrite: true)
        let restoredInto = spare + "/restored"
        _ = try DatabaseBackup.restore(from: older, dataDirectory: restoredInto)
        let store = try DocumentTable<ClassLocks>(database: try TesseraDatabase(directory: restoredInto))
        #expect(try await store.find(id: "first") != nil)
        #expect(try await store.find(id: "second") != nil)
        #expect(!FileManager.default.fileExists(atPath: older + ".partial"))
    }

    @Test func twoRestoresInTheSameSecondKeepBothReplacedDatabases() async throws {
        try await Self.withFolders { folder, spare in
            try await Self.store("kept", levels: ["1"], in: folder)
            let backup = spare + "/copy.sqlite"
            _ = try DatabaseBackup.backup(dataDirectory: folder, to: backup, overwrite: false)
            let moment = Date(timeIntervalSince1970: 0)
            let first = try #require(try DatabaseBackup.restore(from: backup, dataDirectory: folder, now: moment).keptPrevious)
            let second = try #require(try DatabaseBackup.restore(from: backup, dataDirectory: folder, now: moment).keptPrevious)
            #expect(first != second)
            for kept in [first, second] { try DatabaseBackup.check(kept, thorough: true) }
            let store = try DocumentTable<ClassLocks>(database: try TesseraDatabase(directory: folder))
            #expect(try await store.find(id: "kept") != nil)
        }
    }

    @Test func aLogLeftWithoutItsDatabaseIsMovedAsideNotReplayedIntoTheRestore() async throws {
        try await Self.withFolders { folder, spare in
            try await Self.store("backed-up", levels: ["1"], in: folder)
            let backup = spare + "/copy.sqlite"
            _ = try DatabaseBackup.backup(dataDirectory: folder, to: backup, overwrite: false)
            // Someone moved only tessera.sqlite away; a log of another database is still there.
            try FileManager.default.removeItem(atPath: folder + "/tessera.sqlite")
            try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: folder + "/tessera.sqlite-wal"))
            let report = try DatabaseBackup.restore(from: backup, dataDirectory: folder)
            let kept = try #require(report.keptPrevious)
            #expect(FileManager.default.fileExists(atPath: kept + "-wal"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/tessera.sqlite-wal"))
            let store = try DocumentTable<ClassLocks>(database: try TesseraDatabase(directory: folder))
            #expect(try await store.find(id: "backed-up") != nil)
        }
    }
}

/// Counts progress calls from the backup's thread.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
