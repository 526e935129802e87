// swift-tools-version: 6.1
import PackageDescription

// The products other packages give us, named once.
let deque = Target.Dependency.product(name: "DequeModule", package: "swift-collections")
let collections = Target.Dependency.product(name: "Collections", package: "swift-collections")
let asyncAlgorithms = Target.Dependency.product(name: "AsyncAlgorithms", package: "swift-async-algorithms")
let httpClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let bcrypt = Target.Dependency.product(name: "HummingbirdBcrypt", package: "hummingbird-auth")
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let xmlHash = Target.Dependency.product(name: "SWXMLHash", package: "SWXMLHash")
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
let postgres = Target.Dependency.product(name: "PostgresNIO", package: "postgres-nio")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let lifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let urlSession = Target.Dependency.product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession")

let package = Package(
    name: "Tessera",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "tessera", targets: ["TesseraCLI"]),
        // The pentomino solver alone: starts in about a millisecond (see Sources/PentominoSolve).
        .executable(name: "tessera-pentomino", targets: ["PentominoSolve"]),
        // The kits are the Swift SDK an iOS app can use.
        .library(name: "GridKit", targets: ["GridKit"]),
        .library(name: "TicTacToeKit", targets: ["TicTacToeKit"]),
        .library(name: "PentominoKit", targets: ["PentominoKit"]),
        .library(name: "MazeKit", targets: ["MazeKit"]),
        .library(name: "PostsKit", targets: ["PostsKit"]),
        .library(name: "RouterKit", targets: ["RouterKit"]),
        .library(name: "RouterPython", targets: ["RouterPython"]),
        .library(name: "ClassroomKit", targets: ["ClassroomKit"]),
        .library(name: "TesseraAPI", targets: ["TesseraAPI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
        .package(url: "https://github.com/apple/swift-async-algorithms", exact: "1.1.4"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", exact: "2.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        .package(url: "https://github.com/drmohundro/SWXMLHash", exact: "8.1.1"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // Test-only: the contract test parses openapi.yaml (OpenAPI 3.1) with a real parser.
        // The same versions the generator already resolves.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        // `Square`, `Direction`, `Grid` without Foundation (for `tessera-pentomino`); GridKit re-exports it.
        .target(name: "GridCore"),
        .target(name: "GridKit", dependencies: ["GridCore", deque]),
        .target(name: "TicTacToeKit", dependencies: ["GridKit"]),
        // Every word a person reads, as data: one catalogue per language (`catalogues/<code>.json`,
        // ICU MessageFormat-style messages, CLDR plural rules), the pseudo-language en-XA, and
        // choosing a language. Servers, the CLI and pages (through the server) read the same files.
        .target(name: "Languages", dependencies: ["GridKit"], resources: [.copy("catalogues")]),
        // The classroom: accounts, sessions, classes and their rules (no storage, no HTTP).
        .target(name: "ClassroomKit", dependencies: ["GridKit", bcrypt, crypto]),
        // The solver core without Foundation (pieces, boards, search, `SolveCommandLine`);
        // PentominoKit re-exports it and adds puzzles, hints and the daily puzzle. (No unsafe
        // flags here: they would make the kits unusable as another package's dependency.)
        .target(name: "PentominoSearch", dependencies: ["GridCore"]),
        .target(name: "PentominoKit", dependencies: ["PentominoSearch", "GridKit"]),
        .target(name: "MazeKit", dependencies: ["GridKit", collections, asyncAlgorithms]),
        .target(name: "PostsKit", dependencies: ["GridKit", collections]),
        // Rapid Router: levels (ours ship as JSON resources), the engine, block programs (JSON,
        // Blockly XML), scoring, progress and the classroom's Rapid Router rules.
        .target(name: "RouterKit", dependencies: ["GridKit", "Languages", xmlHash], resources: [.copy("Levels")]),
        // Rapid Router's Python: lexer, parser, compiler into RouterKit's program tree, runtime,
        // values, built-ins and the Python view; a room of its own beside the engine.
        .target(name: "RouterPython", dependencies: ["RouterKit", "GridKit"]),
        // The reader's live origin and photo downloads, and the live `MazeAPI` (shared by the CLI
        // and the server's own streaming explorer), over HTTP.
        // One HTTP exchange (request, deadline, bounded answer) that the three clients below share.
        .target(name: "ClientHTTP", dependencies: ["GridKit", httpClient]),
        .target(name: "PostsClient", dependencies: ["PostsKit", "ClientHTTP", httpClient]),
        .target(name: "MazeClient", dependencies: ["MazeKit", "ClientHTTP", httpClient]),
        // An online TicTacToe game over HTTP and its live updates: the terminal plays a browser through it.
        .target(name: "TicTacToeClient", dependencies: ["TicTacToeKit", "ClientHTTP", httpClient]),
        .target(
            name: "TesseraAPI",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")],
            // The one openapi.yaml: the generator plugin's input and a resource
            // (`Tessera_TesseraAPI.resources/openapi.yaml`) that the server answers `/openapi.yaml` with.
            resources: [.copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        // Storage: every store protocol with its in-memory, SQLite (GRDB) and PostgreSQL
        // (PostgresNIO) implementations, migrations, the cross-node live fan-out and `StoreError`.
        // The only target that imports GRDB or PostgresNIO; it knows nothing of HTTP.
        .target(
            name: "TesseraStore",
            dependencies: ["GridKit", "TicTacToeKit", "PentominoKit", "PostsKit", "RouterKit", "ClassroomKit",
                           grdb, postgres, logging, lifecycle, asyncAlgorithms, crypto]
        ),
        .target(
            name: "TesseraServer",
            dependencies: ["GridKit", "TicTacToeKit", "PentominoKit", "MazeKit", "MazeClient", "PostsKit", "PostsClient", "RouterKit",
                           "RouterPython", "ClassroomKit", "Languages", "TesseraStore", deque, hummingbird, logging, lifecycle, asyncAlgorithms,
                           // HTTPS for a school's own machine (`--tls-cert`): TLS, HTTP/2, and calls to itself over it.
                           .product(name: "HummingbirdTLS", package: "hummingbird"), .product(name: "HummingbirdHTTP2", package: "hummingbird"),
                           httpClient,
                           .product(name: "Metrics", package: "swift-metrics"), .product(name: "Prometheus", package: "swift-prometheus")],
            // The pages ship inside the binary's resource bundle, so a copied release binary
            // (with its `Tessera_TesseraServer.resources` folder) serves them from anywhere.
            resources: [.copy("Public")]
        ),
        .executableTarget(
            name: "TesseraCLI",
            dependencies: ["TesseraServer", "TesseraStore", "TesseraAPI", "GridKit", "ClassroomKit", "TicTacToeKit", "PentominoKit",
                           "MazeKit", "MazeClient", "PostsKit", "PostsClient", "RouterKit", "RouterPython", "TicTacToeClient",
                           .product(name: "ArgumentParser", package: "swift-argument-parser"), asyncAlgorithms, hummingbird, logging,
                           lifecycle, urlSession]
        ),
        // Only PentominoSearch (no Foundation), and on Linux one static executable: no dynamic
        // loader, no shared libraries to map and relocate, no Foundation or ICU to start.
        .executableTarget(
            name: "PentominoSolve",
            dependencies: ["PentominoSearch"],
            // No run-time check that the entry point is on the main actor: it would link the
            // concurrency runtime and libdispatch, whose set-up runs at every start.
            swiftSettings: [.unsafeFlags(["-disable-dynamic-actor-isolation"])],
            // The linker writes the file with write(), not through a mapping: the page cache of a
            // file written through a mapping made every run of it about 0.2 ms slower here
            // (3×20, median of 61: 1.45 ms against 1.22 for a `cp` of the same bytes).
            linkerSettings: [.unsafeFlags(["-static-executable", "-Xlinker", "--no-mmap-output-file"], .when(platforms: [.linux]))]
        ),
        .testTarget(name: "GridKitTests", dependencies: ["GridKit"]),
        .testTarget(name: "ClassroomKitTests", dependencies: ["ClassroomKit"]),
        .testTarget(name: "LanguagesTests", dependencies: ["Languages"]),
        .testTarget(name: "TicTacToeKitTests", dependencies: ["TicTacToeKit"]),
        .testTarget(name: "PentominoKitTests", dependencies: ["PentominoKit", "PentominoSearch"]),
        .testTarget(name: "MazeKitTests", dependencies: ["MazeKit"]),
        .testTarget(name: "PostsKitTests", dependencies: ["PostsKit", "GridKit"]),
        // The engine and its Python front end together: the reference solutions are blocks and Python.
        .testTarget(name: "RouterKitTests", dependencies: ["RouterKit", "RouterPython"]),
        // Storage below the API: rows as older versions wrote them, raw SQL, the PostgreSQL cache
        // across nodes and its races (the only tests that import GRDB or PostgresNIO).
        .testTarget(
            name: "TesseraStoreTests",
            dependencies: ["TesseraStore", "TesseraTestSupport", "TicTacToeKit", "RouterKit", "PentominoKit", "GridKit", "ClassroomKit",
                           grdb, postgres, logging]
        ),
        // What the storage tests and the API tests share: the test database, temporary folders,
        // every account store (not shipped).
        .target(name: "TesseraTestSupport", dependencies: ["TesseraStore", "ClassroomKit", logging], path: "Tests/TesseraTestSupport"),
        .testTarget(
            name: "TesseraServerTests",
            dependencies: ["TesseraServer", "TesseraStore", "TesseraTestSupport", "ClassroomKit", "TesseraAPI", "GridKit", "MazeKit",
                           "MazeClient", "TicTacToeKit", "PentominoKit", "PostsKit", "PostsClient", "RouterKit",
                           .product(name: "HummingbirdTesting", package: "hummingbird"), .product(name: "HummingbirdTLS", package: "hummingbird"),
                           httpClient, urlSession, logging,
                           .product(name: "OpenAPIKit", package: "OpenAPIKit"), .product(name: "Yams", package: "Yams")],
            // Read by path from the tests (RouterKitTests reads it too), not bundled.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
