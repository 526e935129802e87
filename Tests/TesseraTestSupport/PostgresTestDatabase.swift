import Foundation
import Logging
import TesseraStore

// What the storage tests and the API tests both need to reach the test PostgreSQL database. A
// plain target (not a test target) so both test targets can depend on it; no product ships it.

/// `TESSERA_TEST_DATABASE_URL`, when set and not empty.
package let testDatabaseURL: String? = ProcessInfo.processInfo.environment["TESSERA_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

/// A PostgreSQL database in a fresh schema (or `schema`, to share one), when
/// `TESSERA_TEST_DATABASE_URL` is set; `nil` otherwise, so PostgreSQL-only tests skip.
package func testPostgres(schema: String = uniqueTestSchema()) throws -> TesseraPostgres? {
    guard let testDatabaseURL else { return nil }
    var logger = Logger(label: "tessera-test")
    logger.logLevel = .warning
    // A generous lease wait: the whole suite runs in parallel on one machine, and a busy pool
    // there is not an outage (the outage test makes its own database with the default).
    return try TesseraPostgres(url: PostgresURL(testDatabaseURL), schema: schema, logger: logger,
                               leaseTimeout: .seconds(10), maximumConnections: 8)
}

/// A fresh schema name for one test app (or for several apps that must share a database).
package func uniqueTestSchema() -> String {
    "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
}

/// A fresh temporary folder (made) for a database that must survive a restart.
package func temporaryDirectory() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-test-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
