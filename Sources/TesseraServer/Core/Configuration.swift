import Foundation
import Logging
import TesseraStore

/// Everything `tessera serve` can be told. CLI flags fill it, with environment fallbacks
/// (`TESSERA_HOST`, `TESSERA_PORT`, `TESSERA_DATA_DIR`, `TESSERA_PUBLIC_DIR`, `TESSERA_LOG_LEVEL`,
/// `TESSERA_POSTS_ORIGIN`, `TESSERA_DATABASE_URL`, `TESSERA_LANGUAGES_DIR`);
/// defaults need no setup.
public struct Configuration: Sendable {
    public var host: String
    public var port: Int
    /// Where the SQLite file and the maze secret live; `nil` keeps everything in memory (tests).
    public var dataDirectory: String?
    /// A shared PostgreSQL database (`postgres://user@host:port/db`) instead of the SQLite file,
    /// so several processes can serve the same data; `nil` keeps SQLite (or memory).
    public var databaseURL: String?
    /// bcrypt's cost for passwords (2^cost rounds; at least 10). The tests use 10.
    public var bcryptCost: UInt8 = 11  // PasswordHashing.defaultCost
    /// The schema the PostgreSQL tables live in (`nil`: the user's default); the tests give each
    /// app its own so they never see each other's rows.
    public var databaseSchema: String?
    /// How long a request waits for a PostgreSQL connection before answering 503
    /// `database_unavailable` (`/health` waits half as long for its `SELECT 1`).
    public var databaseTimeout: Duration = .seconds(2)
    /// The folder of static pages.
    public var publicDirectory: String
    public var logLevel: Logger.Level
    /// The maze API's latency, failure injection, debug map and exploration limits.
    public var maze = MazeServerOptions()
    /// A connection with no request in progress for this long is closed.
    public var idleTimeoutSeconds = 60
    /// Caps on pages watching live updates (per topic, per client and in total).
    public var liveUpdates = LiveUpdates.Limits()
    /// Open connections one client address may hold (`--max-connections-per-address`); `nil`:
    /// half the descriptors the process may open, at most 1,000 (`ConnectionsPerAddress`).
    public var maxConnectionsPerAddress: Int?
    /// The bytes of levels one account may keep (`--account-quota`); one more answers 507.
    public var accountQuotaBytes = 10_000_000
    /// The bearer token that lets `/metrics` answer callers not on this machine (`--metrics-token`);
    /// without it only loopback callers get it.
    public var metricsToken: String?
    /// How long anonymous work is kept when nobody touches it, and how much of it at most
    /// (`--retain-idle`, `--max-anonymous-documents`); the purge runs beside the server.
    public var retention = RetentionOptions()
    /// Where the reader syncs from (any jsonplaceholder-compatible origin); `nil` is this server's
    /// own `/origin`.
    public var postsOriginURL: String?
    /// The Posts origin's (`/origin/…`) simulated delay and failure rate.
    public var postsOrigin = PostsOriginOptions()
    /// Per-client limits on creating and expensive requests (`--rate-limit`, env
    /// `TESSERA_RATE_LIMIT`; `RateLimits.off` for none).
    public var rateLimits = RateLimits.defaults
    /// Wrong passwords allowed per account, device and address (`LoginThrottle`); tests lower them.
    public var signInLimits = SignInLimits.defaults
    /// Who may sign up as a teacher (`--teacher-signup`): anyone, only from a school's invitation, or nobody.
    public var teacherSignUp = TeacherSignUp.open
    /// A folder of more language catalogues (`<code>.json`, `--languages-dir`): a school's own
    /// language, or a better translation of a shipped one, with no new build.
    public var languagesDirectory: String?
    /// Reverse proxies whose `X-Forwarded-For` names the client and whose `X-Forwarded-Proto`
    /// says HTTPS (`--trusted-proxy`); from any other peer both headers are ignored.
    public var trustedProxies: [String] = []
    /// The `Host` names served besides loopback ones (`--allowed-host`, `AllowedHosts`); empty
    /// serves any name unless bound to loopback.
    public var allowedHosts: [String] = []
    /// HTTPS (HTTP/2 and HTTP/1.1) with this certificate and key (`--tls-cert`, `--tls-key`).
    public var tls: TLSFiles?
    /// Backups taken by the server into the data folder's `backups/` (`--backup-every`,
    /// `--backup-keep`); SQLite only.
    public var backups: BackupSchedule?
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

    /// The storage backend: PostgreSQL when a database URL is given, else SQLite in the data
    /// folder, or memory when there is none.
    public var storage: StorageBackend {
        if let databaseURL { return .postgres(url: databaseURL, schema: databaseSchema) }
        return dataDirectory.map { .sqlite(directory: $0) } ?? .memory
    }

    /// Reads the environment fallbacks.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Configuration {
        var config = Configuration()
        if let host = environment["TESSERA_HOST"], !host.isEmpty { config.host = host }
        if let port = environment["TESSERA_PORT"].flatMap(Int.init) { config.port = port }
        if let dir = environment["TESSERA_DATA_DIR"], !dir.isEmpty { config.dataDirectory = dir }
        if let dir = environment["TESSERA_PUBLIC_DIR"], !dir.isEmpty { config.publicDirectory = dir }
        if let origin = environment["TESSERA_POSTS_ORIGIN"], !origin.isEmpty { config.postsOriginURL = origin }
        if let url = environment["TESSERA_DATABASE_URL"], !url.isEmpty { config.databaseURL = url }
        if let dir = environment["TESSERA_LANGUAGES_DIR"], !dir.isEmpty { config.languagesDirectory = dir }
        if let level = environment["TESSERA_LOG_LEVEL"].flatMap({ Logger.Level(rawValue: $0.lowercased()) }) {
            config.logLevel = level
        }
        return config
    }

    /// The pages in the resource bundle beside the binary (`Tessera_TesseraServer.resources/Public`),
    /// so a copied release build serves them; `TESSERA_PUBLIC_DIR` or `--public-dir` point elsewhere
    /// (say, the checkout's `Sources/TesseraServer/Public` to edit pages without rebuilding).
    /// Without the bundle this names where it was expected; `tessera serve` warns, pages are 404.
    public static var defaultPublicDirectory: String {
        ResourceBundles.publicDirectory?.path
            ?? (Bundle.main.bundleURL.appendingPathComponent("Tessera_TesseraServer.resources/Public").path)
    }

    /// The OpenAPI document served at `/openapi.yaml` (`Tessera_TesseraAPI.resources/openapi.yaml`
    /// beside the binary); `nil` when the bundle is missing (the route answers 404).
    public static var openAPIDocumentPath: String? { ResourceBundles.openAPIDocument?.path }
}

/// `tessera serve --teacher-signup open|invite|closed`.
public enum TeacherSignUp: String, CaseIterable, Sendable {
    case open, invite, closed
}
