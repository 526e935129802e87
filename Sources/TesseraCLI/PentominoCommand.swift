import ArgumentParser
import Foundation
import PentominoKit

struct PentominoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pentomino", abstract: "Pentomino puzzles: count and print solutions.", subcommands: [Solve.self])

    struct Solve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find every solution of a board; prints the counts, the time and the first solutions.")

        @Option(help: "6x10, 5x12, 4x15, 3x20 or 8x8 (the 8×8 board has a 2×2 hole in the centre).")
        var board: String = "6x10"

        @Flag(help: "Print distinct solutions (one per family of rotated/mirrored boards).")
        var distinct = false

        @Flag(name: .customLong("no-flip"), help: "Tiles may be turned but not turned over.")
        var noFlip = false

        @Option(help: "How many solutions to print as letter grids.")
        var print: Int = 1

        @Option(help: "Worker threads (the search splits into independent subtrees).")
        var threads: Int = 1

        @Flag(help: "Print one JSON object: board, solutions (raw), distinct, seconds, and the printed grids.")
        var json = false

        func validate() throws {
            guard BoardShape(id: board) != nil else {
                throw ValidationError("Unknown board '\(board)': use one of \(BoardShape.allCases.map(\.id).joined(separator: ", ")).")
            }
            guard print >= 0 else { throw ValidationError("--print must be 0 or more.") }
            guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64.") }
        }

        func run() async throws {
            guard let shape = BoardShape(id: board) else { return }
            let progress = ProgressLine(json: json)
            let clock = ContinuousClock()
            let started = clock.now
            let raw = PentominoSolver.solve(shape: shape, flips: !noFlip, distinct: false, keep: distinct ? 0 : print,
                                            threads: threads, progress: progress.solving("all solutions"))
            let rawTime = clock.now - started
            let unique = PentominoSolver.solve(shape: shape, flips: !noFlip, distinct: true, keep: distinct ? print : 0,
                                               threads: threads, progress: progress.solving("distinct solutions"))
            let total = clock.now - started
            progress.clear()
            let shown = Array((distinct ? unique : raw).solutions.prefix(print))
            if json {
                let report = Report(board: shape.id, flips: !noFlip, solutions: raw.count, distinct: unique.count,
                                    seconds: total.seconds, rawSeconds: rawTime.seconds, distinctSeconds: (total - rawTime).seconds,
                                    threads: threads, printed: shown.map(\.rows))
                try printJSON(report)
                return
            }
            Swift.print("\(shape.id)\(noFlip ? " (no flips)" : ""): \(raw.count) solutions, \(unique.count) distinct")
            Swift.print(String(format: "time: %.3f s (all %.3f s, distinct %.3f s) on %d thread%@", total.seconds,
                               rawTime.seconds, (total - rawTime).seconds, threads, threads == 1 ? "" : "s"))
            for (index, solution) in shown.enumerated() {
                Swift.print("\n\(distinct ? "distinct " : "")solution \(index + 1):\n\(solution.text)")
            }
        }

        struct Report: Encodable {
            let board: String
            let flips: Bool
            let solutions: Int
            let distinct: Int
            let seconds: Double
            let rawSeconds: Double
            let distinctSeconds: Double
            let threads: Int
            let printed: [[String]]
        }
    }
}

extension ProgressLine {
    /// The solver's progress handler for this line; `nil` when the line is not shown.
    func solving(_ label: String) -> SolveProgressHandler? {
        guard enabled else { return nil }
        return { progress in
            show("\(label): \(Int(progress.fractionDone * 100))% · \(progress.solutions) found · \(progress.nodes) nodes")
            return .proceed
        }
    }
}
