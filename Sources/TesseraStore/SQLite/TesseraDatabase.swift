import Foundation
import GRDB

/// The embedded SQLite database: one file in the data folder, WAL mode. Each app's SQLite store
/// runs its own migrations on it when created (GRDB records them by name, so apps never need to
/// know about each other); with no data folder it lives in memory.
///
/// Stores read and write through `read` and `write` here, so a failure of the machine (a full or
/// read-only disk, an I/O error, a damaged file) becomes `StoreError.storageUnavailable` in one
/// place (`SQLiteProblem`) and answers 503 instead of 500.
package struct TesseraDatabase: Sendable {
    package let writer: any DatabaseWriter
    /// Held while the database is open, so `tessera restore` refuses to swap the file under us.
    private let folderLock: DataFolderLock?
    /// The data folder; nil for an in-memory database.
    private let directory: String?

    package init(directory: String?) throws {
        self.directory = directory
        if let directory {
            // One clear sentence for a folder that cannot work (not a folder, unwritable, full).
            try DataFolder.prepareChecked(directory)
            folderLock = try DataFolderLock(folder: directory, exclusive: false)
            var configuration = GRDB.Configuration()
            configuration.busyMode = .timeout(5)
            do {
                // A DatabasePool always uses WAL: readers never wait for the writer.
                let pool = try DatabasePool(path: directory + "/tessera.sqlite", configuration: configuration)
                try Self.checkIntact(pool)
                writer = pool
            } catch let error as StartupError {
                throw error
            } catch {
                throw Self.startupError(error, folder: directory)
            }
        } else {
            writer = try DatabaseQueue()
            folderLock = nil
        }
    }

    /// Applies an app's migrations that have not run yet (at start-up: a failure is a sentence).
    package func migrate(_ migrator: DatabaseMigrator) throws {
        do {
            try migrator.migrate(writer)
        } catch {
            guard let problem = SQLiteProblem(error) else { throw error }
            throw problem.startupError(folder: folderName)
        }
    }

    /// One write transaction; the machine's failures become `StoreError.storageUnavailable`.
    package func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await writer.write(updates) } catch { throw SQLiteProblem.mapped(error) }
    }

    /// One read; the machine's failures become `StoreError.storageUnavailable`.
    package func read<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await writer.read(value) } catch { throw SQLiteProblem.mapped(error) }
    }

    /// For `/health`: `nil` while the data folder's disk has room (or the database is in memory),
    /// else the same `storageUnavailable` a write answers on a full disk. "Room" is start-up's
    /// measure (`DataFolder.minimumFreeBytes`): SQLite needs space for its log as well as the rows.
    package func diskProblem() -> StoreError? {
        guard let directory, let free = DataFolder.freeBytes(directory), free < DataFolder.minimumFreeBytes else { return nil }
        return .storageUnavailable(SQLiteProblem.diskFull.reason)
    }

    private var folderName: String {
        URL(fileURLWithPath: writer.path).deletingLastPathComponent().path
    }

    /// `PRAGMA quick_check`: a damaged or truncated file stops start-up instead of failing
    /// requests at random later. It reads every page once (well under a second for a school's
    /// database), without the slower index-content checks of `integrity_check`.
    static func checkIntact(_ reader: any DatabaseReader) throws {
        let verdict = try reader.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check(1)") }
        if verdict != "ok" { throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: verdict) }
    }

    private static func startupError(_ error: any Error, folder: String) -> StartupError {
        if let problem = SQLiteProblem(error) { return problem.startupError(folder: folder) }
        return StartupError("Tessera cannot open its database \(folder)/tessera.sqlite (\(error)). Restore a backup with `tessera restore --from FILE --data-dir \(folder)`, or move it away (with its -wal and -shm files) to start with an empty one.")
    }
}
