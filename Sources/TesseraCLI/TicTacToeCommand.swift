import ArgumentParser
import TicTacToeKit

struct TicTacToeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tictactoe", abstract: "Play TicTacToe.", subcommands: [Play.self, Join.self, Bench.self])

    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play in the terminal: two players, or one against the computer with --ai.")

        @Option(help: "Play against the computer: easy, medium or perfect.")
        var ai: Difficulty?

        @Option(help: "Seed for the computer's choices (replays the same game).")
        var seed: UInt64 = 1

        @MainActor func run() async throws {
            try TerminalGame(model: GameViewModel(computer: ai, seed: seed)).run()
        }
    }
}

extension Difficulty: ExpressibleByArgument {}
