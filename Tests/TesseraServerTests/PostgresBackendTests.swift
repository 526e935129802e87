import Foundation
import HummingbirdTesting
import Testing
import TesseraTestSupport
@testable import TesseraServer
@testable import TesseraStore

/// Choosing the backend needs no database: SQLite stays the default, a database URL (flag or
/// `TESSERA_DATABASE_URL`) picks PostgreSQL, and `/health` names the backend. Always runs.
@Suite struct PostgresBackendTests {
    @Test func sqliteStaysTheDefaultAndADatabaseURLPicksPostgres() {
        #expect(Configuration().storage == .sqlite(directory: "./tessera-data"))
        #expect(Configuration.fromEnvironment([:]).storage == .sqlite(directory: "./tessera-data"))
        let fromEnvironment = Configuration.fromEnvironment(["TESSERA_DATABASE_URL": "postgres://me@db:5432/tessera"])
        #expect(fromEnvironment.storage == .postgres(url: "postgres://me@db:5432/tessera", schema: nil))
        var config = Configuration(dataDirectory: nil)
        #expect(config.storage == .memory)
        config.databaseURL = "postgres://me@db/tessera"
        config.databaseSchema = "one"
        #expect(config.storage == .postgres(url: "postgres://me@db/tessera", schema: "one"))
    }

    @Test func healthNamesTheBackend() async throws {
        for (config, backend) in [(Configuration(host: "127.0.0.1", port: 0, dataDirectory: temporaryDirectory()), "sqlite"),
                                  (Configuration(host: "127.0.0.1", port: 0, dataDirectory: nil), "memory")] {
            var config = config
            config.logLevel = .warning
            let app = try await buildApplication(config)
            try await app.test(.router) { client in
                let (status, body) = try await client.call(.get, "/health")
                #expect(status == .ok)
                #expect(body["status"] as? String == "ok")
                #expect(body["backend"] as? String == backend)
                #expect(body["database"] as? String == "reachable")
            }
        }
    }

    @Test func aBadDatabaseURLStopsStartUpWithAReason() async throws {
        var config = Configuration(host: "127.0.0.1", port: 0, dataDirectory: nil)
        config.databaseURL = "mysql://me@db/tessera"
        await #expect(throws: StartupError.self) { _ = try await buildApplication(config) }
    }
}
