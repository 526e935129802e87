import ArgumentParser
import Foundation
import RouterKit

extension RouterCommand {
    /// The engine's speed on a program that runs into the 10,000-step cap: a loop whose condition
    /// stays true and whose `if` never fires, so every step is interpreter and query work.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Time runs of a 10,000-step program (use a release build).")

        @Option(help: "Runs to time.") var runs = 200
        @Flag(help: "Print one JSON object.") var json = false

        func validate() throws {
            guard (1...100_000).contains(runs) else { throw ValidationError("--runs must be from 1 to 100000.") }
        }

        struct Report: Encodable {
            let runs: Int
            let outcome: String
            let steps: Int
            let medianMilliseconds: Double
            let p99Milliseconds: Double
            let runsPerSecond: Double
        }

        func run() async throws {
            let road = (0..<6).map { x in
                RoadNode(Coordinate(x: x, y: 3), connections: [x - 1, x + 1].filter { (0..<6).contains($0) })
            }
            let level = Level(id: "bench", name: "Bench", road: road, originHeading: .east,
                              destinations: [Coordinate(x: 5, y: 3)],
                              toolbox: [.init(.moveForwards), .init(.controlsRepeatWhile), .init(.controlsIf),
                                        .init(.roadExists), .init(.atDestination)],
                              scoring: LevelScoring(routeMax: 10, algorithmMax: 10, modelSolutions: [4]))
            let program = Program(main: [
                .repeatWhile(.roadExists(.forward, id: BlockID("c1")), until: false, body: [
                    .ifElse(branches: [Branch(.atDestination(id: BlockID("c2")), [.action(.moveForwards, id: BlockID("m1"))])],
                            otherwise: nil, id: BlockID("i1")),
                ], id: BlockID("w1")),
            ])
            var times: [Double] = []
            var last: RunResult?
            let clock = ContinuousClock()
            for _ in 0..<runs {
                let started = clock.now
                last = try RouterGame.run(program, on: level)
                times.append((clock.now - started).seconds * 1000)
            }
            times.sort()
            let outcome = last.map { $0.outcome.success ? "success" : ($0.outcome.failure?.rawValue ?? "failure") } ?? "none"
            let median = times[times.count / 2], p99 = times[min(times.count - 1, times.count * 99 / 100)]
            let report = Report(runs: runs, outcome: outcome, steps: 10_000, medianMilliseconds: (median * 1000).rounded() / 1000,
                                p99Milliseconds: (p99 * 1000).rounded() / 1000,
                                runsPerSecond: (1000 / max(median, 0.000_001)).rounded())
            if json { return try printJSON(report) }
            print("10,000-step program (\(outcome)), \(runs) runs: median \(String(format: "%.3f", median)) ms, "
                  + "p99 \(String(format: "%.3f", p99)) ms, \(Int(report.runsPerSecond)) runs/s")
        }
    }
}
