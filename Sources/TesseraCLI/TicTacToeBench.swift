import Foundation
import ArgumentParser
import TicTacToeKit

extension TicTacToeCommand {
    /// Times the perfect AI's first move on the empty board: the slowest move it ever makes,
    /// because the whole game tree is still ahead. Build with `-c release` for real figures.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time the perfect AI's move from the empty board (use a release build).")

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
                let (seconds, attoseconds) = duration.components
                return String(format: "%.1f µs", Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
            }
            let median = samples[samples.count / 2]
            let p99 = samples[min(samples.count - 1, samples.count * 99 / 100)]
            print("perfect AI, move from the empty board: median \(micros(median)), p99 \(micros(p99)), min \(micros(samples[0])) over \(iterations) moves (last chose \(chosen.map(\.description) ?? "none"))")
        }
    }
}
