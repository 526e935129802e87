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

    // "Ways left" as the page asks after every move: 6×10 with three tiles of a solution placed
    // (target < 50 ms), and "why am I stuck?" with X walling off a corner.
    Benchmark("ways left, 6x10 with 3 tiles") { benchmark in
        let puzzle = threeTilesPlaced()
        for _ in benchmark.scaledIterations {
            blackHole(puzzle.solutionCount(limit: 100_000))
        }
    }
    Benchmark("stuck, 6x10 with X in a corner") { benchmark in
        var puzzle = threeTilesPlaced()
        _ = try? puzzle.place(Placement(.x, at: .init(row: -1, col: -1)))
        for _ in benchmark.scaledIterations {
            blackHole(puzzle.stuck())
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

/// A 6×10 puzzle with three tiles of a solution on it, away from the top-left corner.
func threeTilesPlaced() -> PentominoPuzzle {
    var solved = PentominoPuzzle(id: "bench", shape: .sixByTen)
    while let next = solved.hint() { _ = try? solved.place(next) }
    var puzzle = PentominoPuzzle(id: "bench", shape: .sixByTen)
    for placement in solved.board.placements.filter({ $0.shape != .x && $0.cells.allSatisfy { $0.col >= 4 } }).prefix(3) {
        _ = try? puzzle.place(placement)
    }
    return puzzle
}
