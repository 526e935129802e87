import ClassroomKit
import Foundation
import Hummingbird
import Languages
import Logging
import MazeKit
import PostsClient
import TesseraStore

/// Builds the whole server: storage, middleware, every app's routes and the static pages.
/// `tessera serve` and the tests call this same function.
public func buildApplication(_ config: Configuration) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "tessera")
    logger.logLevel = config.logLevel
    // HTTP/1.1, or HTTPS with HTTP/2 too: a wrong certificate or key stops here, before anything opens.
    // One client address holds at most its share of connections (`Limits/ConnectionLimits.swift`).
    ConnectionsPerAddress.raiseDescriptorLimit()
    let connections = ConnectionsPerAddress(limit: config.maxConnectionsPerAddress ?? ConnectionsPerAddress.defaultLimit,
                                            trustedProxies: config.trustedProxies)
    let transport = try ServerTransport.builder(config, connections: connections)
    // Anonymous documents are counted against a cap when created and purged when idle (Core/Retention*.swift).
    let anonymous = AnonymousDocuments(cap: config.retention.maxAnonymousDocuments)
    let stores = try await AppStores.make(config.storage, logger: logger, databaseTimeout: config.databaseTimeout)
        .cappingAnonymous(anonymous)
    let retention = RetentionService(purge: RetentionPurge(stores: stores, anonymous: anonymous, options: config.retention),
                                     logger: logger)
    let live = LiveUpdates(limits: config.liveUpdates, fanOut: stores.liveFanOut)
    _ = TesseraMetrics.registry  // bootstraps swift-metrics before any middleware makes a metric
    _ = TesseraMetrics.runningExplorations  // listed from the start, at 0

    let router = Router(context: TesseraRequestContext.self)
    let routes = RouteTable()
    // Outermost first: the access log and metrics see the final status of every request,
    // including the guard's refusals and every mapped error.
    router.add(middleware: AccessLogMiddleware())
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: RequestGuardMiddleware(hosts: AllowedHosts(bindHost: config.host, allowed: config.allowedHosts)))
    // Whether the browser sees HTTPS (TLS here, or a trusted proxy's X-Forwarded-Proto), once: Secure cookies, HSTS.
    router.add(middleware: HTTPSMiddleware(servesTLS: config.tls != nil, trustedProxies: config.trustedProxies))
    // A path with control bytes (`%00`) reaches neither the files nor the routes.
    router.add(middleware: PathGuardMiddleware())
    // Who is calling, once, before anything that depends on it (limits, CSRF, routes).
    let clients = RateLimitClients(trustedProxies: config.trustedProxies)
    let secret = try config.maze.secret ?? MazeSecretStore.load(dataDirectory: config.dataDirectory)
    // Device proofs are signed with a key derived from the one secret every node already shares.
    let deviceSecret = [secret.key.k0, secret.key.k1].flatMap { withUnsafeBytes(of: $0.littleEndian, Array.init) }
    let sessions = Sessions(accounts: stores.accounts, deviceKey: SignInDeviceKey(secret: deviceSecret))
    router.add(middleware: CallerMiddleware(sessions: sessions, classes: stores.classes, clients: clients))
    // Whatever depends on who asks is never kept by a cache: outside everything that answers.
    router.add(middleware: PrivateAnswersMiddleware())
    // Per-client limits outside the error mapping, so they see every route's final status.
    router.add(middleware: RateLimitMiddleware(buckets: RateLimitBuckets(limits: config.rateLimits)))
    router.add(middleware: ErrorMiddleware(routes: routes))
    router.add(middleware: CSRFMiddleware())
    router.add(middleware: FileMiddleware(config.publicDirectory, searchForIndexHtml: true, logger: logger))

    // The backend and whether its database answers now (PostgreSQL: `SELECT 1` within a second)
    // and can be written (SQLite: at least 1 MiB free on the data folder's disk); 503 while not,
    // and ok again as soon as it is.
    router.get("health") { _, _ in
        guard let problem = await stores.databaseProblem() else {
            return try JSONBody.response(["status": "ok", "backend": stores.backendName, "database": "reachable"])
        }
        let storeError = (problem as? StoreError) ?? .unavailable("\(type(of: problem))")
        let error = storeError.apiError
        let full = if case .storageUnavailable = storeError { true } else { false }
        var response = try JSONBody.response(
            HealthProblemJSON(backend: stores.backendName, database: full ? "full" : "unreachable",
                              error: .init(code: error.code, message: error.message)),
            status: .serviceUnavailable)
        response.headers[.retryAfter] = full ? "60" : "1"
        return response
    }
    // Only for this machine or with `--metrics-token` (`MetricsAccess`).
    let metricsAccess = MetricsAccess(token: config.metricsToken, clients: clients)
    router.get("metrics") { request, context in
        try metricsAccess.check(request, peer: context.remoteAddress)
        return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: .init(bytes: TesseraMetrics.exposition())))
    }
    // From the resource bundle beside the binary, so a copied release build serves it too.
    let openAPIPath = Configuration.openAPIDocumentPath
    if openAPIPath == nil {
        logger.warning("No OpenAPI document: Tessera_TesseraAPI.resources/openapi.yaml is not beside the binary; /openapi.yaml answers 404. Copy the binary's *.resources folders with it.")
    }
    if !FileManager.default.fileExists(atPath: config.publicDirectory + "/index.html") {
        logger.warning("No pages in \(config.publicDirectory): copy Tessera_TesseraServer.resources beside the binary, or pass --public-dir.")
    }
    router.get("openapi.yaml") { _, _ in
        guard let openAPIPath, let document = FileManager.default.contents(atPath: openAPIPath) else {
            throw APIError.notFound("shared.errors.notFound.openapi")
        }
        // text/yaml, inline: a browser shows it as text instead of downloading it, and YAML tools
        // (schemathesis, the generator) read it all the same.
        return Response(status: .ok, headers: [.contentType: "text/yaml; charset=utf-8", .contentDisposition: "inline"],
                        body: .init(byteBuffer: .init(bytes: document)))
    }
    let catalogues = Catalogues.load(extraFolder: config.languagesDirectory.map { URL(fileURLWithPath: $0) })
    for problem in catalogues.problems { logger.warning("Language catalogues: \(problem)") }
    Catalogues.use(catalogues)  // the kits' words (a run's ending) come from the same catalogues
    let mazes = MazeService(secret: secret)
    let selfAddress = ServerAddress(https: config.tls != nil)
    let postsOrigin: @Sendable () -> String = { [configured = config.postsOriginURL] in
        configured ?? (selfAddress.baseURL ?? "http://127.0.0.1:\(config.port)") + "/origin"
    }
    let postsSync = PostsSync(store: stores.posts, lock: stores.postsSyncLock) { [configured = config.postsOriginURL] in
        let url = postsOrigin()
        // Our own /origin over HTTPS is called with the client that accepts our own certificate.
        let selfClient = configured == nil ? selfAddress.client : nil
        return (HTTPPostsOrigin(baseURL: url, client: selfClient ?? PostsHTTP.client), url)
    }
    let hasher = PasswordHasher(cost: config.bcryptCost)
    let throttle = LoginThrottle(limits: config.signInLimits)
    let cpuWork = CPUWork()
    APIRoutes(
        tictactoe: TicTacToeRoutes(store: stores.games, live: live),
        pentomino: PentominoRoutes(puzzles: stores.puzzles, work: cpuWork),
        maze: MazeRoutes(service: mazes, options: config.maze,
                         explorations: MazeExplorations(service: mazes, selfAddress: selfAddress, limits: config.maze.explorations)),
        posts: PostsRoutes(store: stores.posts, sync: postsSync,
                           photos: try PostsPhotos(cacheDirectory: config.dataDirectory.map { $0 + "/posts-photos" }),
                           live: live, originName: postsOrigin),
        postMarks: PostMarksRoutes(posts: stores.posts, marks: stores.postMarks),
        origin: OriginRoutes(options: config.postsOrigin),
        // An account's levels are held to `--account-quota` (TesseraStore's `StorageShares.swift`).
        router: RouterRoutes(levels: QuotaDocumentStore(stores.routerLevels, quotaBytes: config.accountQuotaBytes), progress: stores.routerProgress, sessions: sessions, classes: stores.classes,
                             programs: stores.routerPrograms, locks: stores.classLocks, live: live, work: cpuWork),
        auth: AuthRoutes(accounts: stores.accounts, classes: stores.classes, sessions: sessions, hasher: hasher,
                         throttle: throttle, schools: stores.schools, signUpMode: config.teacherSignUp),
        classes: ClassRoutes(classes: stores.classes, sessions: sessions, hasher: hasher, throttle: throttle,
                             progress: stores.routerProgress, locks: stores.classLocks, live: live, schools: stores.schools),
        schools: SchoolRoutes(schools: stores.schools, classes: stores.classes, sessions: sessions, hasher: hasher, throttle: throttle),
        languages: LanguageRoutes(catalogues: catalogues)
    ).register(on: router)
    routes.load(from: router)

    return Application(
        router: router,
        server: transport,
        configuration: .init(address: .hostname(config.host, port: config.port), serverName: "Tessera"),
        services: stores.services(deliver: { topic, payload in await live.deliver(topic, payload: payload) }) + [retention]
            + ScheduledBackups.services(config, logger: logger),
        onServerRunning: { [onListening = config.onListening] channel in
            selfAddress.set(channel.localAddress)
            if let url = selfAddress.baseURL { onListening?(url) }
        },
        logger: logger
    )
}

/// `/health` while the database does not answer (`unreachable`) or its disk is full (`full`).
private struct HealthProblemJSON: Encodable {
    var status = "unavailable"
    let backend: String
    let database: String
    let error: APIError.ErrorEnvelope.Detail
}
