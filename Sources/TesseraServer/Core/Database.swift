import Foundation
import GRDB

/// The embedded SQLite database: one file in the data folder, WAL mode, each app's migrations.
/// With no data folder it lives in memory, which the tests use.
public struct TesseraDatabase: Sendable {
    public let writer: any DatabaseWriter

    public init(directory: String?) throws {
        if let directory {
            try DataFolder.prepare(directory)
            var configuration = GRDB.Configuration()
            configuration.busyMode = .timeout(5)
            // A DatabasePool always uses WAL: readers never wait for the writer.
            writer = try DatabasePool(path: directory + "/tessera.sqlite", configuration: configuration)
        } else {
            writer = try DatabaseQueue()
        }
        try Self.migrator.migrate(writer)
    }

    /// Every app registers its own migrations here, in the order they shipped.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        TicTacToeMigrations.register(in: &migrator)
        PentominoMigrations.register(in: &migrator)
        return migrator
    }
}
