// swift-tools-version: 6.1
import PackageDescription

/// One benchmark executable per kit, measured by ordo-one/benchmark's plugin.
func benchmark(_ name: String, of kit: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            .product(name: kit, package: "Tessera"),
            .product(name: "Benchmark", package: "benchmark"),
        ],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

// A separate package so the main `swift build` never compiles the benchmark tooling.
// Run from this folder: `swift package --scratch-path ../.build-bench benchmark`
let package = Package(
    name: "TesseraBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named so the product reference above works whatever the checkout folder is called.
        .package(name: "Tessera", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        benchmark("PentominoSolverBenchmark", of: "PentominoKit"),
        benchmark("MazeGeneratorBenchmark", of: "MazeKit"),
        benchmark("TicTacToeCoachBenchmark", of: "TicTacToeKit"),
    ],
    swiftLanguageModes: [.v6]
)
