import ArgumentParser
import Foundation
import TesseraStore

/// `tessera backup`: a consistent copy of the SQLite data folder's database, safe to take while
/// `tessera serve` runs and writes (see `DatabaseBackup`). PostgreSQL has its own tools
/// (`pg_dump`, in the README).
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the SQLite database of a data folder to a file, even while the server runs.",
        discussion: "The copy is checked before it is kept. The maze secret goes beside it as FILE.maze-secret; keep both private. Bring it back with `tessera restore`.")

    @Option(help: "The data folder `tessera serve` uses (env TESSERA_DATA_DIR; default ./tessera-data).")
    var dataDir: String?

    @Option(help: ArgumentHelp("The backup file to write.", valueName: "file"))
    var to: String

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    func run() throws {
        let folder = dataDirectory(dataDir)
        let line = ProgressLine(json: false)
        do {
            let report = try DatabaseBackup.backup(dataDirectory: folder, to: to, overwrite: force) { copied, total in
                guard total > 0 else { return }
                // Pages are SQLite's default 4 KiB; the size is only for the person watching.
                line.show(copied >= total ? "Checking the copy…"
                          : "Copying \(folder)/tessera.sqlite: \(copied * 100 / total)% of \(megabytes(Int64(total) * 4096))")
            }
            line.clear()
            var done = "Backed up \(folder) to \(report.file) (\(megabytes(report.bytes)) in \(String(format: "%.1f", report.seconds)) s; the copy was checked)."
            if let secret = report.mazeSecret { done += " The maze secret is in \(secret): keep it with the backup, privately." }
            print(done)
        } catch let error as StartupError {
            line.clear()
            ProgressLine.fail(error.description)
            throw ExitCode.failure
        }
    }
}

/// `tessera restore`: puts a backup back as the data folder's database, keeping the one it
/// replaces; refuses while a server or another command has the folder open.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a backup made by `tessera backup` back into a data folder (stop the server first).",
        discussion: "The database it replaces is kept as tessera.sqlite.before-restore-<time> in the same folder. A FILE.maze-secret beside the backup is restored too.")

    @Option(help: ArgumentHelp("The backup file made by `tessera backup`.", valueName: "file"))
    var from: String

    @Option(help: "The data folder `tessera serve` uses (env TESSERA_DATA_DIR; default ./tessera-data).")
    var dataDir: String?

    func run() throws {
        let folder = dataDirectory(dataDir)
        do {
            let report = try DatabaseBackup.restore(from: from, dataDirectory: folder)
            var done = "Restored \(from) into \(folder) (\(megabytes(report.bytes)), checked)."
            if let kept = report.keptPrevious { done += " The database it replaced is kept as \(kept)." }
            if report.mazeSecret != nil { done += " The maze secret came back too." }
            print(done + " Start the server with `tessera serve --data-dir \(folder)`.")
        } catch let error as StartupError {
            ProgressLine.fail(error.description)
            throw ExitCode.failure
        }
    }
}

/// The option, then TESSERA_DATA_DIR, then `./tessera-data`, as `serve` and `StorageOptions` do.
private func dataDirectory(_ option: String?) -> String {
    option ?? ProcessInfo.processInfo.environment["TESSERA_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "./tessera-data"
}

private func megabytes(_ bytes: Int64) -> String {
    bytes < 1_000_000 ? "\(max(1, bytes / 1000)) kB" : String(format: "%.1f MB", Double(bytes) / 1_000_000)
}
