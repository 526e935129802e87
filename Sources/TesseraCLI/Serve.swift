import ArgumentParser
import Hummingbird
import Logging
import TesseraServer

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve every app's API and pages (http://127.0.0.1:8080 by default).")

    @Option(help: "Address to listen on (env TESSERA_HOST).")
    var host: String?

    @Option(help: "Port to listen on (env TESSERA_PORT).")
    var port: Int?

    @Option(help: "Folder for the SQLite file (env TESSERA_DATA_DIR).")
    var dataDir: String?

    @Option(help: "Folder of the static pages (env TESSERA_PUBLIC_DIR).")
    var publicDir: String?

    func run() async throws {
        var config = Configuration.fromEnvironment()
        if let host { config.host = host }
        if let port {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
            config.port = port
        }
        if let dataDir { config.dataDirectory = dataDir }
        if let publicDir { config.publicDirectory = publicDir }
        let app = try await buildApplication(config)
        print("Tessera on http://\(config.host):\(config.port)/  (data in \(config.dataDirectory ?? "memory"))")
        try await app.runService()
    }
}
