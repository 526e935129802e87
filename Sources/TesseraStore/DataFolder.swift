import Foundation

/// The data folder holds the database and secrets, so only its owner may enter it (0700) and
/// secret files are readable by the owner alone (0600).
package enum DataFolder {
    /// The maze passphrase the server keeps beside the database (`MazeSecretStore`).
    package static let mazeSecretFileName = "maze-secret"
    /// Locked while the database is open (`DataFolderLock`), so `tessera restore` can tell.
    package static let lockFileName = "tessera.lock"

    package static func prepare(_ path: String) throws {
        let manager = FileManager.default
        if !manager.fileExists(atPath: path) {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
            return
        }
        // Tighten a folder that is ours (empty, or already holding our files), never a folder the
        // user shares with other things, such as their home.
        let contents = (try? manager.contentsOfDirectory(atPath: path)) ?? []
        let ours: Set<String> = ["tessera.sqlite", "tessera.sqlite-wal", "tessera.sqlite-shm", DataFolder.mazeSecretFileName,
                                DataFolder.lockFileName]
        if contents.allSatisfy(ours.contains) { try restrict(path, to: 0o700) }
    }

    /// Removes group and other permissions from `path` if it has any.
    package static func restrict(_ path: String, to mode: Int) throws {
        let current = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
        if current != mode {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
    }
}
