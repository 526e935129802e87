import Foundation
import GridKit
import ArgumentParser
import Hummingbird
import Logging
import MazeKit
import NIOCore
import ServiceLifecycle
import TesseraServer
import TesseraStore

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve every app's API and pages (http://127.0.0.1:8080 by default).",
        version: TesseraVersion.string)

    @Option(help: "Address to listen on (env TESSERA_HOST).")
    var host: String?

    @Option(help: "Port to listen on (env TESSERA_PORT).")
    var port: Int?

    @Option(help: "Folder for the SQLite file (env TESSERA_DATA_DIR).")
    var dataDir: String?

    @Option(help: ArgumentHelp("A shared PostgreSQL database instead of the SQLite file, so several serve processes can run on one database (env TESSERA_DATABASE_URL).",
                               valueName: "postgres://user@host:port/db"))
    var database: String?

    @Option(help: "Folder of the static pages (env TESSERA_PUBLIC_DIR).")
    var publicDir: String?

    @Option(help: ArgumentHelp("Folder of more language catalogues, <code>.json like the shipped ones (env TESSERA_LANGUAGES_DIR).", valueName: "folder"))
    var languagesDir: String?

    @Option(help: ArgumentHelp("Delete games, puzzles, levels and progress made without an account once nobody has changed them for this long: a number and s, m, h or d (env TESSERA_RETAIN_IDLE; default 90d). What belongs to an account is always kept.",
                               valueName: "duration"))
    var retainIdle: String?

    @Option(help: ArgumentHelp("Keep at most this many documents made without an account; creating one more answers 507 (env TESSERA_MAX_ANONYMOUS_DOCUMENTS; default 1000000).",
                               valueName: "n"))
    var maxAnonymousDocuments: Int?

    @Option(help: ArgumentHelp("Maze room fetch delay in ms: a number or a range like 6-9.", valueName: "ms"))
    var mazeFetchDelayMs = "6-9"

    @Option(help: ArgumentHelp("Maze unlock delay in ms: a number or a range like 200-400.", valueName: "ms"))
    var mazeUnlockDelayMs = "200-400"

    @Option(help: "Chance (0…1) that a maze request fails with 504, once a maze has served --maze-failure-after rooms.")
    var mazeFailureRate = 6.0 / 4096.0

    @Option(help: ArgumentHelp("How long a failing maze request takes before its 504, in ms.", valueName: "ms"))
    var mazeFailureDelayMs = 2000.0

    @Option(help: "Requests a maze serves before failures may start.")
    var mazeFailureAfter = 4096

    @Flag(help: "Serve GET /api/maze/mazes/{seed}/map, which gives whole mazes away.")
    var mazeDebug = false

    @Option(help: "Server-side maze explorations (GET /api/maze/explore) allowed at once; more get 429.")
    var mazeMaxExplorations = 4

    @Option(help: ArgumentHelp("Stop a server-side exploration after this many seconds.", valueName: "s"))
    var mazeExploreTimeLimit = 300

    @Option(help: ArgumentHelp("Delay every Posts origin (/origin/…) request by this many ms (0…60000).", valueName: "ms"))
    var postsOriginDelayMs = 0

    @Option(help: "Share (0…1) of Posts origin (/origin/…) requests that fail with 500 {}.")
    var postsOriginFailureRate = 0.0

    @Option(help: ArgumentHelp("Where the posts reader syncs from: any jsonplaceholder-compatible origin (default: this server's /origin; env TESSERA_POSTS_ORIGIN).",
                               valueName: "url"))
    var postsOrigin: String?

    @Option(help: ArgumentHelp("Close a connection idle for this many seconds.", valueName: "s"))
    var idleTimeout = 60

    @Option(help: ArgumentHelp("Limits per client (signed-in account, else address) on creating and expensive requests: 'off', a multiplier like 2x, or KIND=N/UNIT[:BURST] items such as runs=600/min,create=300/min:120; kinds: create, runs, solver, sync, explore, signin (env TESSERA_RATE_LIMIT; default \(RateLimits.defaults.summary)).",
                               valueName: "limits"))
    var rateLimit: String?

    @Option(help: ArgumentHelp("A reverse proxy (its IP address) whose X-Forwarded-For names the client and whose X-Forwarded-Proto: https makes cookies Secure, e.g. 127.0.0.1 for nginx on this machine; repeat for several. From other peers both headers are ignored.",
                               valueName: "address"))
    var trustedProxy: [String] = []

    @Option(help: ArgumentHelp("On SIGTERM or Ctrl-C, let requests in flight finish for up to this many seconds (new connections are refused meanwhile), then stop.", valueName: "s"))
    var drainSeconds = 5

    @Option(help: ArgumentHelp("Who may sign up as a teacher: open (anyone), invite (only from a school's invitation link) or closed (env TESSERA_TEACHER_SIGNUP; default open).",
                               valueName: "open|invite|closed"))
    var teacherSignup: String = ProcessInfo.processInfo.environment["TESSERA_TEACHER_SIGNUP"] ?? "open"

    @Option(help: "trace, debug, info (one access line per request), notice, warning, error or critical (env TESSERA_LOG_LEVEL).")
    var logLevel: String?

    @Option(help: ArgumentHelp("Cores this server may use, when it shares the machine (a container's CPU limit, several nodes on one host): its event loops, database connections and read batches are sized for them (env TESSERA_CPUS; default every core).",
                               valueName: "n"))
    var cpus: Int?

    /// --max-connections-per-address, --max-streams-per-*, --account-quota, --metrics-token.
    @OptionGroup(title: "Fair shares")
    var shares: FairShareOptions

    /// --allowed-host, --tls-cert/--tls-key, --backup-every/--backup-keep.
    @OptionGroup(title: "On a school's network")
    var school: SchoolNetworkOptions

    func validate() throws {
        guard parseMillisecondRange(mazeFetchDelayMs) != nil else {
            throw ValidationError("--maze-fetch-delay-ms must be milliseconds like 7 or 6-9, not '\(mazeFetchDelayMs)'.")
        }
        guard parseMillisecondRange(mazeUnlockDelayMs) != nil else {
            throw ValidationError("--maze-unlock-delay-ms must be milliseconds like 300 or 200-400, not '\(mazeUnlockDelayMs)'.")
        }
        guard (0...1).contains(mazeFailureRate) else { throw ValidationError("--maze-failure-rate must be between 0 and 1.") }
        guard (0...600_000).contains(mazeFailureDelayMs) else {
            throw ValidationError("--maze-failure-delay-ms must be between 0 and 600000.")
        }
        guard mazeFailureAfter >= 0 else { throw ValidationError("--maze-failure-after must not be negative.") }
        guard (1...256).contains(mazeMaxExplorations) else { throw ValidationError("--maze-max-explorations must be from 1 to 256.") }
        guard (1...86_400).contains(mazeExploreTimeLimit) else {
            throw ValidationError("--maze-explore-time-limit must be from 1 to 86400 seconds.")
        }
        guard (0...300).contains(drainSeconds) else { throw ValidationError("--drain-seconds must be from 0 to 300.") }
        guard (1...86_400).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be from 1 to 86400 seconds.") }
        guard PostsOriginOptions.delayRange.contains(postsOriginDelayMs) else {
            throw ValidationError("--posts-origin-delay-ms must be a whole number of milliseconds from 0 to 60000, not \(postsOriginDelayMs).")
        }
        guard (0...1).contains(postsOriginFailureRate) else {
            throw ValidationError("--posts-origin-failure-rate must be a share between 0 and 1 (e.g. 0.1 for one in ten), not \(postsOriginFailureRate).")
        }
        if let postsOrigin { try ServerProbe.validate(postsOrigin, option: "--posts-origin") }
        _ = try retention()
        if let database {
            do { _ = try PostgresURL(database) } catch { throw ValidationError("--database: \(error.description)") }
        }
        _ = try rateLimits()
        for proxy in trustedProxy where !Configuration.isIPAddress(proxy) {
            throw ValidationError("--trusted-proxy must be an IP address like 127.0.0.1 or ::1, not '\(proxy)'.")
        }
        if let logLevel, Logger.Level(rawValue: logLevel.lowercased()) == nil {
            throw ValidationError("--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
    }

    /// `--retain-idle` and `--max-anonymous-documents`, else their environment variables, else the
    /// defaults; a bad value is a usage error naming where it came from.
    private func retention() throws -> RetentionOptions {
        let environment = ProcessInfo.processInfo.environment
        var options = RetentionOptions()
        if let text = retainIdle ?? environment["TESSERA_RETAIN_IDLE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard let duration = Duration(option: text) else {
                let source = retainIdle == nil ? "TESSERA_RETAIN_IDLE" : "--retain-idle"
                throw ValidationError("\(source) must be a whole number and a unit, s, m, h or d (like 90d or 12h), not '\(text)'.")
            }
            options.retainIdle = duration
        }
        if let count = try maxAnonymousDocuments ?? environment["TESSERA_MAX_ANONYMOUS_DOCUMENTS"].flatMap({ text in
            guard !text.isEmpty else { return nil }
            guard let count = Int(text) else {
                throw ValidationError("TESSERA_MAX_ANONYMOUS_DOCUMENTS must be a whole number like 1000000, not '\(text)'.")
            }
            return count
        }) {
            guard count >= 0 else {
                let source = maxAnonymousDocuments == nil ? "TESSERA_MAX_ANONYMOUS_DOCUMENTS" : "--max-anonymous-documents"
                throw ValidationError("\(source) must be a whole number, 0 or more, not \(count).")
            }
            options.maxAnonymousDocuments = count
        }
        return options
    }

    func run() async throws {
        // Before anything starts an event loop or opens the database pool.
        if let cores = try cores() {
            NodeCores.use(cores)
            NIOSingletons.groupLoopCountSuggestion = cores
        }
        var config = Configuration.fromEnvironment()
        if let host { config.host = host }
        if let port {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
            config.port = port
        }
        if let dataDir { config.dataDirectory = dataDir }
        if let database { config.databaseURL = database }
        if let publicDir { config.publicDirectory = publicDir }
        if let languagesDir { config.languagesDirectory = languagesDir }
        config.retention = try retention()
        if let fetch = parseMillisecondRange(mazeFetchDelayMs), let unlock = parseMillisecondRange(mazeUnlockDelayMs) {
            config.maze.conditions = SimulatedConditions(
                fetchDelay: fetch, unlockDelay: unlock, failuresAfter: mazeFailureAfter,
                failureProbability: mazeFailureRate, failureDelay: .milliseconds(mazeFailureDelayMs))
        }
        config.maze.debug = mazeDebug
        config.maze.explorations.maxRunning = mazeMaxExplorations
        config.maze.explorations.timeLimit = .seconds(mazeExploreTimeLimit)
        config.idleTimeoutSeconds = idleTimeout
        config.rateLimits = try rateLimits()
        config.trustedProxies = trustedProxy
        guard let signUp = TeacherSignUp(rawValue: teacherSignup.lowercased()) else {
            throw ValidationError("--teacher-signup must be open, invite or closed, not '\(teacherSignup.prefix(40))'.")
        }
        config.teacherSignUp = signUp
        try shares.apply(to: &config)
        if let postsOrigin { config.postsOriginURL = postsOrigin }
        try school.apply(to: &config)
        for warning in SchoolNetworkOptions.warnings(for: config) { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
        config.postsOrigin = PostsOriginOptions(delayMilliseconds: postsOriginDelayMs, failureRate: postsOriginFailureRate)
        if let level = logLevel.flatMap({ Logger.Level(rawValue: $0.lowercased()) }) { config.logLevel = level }
        let dataFolder = config.databaseURL.flatMap { try? PostgresURL($0).description } ?? config.dataDirectory ?? "memory"
        // Flushed at once: scripts and tests start `serve --port 0` and read the address from this line.
        config.onListening = { url in
            print("Tessera on \(url)/  (data in \(dataFolder))")
            fflush(nil)  // all C streams; `stdout` itself is not concurrency-safe to name
        }
        let level = config.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardOutput(label: label)
            handler.logLevel = level
            return handler
        }
        do {
            try await run(try await buildApplication(config), config)
        } catch let error as StartupError {
            ProgressLine.fail(error.description)
            throw ExitCode.failure
        }
    }

    /// `--cpus`, else `TESSERA_CPUS`, else nil (every core); 1 to 1024.
    private func cores() throws -> Int? {
        let environment = ProcessInfo.processInfo.environment["TESSERA_CPUS"].flatMap { $0.isEmpty ? nil : $0 }
        guard let text = cpus.map(String.init) ?? environment else { return nil }
        guard let cores = Int(text), (1...1024).contains(cores) else {
            throw ValidationError("\(cpus == nil ? "TESSERA_CPUS" : "--cpus") must be a whole number of cores from 1 to 1024, not '\(text.prefix(20))'.")
        }
        return cores
    }

    /// `--rate-limit`, else `TESSERA_RATE_LIMIT`, else the defaults; a bad value is a usage error.
    private func rateLimits() throws -> RateLimits {
        let environment = ProcessInfo.processInfo.environment["TESSERA_RATE_LIMIT"].flatMap { $0.isEmpty ? nil : $0 }
        guard let text = rateLimit ?? environment else { return .defaults }
        do { return try RateLimits.parse(text) } catch {
            throw ValidationError((rateLimit == nil ? "TESSERA_RATE_LIMIT " : "--rate-limit ") + error.reason + ".")
        }
    }

    /// Hummingbird's `runService` drains on SIGTERM but waits as long as any request takes (a
    /// slow origin, a long stream); this group drains for at most `--drain-seconds`, then cancels
    /// what is left, so a restart by systemd or Docker never hangs.
    private func run(_ app: some ApplicationProtocol, _ config: Configuration) async throws {
        var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: app.logger)
        group.maximumGracefulShutdownDuration = .seconds(drainSeconds)
        try await ServiceGroup(configuration: group).run()
    }
}
