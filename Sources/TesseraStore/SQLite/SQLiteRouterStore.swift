import GRDB
import RouterKit

/// Custom and imported levels, one JSON level per row.
extension StoredLevel: SQLiteDocument {
    package static let table = "router_level"

    /// Rapid Router's migrations, in the order they shipped.
    package static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("router-v1-levels") { db in try DocumentTable<StoredLevel>.create(table, in: db) }
    }
}

/// Players' progress, one JSON document per player.
extension PlayerProgress: SQLiteDocument {
    package static let table = "router_progress"

    package static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("router-v1-progress") { db in try DocumentTable<PlayerProgress>.create(table, in: db) }
    }
}
