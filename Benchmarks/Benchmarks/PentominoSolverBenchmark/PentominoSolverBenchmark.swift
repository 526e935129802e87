import Benchmark
import PentominoKit

// Solver timings. Only wall-clock, throughput, malloc and memory metrics: the retain/release
// counters crash on Swift 6.3.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 1,
        maxDuration: .seconds(2),
        maxIterations: 25
    )

    Benchmark("6x10 distinct, 2 threads") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(expect(PentominoSolver.count(.sixByTen, distinct: true, threads: 2), 2339))
        }
    }

    // Each board on one thread; "6x10 distinct" is the headline number (target ≤ 0.15 s).
    for (shape, raw, distinct) in expectedCounts {
        Benchmark("\(shape.id) raw") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(expect(PentominoSolver.count(shape), raw))
            }
        }
        Benchmark("\(shape.id) distinct") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(expect(PentominoSolver.count(shape, distinct: true), distinct))
            }
        }
    }

    // All five boards, raw and distinct, back to back (target < 1 s).
    Benchmark("all five boards, raw + distinct") { benchmark in
        for _ in benchmark.scaledIterations {
            for (shape, raw, distinct) in expectedCounts {
                blackHole(expect(PentominoSolver.count(shape), raw))
                blackHole(expect(PentominoSolver.count(shape, distinct: true), distinct))
            }
        }
    }

    // The first hint on a board shape builds its solution list; later hints only scan it.
    Benchmark("hint 6x10 from empty") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(PentominoSolver.hint(for: Board(shape: .sixByTen)))
        }
    }
}

let expectedCounts: [(BoardShape, Int, Int)] = [
    (.sixByTen, 9356, 2339), (.fiveByTwelve, 4040, 1010), (.fourByFifteen, 1472, 368),
    (.threeByTwenty, 8, 2), (.eightByEightWithHole, 520, 65),
]

/// Fails loudly if a timed run ever produced a wrong count.
func expect(_ count: Int, _ expected: Int) -> Int {
    precondition(count == expected, "expected \(expected) solutions, found \(count)")
    return count
}
