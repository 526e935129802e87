import Foundation
import ArgumentParser
import GridKit
import TicTacToeKit

extension TicTacToeCommand {
    /// Times the perfect AI's first move on the empty board (the slowest move it ever makes,
    /// because the whole game tree is still ahead) and the coach's analysis (the first one builds
    /// its table of every board; the rest look up). Build with `-c release` for real figures.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time the perfect AI's move from the empty board and the coach's analysis (use a release build).")

        @Option(help: "How many moves to time.")
        var iterations = 200

        func run() async throws {
            guard iterations > 0 else { throw ValidationError("--iterations must be at least 1.") }
            let clock = ContinuousClock()
            var samples: [Duration] = []
            var chosen: Position?
            for seed in 0..<UInt64(iterations) {
                var ai = AIPlayer(difficulty: .perfect, seed: seed)
                let started = clock.now
                chosen = ai.chooseMove(on: Board())
                samples.append(clock.now - started)
            }
            samples.sort()
            func micros(_ duration: Duration) -> String {
                return String(format: "%.1f µs", duration.seconds * 1e6)
            }
            let median = samples[samples.count / 2]
            let p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
            print("perfect AI, move from the empty board: median \(micros(median)), p99 \(micros(p99)), min \(micros(samples[0])) over \(iterations) moves (last chose \(chosen.map(\.description) ?? "none"))")

            // The coach: the first analysis in a process builds the table, every later one looks up.
            let boards = [".../.../...", "X../.O./...", "XO./.X./..O", "X.O/.X./O.."].compactMap { Board($0) }
            let first = clock.now
            var squares = Coach.analysis(of: boards[0]).count
            let build = clock.now - first
            var analyses: [Duration] = []
            for index in 0..<max(iterations, 1_000) {
                let started = clock.now
                squares += Coach.analysis(of: boards[index % boards.count]).count
                analyses.append(clock.now - started)
            }
            analyses.sort()
            let middle = analyses[analyses.count / 2]
            let slow = analyses[min(analyses.count - 1, analyses.count * 99 / 100)]
            print("coach analysis: first (builds the table) \(micros(build)); then median \(micros(middle)), p99 \(micros(slow)) over \(analyses.count) analyses (\(squares) squares)")
        }
    }
}
