import Benchmark
import MazeKit

// Maze generation timings (the target: the largest default maze, 63x63, in under 5 ms in a
// release build). Only wall-clock, throughput, malloc and memory metrics: the retain/release
// counters crash on Swift 6.3.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 200
    )

    for algorithm in MazeAlgorithm.allCases {
        Benchmark("63x63 \(algorithm.rawValue)") { benchmark in
            var seed: UInt64 = 0
            for _ in benchmark.scaledIterations {
                seed &+= 1
                guard let parameters = try? MazeParameters(seed: seed, width: 63, height: 63, algorithm: algorithm) else {
                    fatalError("63x63 is a default maze size")
                }
                blackHole(MazeGenerator.generate(parameters))
            }
        }
    }
}
