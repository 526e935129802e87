import Foundation
import Logging

/// Everything `tessera serve` can be told. CLI flags fill it, with environment fallbacks
/// (`TESSERA_HOST`, `TESSERA_PORT`, `TESSERA_DATA_DIR`, `TESSERA_PUBLIC_DIR`, `TESSERA_LOG_LEVEL`,
/// `TESSERA_POSTS_ORIGIN`);
/// defaults need no setup.
public struct Configuration: Sendable {
    public var host: String
    public var port: Int
    /// Where the SQLite file and the maze secret live; `nil` keeps everything in memory (tests).
    public var dataDirectory: String?
    /// The folder of static pages.
    public var publicDirectory: String
    public var logLevel: Logger.Level
    /// The maze API's latency, failure injection, debug map and exploration limits.
    public var maze = MazeServerOptions()
    /// A connection with no request in progress for this long is closed.
    public var idleTimeoutSeconds = 60
    /// Caps on pages watching live updates (per topic and in total).
    public var liveUpdates = LiveUpdates.Limits()
    /// Where the reader syncs from (any jsonplaceholder-compatible origin); `nil` is this server's
    /// own `/origin`.
    public var postsOriginURL: String?
    /// The Posts origin's (`/origin/…`) simulated delay and failure rate.
    public var postsOrigin = PostsOriginOptions()
    /// Told the server's base URL once it listens, e.g. `http://127.0.0.1:50123` after `port: 0`.
    public var onListening: (@Sendable (String) -> Void)?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String? = "./tessera-data",
        publicDirectory: String = Configuration.defaultPublicDirectory, logLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.publicDirectory = publicDirectory
        self.logLevel = logLevel
    }

    /// The storage backend: SQLite in the data folder, or memory when there is none.
    public var storage: StorageBackend {
        dataDirectory.map { .sqlite(directory: $0) } ?? .memory
    }

    /// Reads the environment fallbacks.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Configuration {
        var config = Configuration()
        if let host = environment["TESSERA_HOST"], !host.isEmpty { config.host = host }
        if let port = environment["TESSERA_PORT"].flatMap(Int.init) { config.port = port }
        if let dir = environment["TESSERA_DATA_DIR"], !dir.isEmpty { config.dataDirectory = dir }
        if let dir = environment["TESSERA_PUBLIC_DIR"], !dir.isEmpty { config.publicDirectory = dir }
        if let origin = environment["TESSERA_POSTS_ORIGIN"], !origin.isEmpty { config.postsOriginURL = origin }
        if let level = environment["TESSERA_LOG_LEVEL"].flatMap({ Logger.Level(rawValue: $0.lowercased()) }) {
            config.logLevel = level
        }
        return config
    }

    /// The checkout's root folder, found from this source file so `swift run` works from any folder.
    public static let sourceRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Core → TesseraServer → Sources → root
        return url.path
    }()

    /// `./Public` when run from the checkout, else the checkout's `Public` beside the sources.
    public static var defaultPublicDirectory: String {
        let local = FileManager.default.currentDirectoryPath + "/Public"
        if FileManager.default.fileExists(atPath: local + "/index.html") { return local }
        return sourceRoot + "/Public"
    }

    /// The OpenAPI document served at `/openapi.yaml`.
    public static var openAPIDocumentPath: String { sourceRoot + "/Sources/TesseraAPI/openapi.yaml" }
}
