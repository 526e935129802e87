import Foundation
import GRDB

/// The embedded SQLite database: one file in the data folder, WAL mode. Each app's SQLite store
/// runs its own migrations on it when created (GRDB records them by name, so apps never need to
/// know about each other); with no data folder it lives in memory.
package struct TesseraDatabase: Sendable {
    package let writer: any DatabaseWriter

    package init(directory: String?) throws {
        if let directory {
            try DataFolder.prepare(directory)
            var configuration = GRDB.Configuration()
            configuration.busyMode = .timeout(5)
            // A DatabasePool always uses WAL: readers never wait for the writer.
            writer = try DatabasePool(path: directory + "/tessera.sqlite", configuration: configuration)
        } else {
            writer = try DatabaseQueue()
        }
    }

    /// Applies an app's migrations that have not run yet.
    package func migrate(_ migrator: DatabaseMigrator) throws {
        try migrator.migrate(writer)
    }
}
