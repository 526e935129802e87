import ArgumentParser
import Foundation
import RouterKit
import RouterPython

extension RouterCommand {
    /// The engine's speed on a program that runs into the 10,000-step cap: a loop whose condition
    /// stays true and whose `if` never fires, so every step is interpreter and query work; and
    /// the Python runtime's on a 200-line program with lists and functions, read and run.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Time runs of a 10,000-step program and of a 200-line Python program (use a release build).")

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
            /// The 200-line Python program: parsed and run each time.
            let pythonLines: Int
            let pythonOutcome: String
            let pythonMedianMilliseconds: Double
            let pythonP99Milliseconds: Double
        }

        /// Median and 99th percentile of `runs` timings of `body`, in milliseconds.
        static func time(_ runs: Int, _ body: () throws -> Void) rethrows -> (median: Double, p99: Double) {
            var times: [Double] = []
            let clock = ContinuousClock()
            for _ in 0..<runs {
                let started = clock.now
                try body()
                times.append((clock.now - started).seconds * 1000)
            }
            times.sort()
            return (times[times.count / 2], times[min(times.count - 1, times.count * 99 / 100)])
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
            var last: RunResult?
            let (median, p99) = try Self.time(runs) { last = try RouterGame.run(program, on: level) }
            let outcome = last.map { $0.outcome.success ? "success" : ($0.outcome.failure?.rawValue ?? "failure") } ?? "none"

            var pythonLevel = level
            pythonLevel.blocklyEnabled = false
            pythonLevel.pythonEnabled = true
            let source = BenchPython.program
            var pythonLast: RunResult?
            let python = try Self.time(runs) { pythonLast = try RouterGame.run(try PythonProgram.parse(source), on: pythonLevel) }
            let pythonOutcome = pythonLast.map { $0.outcome.success ? "success" : ($0.outcome.failure?.rawValue ?? "failure") } ?? "none"
            func rounded(_ ms: Double) -> Double { (ms * 1000).rounded() / 1000 }
            let report = Report(runs: runs, outcome: outcome, steps: 10_000, medianMilliseconds: rounded(median),
                                p99Milliseconds: rounded(p99), runsPerSecond: (1000 / max(median, 0.000_001)).rounded(),
                                pythonLines: source.split(separator: "\n", omittingEmptySubsequences: false).count - 1,
                                pythonOutcome: pythonOutcome, pythonMedianMilliseconds: rounded(python.median),
                                pythonP99Milliseconds: rounded(python.p99))
            if json { return try printJSON(report) }
            print("10,000-step program (\(outcome)), \(runs) runs: median \(String(format: "%.3f", median)) ms, "
                  + "p99 \(String(format: "%.3f", p99)) ms, \(Int(report.runsPerSecond)) runs/s")
            print("\(report.pythonLines)-line Python program with lists and functions (\(pythonOutcome)), parsed and run, \(runs) runs: "
                  + "median \(String(format: "%.3f", python.median)) ms, p99 \(String(format: "%.3f", python.p99)) ms")
        }
    }
}
