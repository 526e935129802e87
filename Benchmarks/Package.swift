// swift-tools-version: 6.1
import PackageDescription

// A separate package so the main `swift build` never compiles the benchmark tooling.
// Run from this folder: `swift package --scratch-path ../.build-bench benchmark`
let package = Package(
    name: "TesseraBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named so the product reference below works whatever the checkout folder is called.
        .package(name: "Tessera", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "PentominoSolverBenchmark",
            dependencies: [
                .product(name: "PentominoKit", package: "Tessera"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/PentominoSolverBenchmark",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "MazeGeneratorBenchmark",
            dependencies: [
                .product(name: "MazeKit", package: "Tessera"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/MazeGeneratorBenchmark",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
