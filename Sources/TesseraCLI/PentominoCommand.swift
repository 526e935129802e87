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
            let progress = ProgressLine(enabled: !json && isatty(STDERR_FILENO) == 1)
            let clock = ContinuousClock()
            let started = clock.now
            let raw = PentominoSolver.solve(shape: shape, flips: !noFlip, distinct: false, keep: distinct ? 0 : print,
                                            threads: threads, progress: progress.handler("all solutions"))
            let rawTime = clock.now - started
            let unique = PentominoSolver.solve(shape: shape, flips: !noFlip, distinct: true, keep: distinct ? print : 0,
                                               threads: threads, progress: progress.handler("distinct solutions"))
            let total = clock.now - started
            progress.clear()
            let shown = Array((distinct ? unique : raw).solutions.prefix(print))
            if json {
                let report = Report(board: shape.id, flips: !noFlip, solutions: raw.count, distinct: unique.count,
                                    seconds: total.seconds, rawSeconds: rawTime.seconds, distinctSeconds: (total - rawTime).seconds,
                                    threads: threads, printed: shown.map(\.rows))
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                Swift.print(String(decoding: try encoder.encode(report), as: UTF8.self))
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

/// A one-line progress display on standard error, redrawn at most ten times a second,
/// shown only on a terminal so pipes and `--json` stay clean.
final class ProgressLine: Sendable {
    let enabled: Bool

    init(enabled: Bool) { self.enabled = enabled }

    func handler(_ label: String) -> SolveProgressHandler? {
        guard enabled else { return nil }
        return { progress in
            let percent = Int(progress.fractionDone * 100)
            FileHandle.standardError.write(Data("\r\(label): \(percent)% · \(progress.solutions) found · \(progress.nodes) nodes   ".utf8))
            return .proceed
        }
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
