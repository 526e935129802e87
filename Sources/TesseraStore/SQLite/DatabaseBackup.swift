import Foundation
import GRDB
import PentominoKit
import RouterKit
import TicTacToeKit

/// `tessera backup` and `tessera restore` for the SQLite data folder.
///
/// A backup is SQLite's online backup (through GRDB) taken inside one read transaction, so it is
/// the database exactly as it was when the backup began, whatever a running server writes
/// meanwhile (WAL: the server's writes never wait for it). It is written beside the target
/// under a temporary name, checked with `PRAGMA integrity_check`, and only then renamed into
/// place, so a FILE that exists is always a whole, checked copy. The maze secret (which keeps
/// maze room ids valid) goes beside it as `FILE.maze-secret`.
package enum DatabaseBackup {
    package static let databaseFileName = "tessera.sqlite"
    /// Pages copied per step (4 KiB each: 4 MiB); progress is reported after each.
    static let pagesPerStep: CInt = 1024
    /// Migrations every Tessera database has; a file without any of them is something else.
    static let knownMigrations: Set<String> = [
        Match.tableMigration, PentominoPuzzle.tableMigration, StoredLevel.tableMigration, PlayerProgress.tableMigration,
        SavedPrograms.tableMigration, ClassLocks.tableMigration, "posts-v1", "accounts-v1",
    ]

    package struct Report: Sendable {
        package let file: String
        package let bytes: Int64
        package let seconds: Double
        /// Where the maze secret went (backup) or came from (restore), when there was one.
        package let mazeSecret: String?
        /// Restore only: where the database that was replaced is kept.
        package let keptPrevious: String?
    }

    /// The maze secret's file beside a backup FILE.
    package static func mazeSecretPath(besides file: String) -> String { file + ".maze-secret" }

    /// Copies `dataDirectory`'s database to `file`; `progress(copied, total)` counts pages.
    package static func backup(dataDirectory: String, to file: String, overwrite: Bool,
                               progress: @escaping @Sendable (_ copied: Int, _ total: Int) -> Void = { _, _ in }) throws -> Report {
        let started = Date()
        let source = dataDirectory + "/" + databaseFileName
        let manager = FileManager.default
        guard manager.fileExists(atPath: source) else {
            throw StartupError("There is no Tessera database in \(dataDirectory) (no \(databaseFileName)). Check --data-dir: it is the folder `tessera serve` uses.")
        }
        let secretTarget = mazeSecretPath(besides: file)
        // --force replaces a file, never a folder, and never the database being copied.
        if let folder = [file, secretTarget].first(where: isFolder) {
            throw StartupError("\(folder) is a folder. Give --to a file name, for example \(folder)/tessera-backup.sqlite.")
        }
        if isSameFile(file, asAnyOf: [source, source + "-wal", source + "-shm"]) {
            throw StartupError("\(file) is the database being backed up. Choose a file outside \(dataDirectory).")
        }
        if !overwrite, let existing = [file, secretTarget].first(where: manager.fileExists(atPath:)) {
            throw StartupError("The file \(existing) already exists. Choose another file name, or pass --force to replace it.")
        }
        // Shared, like a server: a restore cannot swap the file while the copy is taken. A
        // folder we cannot lock (read-only) is still copied.
        let lock = try? DataFolderLock(folder: dataDirectory, exclusive: false)
        defer { withExtendedLifetime(lock) {} }

        let partial = file + ".partial"
        try? manager.removeItem(atPath: partial)
        do {
            var configuration = GRDB.Configuration()
            configuration.busyMode = .timeout(5)
            let pool = try DatabasePool(path: source, configuration: configuration)
            do {
                let copy = try DatabaseQueue(path: partial)
                try pool.backup(to: copy, pagesPerStep: pagesPerStep) { step in
                    progress(step.completedPageCount, step.totalPageCount)
                }
                // One self-contained file (no -wal beside it), whatever mode the source was in.
                try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
                try copy.close()
            }
            try pool.close()
            try check(partial, thorough: true)
            // rename(2) replaces an older backup in one step: FILE is always a whole copy.
            if rename(partial, file) != 0 { throw DataFolder.POSIXFailure(code: errno) }
        } catch {
            try? manager.removeItem(atPath: partial)
            throw describe(error, doing: "copy \(source) to \(file)")
        }
        var secret: String?
        let secretSource = dataDirectory + "/" + DataFolder.mazeSecretFileName
        if manager.fileExists(atPath: secretSource) {
            do {
                try copyPrivately(secretSource, to: secretTarget)
            } catch {
                throw StartupError("The database copy \(file) is whole, but the maze secret could not be copied to \(secretTarget) (\(DataFolder.reason(error))). Copy \(secretSource) there by hand.")
            }
            secret = secretTarget
        }
        return Report(file: file, bytes: size(of: file), seconds: Date().timeIntervalSince(started),
                      mazeSecret: secret, keptPrevious: nil)
    }

    /// Puts the backup `file` in `dataDirectory`, keeping the database it replaces as
    /// `tessera.sqlite.before-restore-<time>`; refuses while anything has the folder open.
    package static func restore(from file: String, dataDirectory: String, now: Date = Date()) throws -> Report {
        let started = Date()
        let manager = FileManager.default
        guard manager.fileExists(atPath: file) else {
            throw StartupError("There is no backup file at \(file). Check the path given to --from.")
        }
        try DataFolder.prepareChecked(dataDirectory)
        guard let lock = try DataFolderLock(folder: dataDirectory, exclusive: true) else {
            throw StartupError("A Tessera server (or another tessera command) is using \(dataDirectory) right now. Stop it, then run the restore again.")
        }
        defer { withExtendedLifetime(lock) {} }

        let target = dataDirectory + "/" + databaseFileName
        let incoming = target + ".restoring"
        for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: incoming + suffix) }
        do {
            try manager.copyItem(atPath: file, toPath: incoming)
            // A copy taken by hand may still have its write-ahead log beside it: bring that too.
            if manager.fileExists(atPath: file + "-wal") { try manager.copyItem(atPath: file + "-wal", toPath: incoming + "-wal") }
            try check(incoming, thorough: true)
        } catch {
            for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: incoming + suffix) }
            throw describe(error, doing: "read the backup \(file)", notTessera: "The file \(file) is not a Tessera backup (or it is damaged), so nothing was restored. Choose a file made by `tessera backup`.")
        }
        var kept: String?
        var moved: [(from: String, to: String)] = [] // undone, newest first, if the swap fails
        do {
            // The -wal and -shm move with it under the matching names, so the kept file opens
            // whole, with whatever its log still held; a log left without its database moves
            // too, or SQLite would replay it into the restored file.
            if ["", "-wal", "-shm"].contains(where: { manager.fileExists(atPath: target + $0) }) {
                let keep = unusedName(target + ".before-restore-" + stamp(now))
                for suffix in ["", "-wal", "-shm"] where manager.fileExists(atPath: target + suffix) {
                    try manager.moveItem(atPath: target + suffix, toPath: keep + suffix)
                    moved.append((target + suffix, keep + suffix))
                }
                kept = keep
            }
            try manager.moveItem(atPath: incoming, toPath: target)
            try DataFolder.restrict(target, to: 0o600)
        } catch {
            // Never leave the folder without its database: the next `serve` would start empty.
            for suffix in ["", "-wal", "-shm"] { try? manager.removeItem(atPath: incoming + suffix) }
            for move in moved.reversed() { try? manager.moveItem(atPath: move.to, toPath: move.from) }
            throw describe(error, doing: "put the backup in \(dataDirectory)")
        }
        var secret: String?
        let secretSource = mazeSecretPath(besides: file)
        if manager.fileExists(atPath: secretSource) {
            let secretTarget = dataDirectory + "/" + DataFolder.mazeSecretFileName
            do {
                if manager.fileExists(atPath: secretTarget) {
                    try manager.moveItem(atPath: secretTarget, toPath: unusedName(secretTarget + ".before-restore-" + stamp(now)))
                }
                try copyPrivately(secretSource, to: secretTarget)
            } catch {
                throw StartupError("The database is restored, but the maze secret could not be copied from \(secretSource) to \(secretTarget) (\(DataFolder.reason(error))). Copy it by hand, or maze room ids made before the backup will not open.")
            }
            secret = secretSource
        }
        return Report(file: target, bytes: size(of: target), seconds: Date().timeIntervalSince(started),
                      mazeSecret: secret, keptPrevious: kept)
    }

    /// Throws unless `path` is an intact SQLite file holding Tessera's tables.
    package static func check(_ path: String, thorough: Bool) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.read { db in
            let verdict = try String.fetchOne(db, sql: thorough ? "PRAGMA integrity_check(1)" : "PRAGMA quick_check(1)")
            if verdict != "ok" { throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: verdict) }
            guard try db.tableExists("grdb_migrations") else { throw NotTessera() }
            let names = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
            if names.isDisjoint(with: knownMigrations) { throw NotTessera() }
        }
    }

    // MARK: Helpers

    private struct NotTessera: Error {}

    private static func describe(_ error: any Error, doing what: String, notTessera: String? = nil) -> StartupError {
        if let error = error as? StartupError { return error }
        if let notTessera, error is NotTessera || SQLiteProblem(error) == .damaged {
            return StartupError(notTessera)
        }
        if let problem = SQLiteProblem(error), problem == .diskFull {
            return StartupError("Could not \(what): the disk is full. Free some space, then try again.")
        }
        return StartupError("Could not \(what) (\(SQLiteProblem(error)?.reason ?? DataFolder.reason(error))). Nothing was changed.")
    }

    /// `path`, or `path-2`, `path-3`… when that is taken (two restores in the same second).
    private static func unusedName(_ path: String) -> String {
        var candidate = path, number = 1
        while FileManager.default.fileExists(atPath: candidate) {
            number += 1
            candidate = "\(path)-\(number)"
        }
        return candidate
    }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// Whether `path` names one of `others` (through `..`, `.` or symbolic links).
    private static func isSameFile(_ path: String, asAnyOf others: [String]) -> Bool {
        let resolve = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        return others.map(resolve).contains(resolve(path))
    }

    private static func copyPrivately(_ source: String, to target: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: target)
        try manager.copyItem(atPath: source, toPath: target)
        try DataFolder.restrict(target, to: 0o600)
    }

    private static func size(of path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.int64Value ?? 0
    }

    /// `20261125T203000Z`: sorts by time and has no characters a shell or file system minds.
    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}
