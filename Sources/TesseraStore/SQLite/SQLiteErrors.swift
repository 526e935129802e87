import Foundation
import GRDB

/// The one place SQLite's failures of the machine itself (a full disk, a read-only or failing
/// disk, a damaged file, a lock held too long) become storage's own errors. Everything else —
/// a duplicate id, a kit error thrown inside a transaction — passes through unchanged, so the
/// stores' own `catch` clauses still see it.
package enum SQLiteProblem: Equatable, Sendable {
    case diskFull
    case readOnly
    case ioError
    case damaged
    case locked

    /// What happened, in words for whoever runs the server (and, through the 503, the page).
    package var reason: String {
        switch self {
        case .diskFull: "the disk is full"
        case .readOnly: "the data folder cannot be written to"
        case .ioError: "the disk reported an error while reading or writing"
        case .damaged: "the database file is damaged"
        case .locked: "the database stayed locked by another program for too long"
        }
    }

    /// The machine's problem behind `error`, or `nil` for an error that is the request's own.
    package init?(_ error: any Error) {
        guard let error = error as? DatabaseError else { return nil }
        switch error.resultCode {
        case .SQLITE_FULL: self = .diskFull
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: self = .readOnly
        case .SQLITE_IOERR:
            // SQLite reports some full disks as an I/O error while writing (SQLITE_IOERR_WRITE
            // with ENOSPC underneath): the extended code and the message tell them apart.
            self = error.message?.localizedCaseInsensitiveContains("disk is full") == true ? .diskFull : .ioError
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: self = .damaged
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .locked
        default: return nil
        }
    }

    /// `error` as the server should see it: `StoreError.storageUnavailable` for the machine's
    /// problems (503, nothing half-written: the transaction rolled back), else `error` itself.
    package static func mapped(_ error: any Error) -> any Error {
        guard let problem = SQLiteProblem(error) else { return error }
        return StoreError.storageUnavailable(problem.reason)
    }

    /// The sentence that stops start-up when the database in `folder` cannot be used.
    package func startupError(folder: String) -> StartupError {
        let file = folder + "/tessera.sqlite"
        return switch self {
        case .diskFull:
            StartupError("The disk holding the data folder \(folder) is full. Free some space on it (or choose another folder with --data-dir), then start Tessera again.")
        case .readOnly:
            StartupError("Tessera cannot write to its data folder \(folder). Make the folder writable for this user, or choose another one with --data-dir (or TESSERA_DATA_DIR).")
        case .ioError:
            StartupError("The disk reported an error while Tessera read \(file). Check the disk, then restore the latest backup with `tessera restore --from FILE --data-dir \(folder)` if the file is damaged.")
        case .damaged:
            StartupError("The database file \(file) is damaged or is not a Tessera database. Restore a backup with `tessera restore --from FILE --data-dir \(folder)`, or move it away (with its -wal and -shm files) to start with an empty one.")
        case .locked:
            StartupError("The database file \(file) stayed locked by another program for more than 5 seconds. Stop whatever else is using it, then start Tessera again.")
        }
    }
}
