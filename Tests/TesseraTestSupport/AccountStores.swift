import ClassroomKit
import Foundation
import TesseraStore

/// Every backend's account store (which keeps classes too), for the contract suites in both test
/// targets: SQLite in memory (the memory backend), SQLite in a fresh folder, and PostgreSQL when the tests have a database.
package enum TestAccountStores {
    package static func all() async throws -> [(String, any AccountStore & ClassStore)] {
        var stores: [(String, any AccountStore & ClassStore)] = [
            ("memory", try SQLiteAccountStore(database: TesseraDatabase(directory: nil))),
            ("sqlite", try SQLiteAccountStore(database: TesseraDatabase(directory: temporaryDirectory())))]
        if let database = try testPostgres() {
            stores.append(("postgres", try await PostgresAccountStore(database: database)))
        }
        return stores
    }

    /// A time with a fraction that seconds since 1970 cannot carry back exactly (the conversion
    /// rounds its last bit), so a store that kept it that way, or as milliseconds, fails.
    package static let awkwardTime = Date(timeIntervalSinceReferenceDate: 786_000_000.123456789)

    package static func teacher(_ id: String, email: String, at seconds: Double = 0) -> Account {
        Account(id: id, role: .teacher, name: "Teacher \(id)", email: email, passwordHash: "hash-\(id)",
                createdAt: awkwardTime.addingTimeInterval(seconds))
    }
}
