import ArgumentParser
import Foundation
import PentominoKit

struct PentominoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pentomino", abstract: "Pentomino puzzles: count and print solutions.", subcommands: [Solve.self, Daily.self])

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
            let request = SolveCommandLine.Request(shape: shape, distinct: distinct, flips: !noFlip, print: print,
                                                   threads: threads, json: json)
            let progress = ProgressLine(json: json)
            let clock = ContinuousClock()
            let started = clock.now
            // One search gives both counts (raw ones are the distinct ones turned and mirrored);
            // the same output as the small `tessera-pentomino` executable.
            let result = PentominoSolver.solve(shape: shape, flips: !noFlip, distinct: distinct, keep: print,
                                               threads: threads,
                                               progress: progress.solving(distinct ? "distinct solutions" : "all solutions"))
            let elapsed = clock.now - started
            progress.clear()
            Swift.print(SolveCommandLine.output(request, result: result, seconds: elapsed.seconds))
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
