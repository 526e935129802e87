import Foundation
import Hummingbird
import Logging
import MazeKit
import PostsClient

/// Builds the whole server: storage, middleware, every app's routes and the static pages.
/// `tessera serve` and the tests call this same function.
public func buildApplication(_ config: Configuration) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "tessera")
    logger.logLevel = config.logLevel
    let stores = try AppStores.make(config.storage)
    let live = LiveUpdates(limits: config.liveUpdates)
    _ = TesseraMetrics.registry  // bootstraps swift-metrics before any middleware makes a metric
    _ = TesseraMetrics.runningExplorations  // listed from the start, at 0

    let router = Router(context: BasicRequestContext.self)
    let routes = RouteTable()
    // Outermost first: the access log and metrics see the final status of every request,
    // including the guard's refusals and every mapped error.
    router.add(middleware: AccessLogMiddleware())
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: RequestGuardMiddleware(loopbackOnly: RequestGuardMiddleware<BasicRequestContext>.isLoopbackHost(config.host)))
    router.add(middleware: ErrorMiddleware(routes: routes))
    router.add(middleware: FileMiddleware(config.publicDirectory, searchForIndexHtml: true, logger: logger))

    router.get("health") { _, _ in
        try JSONBody.response(["status": "ok"])
    }
    router.get("metrics") { _, _ in
        Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                 body: .init(byteBuffer: .init(bytes: TesseraMetrics.exposition())))
    }
    let openAPIPath = Configuration.openAPIDocumentPath
    router.get("openapi.yaml") { _, _ in
        guard let document = FileManager.default.contents(atPath: openAPIPath) else {
            throw APIError.notFound("The OpenAPI document")
        }
        return Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: .init(bytes: document)))
    }
    TicTacToeRoutes(store: stores.games, live: live).register(on: router)
    PentominoRoutes(puzzles: stores.puzzles).register(on: router)
    let mazes = MazeService(secret: try config.maze.secret ?? MazeSecretStore.load(dataDirectory: config.dataDirectory))
    let selfAddress = ServerAddress()
    MazeRoutes(service: mazes, options: config.maze,
               explorations: MazeExplorations(service: mazes, selfAddress: selfAddress, limits: config.maze.explorations))
        .register(on: router)
    let postsOrigin: @Sendable () -> String = { [configured = config.postsOriginURL] in
        configured ?? (selfAddress.baseURL ?? "http://127.0.0.1:\(config.port)") + "/origin"
    }
    let postsSync = PostsSync(store: stores.posts) { let url = postsOrigin(); return (HTTPPostsOrigin(baseURL: url), url) }
    PostsRoutes(store: stores.posts, sync: postsSync,
                photos: try PostsPhotos(cacheDirectory: config.dataDirectory.map { $0 + "/posts-photos" }),
                live: live, originName: postsOrigin)
        .register(on: router)
    OriginRoutes(options: config.postsOrigin).register(on: router)
    RouterRoutes(levels: stores.routerLevels, progress: stores.routerProgress).register(on: router)
    routes.load(from: router)

    return Application(
        router: router,
        server: .http1(configuration: .init(idleTimeout: .seconds(Int64(config.idleTimeoutSeconds)))),
        configuration: .init(address: .hostname(config.host, port: config.port), serverName: "Tessera"),
        onServerRunning: { [onListening = config.onListening] channel in
            selfAddress.set(channel.localAddress)
            if let url = selfAddress.baseURL { onListening?(url) }
        },
        logger: logger
    )
}
