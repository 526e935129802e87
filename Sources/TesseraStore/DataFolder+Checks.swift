import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What start-up checks about the data folder before SQLite opens it, so a folder that cannot
/// work stops `serve` at once with one sentence instead of failing every request later.
extension DataFolder {
    /// Less room than this on the folder's disk counts as full: SQLite needs a little to
    /// start (its write-ahead log, the migrations) and a server started on it would refuse
    /// every write anyway.
    package static let minimumFreeBytes: UInt64 = 1 << 20

    /// Creates `path` if needed (0700) and checks that it is a folder this process can write
    /// to on a disk that is not full; throws a `StartupError` saying what to do otherwise.
    package static func prepareChecked(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            throw StartupError("The data folder \(path) is a file, not a folder. Choose a folder with --data-dir (or TESSERA_DATA_DIR), or move the file away.")
        }
        do {
            try makeFolders(path)
            try prepare(path)
        } catch {
            // A folder that exists on a read-only disk fails at `chmod`: say what writing says.
            let writing = FileManager.default.fileExists(atPath: path) ? probeWrite(in: path) : 0
            let reason = writing != 0 ? String(cString: strerror(writing)) : Self.reason(error)
            throw StartupError("Tessera cannot create or use its data folder \(path) (\(reason)). Choose a folder this user can write to with --data-dir (or TESSERA_DATA_DIR).")
        }
        switch probeWrite(in: path) {
        case 0: break
        case ENOSPC, EDQUOT: throw SQLiteProblem.diskFull.startupError(folder: path)
        case let code:
            throw StartupError("Tessera cannot write to its data folder \(path) (\(String(cString: strerror(code)))). Make the folder writable for this user, or choose another one with --data-dir (or TESSERA_DATA_DIR).")
        }
        if let free = freeBytes(path), free < minimumFreeBytes {
            throw SQLiteProblem.diskFull.startupError(folder: path)
        }
    }

    /// Writes and removes a small file: 0, or the `errno` that stopped it (a read-only disk,
    /// permissions, a full disk). Root passes permission checks, so only trying tells.
    static func probeWrite(in path: String) -> Int32 {
        let probe = path + "/.tessera-write-check"
        let descriptor = open(probe, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor); unlink(probe) }
        let bytes = [UInt8](repeating: 0, count: 4096)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written != bytes.count { return written < 0 ? errno : ENOSPC }
        return fsync(descriptor) == 0 ? 0 : errno
    }

    /// Bytes an unprivileged user may still write on the disk holding `path`.
    static func freeBytes(_ path: String) -> UInt64? {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { return nil }
        let (product, overflow) = UInt64(stats.f_bavail).multipliedReportingOverflow(by: UInt64(stats.f_frsize))
        return overflow ? UInt64.max : product
    }

    /// `mkdir -p` with 0700 folders, failing with the operating system's own reason ("Not a
    /// directory", "Read-only file system"), which Foundation's errors hide on Linux.
    static func makeFolders(_ path: String) throws {
        var made = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0, errno != EEXIST { throw POSIXFailure(code: errno) }
        }
    }

    struct POSIXFailure: Error { let code: Int32 }

    /// The operating system's words for a failed file operation ("Not a directory").
    static func reason(_ error: any Error) -> String {
        if let failure = error as? POSIXFailure { return String(cString: strerror(failure.code)) }
        return error.localizedDescription
    }
}

/// A lock on `<data folder>/tessera.lock` held while the database is open: shared by every
/// server and command using the folder, exclusive for `tessera restore`, which must not swap the
/// file under a running server. `flock` ends with the process, even on SIGKILL.
package final class DataFolderLock: Sendable {
    private let descriptor: Int32

    /// `nil` when `exclusive` and someone else holds the lock; throws when the file cannot be made.
    package init?(folder: String, exclusive: Bool) throws {
        let path = folder + "/" + DataFolder.lockFileName
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StartupError("Tessera cannot create \(path) (\(String(cString: strerror(errno)))). Make the data folder writable for this user.")
        }
        // Shared locks wait (a restore takes a moment); an exclusive one only tries.
        let operation = exclusive ? LOCK_EX | LOCK_NB : LOCK_SH
        guard flock(descriptor, operation) == 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }
}
