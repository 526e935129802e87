import ArgumentParser
import Foundation
import TesseraStore

/// Where `tessera posts …` and `tessera router …` find the data `tessera serve` keeps: the same
/// options and environment as `serve`, so a command reads the deployment's own storage — the
/// SQLite file in the data folder, or the shared PostgreSQL database. Opened through the storage
/// target directly; no server is started.
struct StorageOptions: ParsableArguments {
    @Option(help: "The data folder (the same one `tessera serve` uses; env TESSERA_DATA_DIR).")
    var dataDir: String?

    @Option(help: ArgumentHelp("The shared PostgreSQL database `tessera serve --database` uses, instead of the data folder (env TESSERA_DATABASE_URL).",
                               valueName: "postgres://user@host:port/db"))
    var database: String?

    func validate() throws {
        if let database {
            do { _ = try PostgresURL(database) } catch { throw ValidationError("--database: \(error.description)") }
        }
    }

    /// Options first, then the environment, then `./tessera-data` (as `serve`).
    func backend(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> StorageBackend {
        if let url = database ?? environment["TESSERA_DATABASE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) {
            return .postgres(url: url)
        }
        let folder = dataDir ?? environment["TESSERA_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "./tessera-data"
        return .sqlite(directory: folder)
    }

    /// Every app's store on the chosen backend; a database that cannot be used ends the command
    /// with one sentence saying why (as `serve` does) instead of a stack of errors.
    func open() async throws -> AppStores {
        do {
            return try await AppStores.make(backend(), databaseTimeout: .seconds(5))
        } catch let error as StartupError {
            ProgressLine.fail(error.description)
            throw ExitCode.failure
        } catch let error as StoreError {
            ProgressLine.fail(error.description)
            throw ExitCode.failure
        }
    }
}
