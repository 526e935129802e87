import Benchmark
import TicTacToeKit

// The coach's analysis (issue 39's target: under 1 ms in a release build). The table of all 3^9
// boards is built once per process, before the timed iterations, so these figures are what a
// request pays once the server has answered its first analysis.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )

    let boards = [".../.../...", "X../.O./...", "XO./.X./..O", "X.O/.X./O.."].compactMap { Board($0) }

    Benchmark("analysis, four boards") { benchmark in
        for _ in benchmark.scaledIterations {
            for board in boards { blackHole(Coach.analysis(of: board)) }
        }
    }

    Benchmark("review of a nine-move game") { benchmark in
        var game = Game(names: ("A", "B"))
        for number in [5, 1, 9, 3, 2, 8, 4, 6, 7] {
            guard let square = Position(number: number) else { fatalError("1…9 are squares") }
            try? game.play(square)
        }
        for _ in benchmark.scaledIterations { blackHole(Coach.review(of: game)) }
    }
}
