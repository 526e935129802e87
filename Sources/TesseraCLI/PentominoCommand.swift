import ArgumentParser
import Foundation
import PentominoKit

struct PentominoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pentomino", abstract: "Pentomino puzzles: count and print solutions.", subcommands: [Solve.self, Daily.self])

    struct Solve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find every solution of a board; prints the counts, the time and the first solutions.")

        @Option(help: """
            6x10, 5x12, 4x15, 3x20, 8x8 (a 2×2 hole in the centre) or another named board; a drawn board \
            as drawn:ROWS (rows of . for a cell and # for none, joined by /); or a file of such rows, one a line.
            """)
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
            _ = try shape()
            guard print >= 0 else { throw ValidationError("--print must be 0 or more.") }
            guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64.") }
        }

        /// The board named, drawn in the option (`drawn:…`), or drawn in a file.
        func shape() throws -> BoardShape {
            if let shape = BoardShape(id: board) { return shape }
            do {
                if board.lowercased().hasPrefix(DrawnBoard.idPrefix) { return try BoardShape.parse(board.lowercased()) }
                let url = URL(fileURLWithPath: board)
                // A drawing is at most 20 rows of 20: a larger file is not one.
                if let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size <= 4096 {
                    let rows = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
                        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    return try BoardShape.drawn(rows: rows)
                }
            } catch let error as PentominoError {
                throw ValidationError("Board '\(board)': \(error.description).")
            }
            throw ValidationError("Unknown board '\(board)': use one of \(BoardShape.allCases.map(\.id).joined(separator: ", ")), "
                + "drawn:ROWS or a file with the rows of a drawn board.")
        }

        func run() async throws {
            let shape = try shape()
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
