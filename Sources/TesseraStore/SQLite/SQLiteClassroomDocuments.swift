import GRDB
import RouterKit

/// Signed-in players' programs, one JSON document per player and level.
extension SavedPrograms: SQLiteDocument {
    package static let table = "router_program"

    package static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("router-v1-programs") { db in try DocumentTable<SavedPrograms>.create(table, in: db) }
    }
}

/// Each class's locked episodes and levels, one JSON document per class.
extension ClassLocks: SQLiteDocument {
    package static let table = "class_locks"

    package static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("classes-v1-locks") { db in try DocumentTable<ClassLocks>.create(table, in: db) }
    }
}
