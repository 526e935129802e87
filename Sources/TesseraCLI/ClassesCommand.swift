import ArgumentParser
import ClassroomKit
import Foundation
import RouterKit
import TesseraStore

/// `tessera classes …`: a class's scoreboard from the deployment's storage (the data folder or
/// `--database`), the same table the teacher's dashboard shows, for whoever runs the server.
struct ClassesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classes", abstract: "Teachers' classes: a class's Rapid Router scoreboard, and who needs help now.",
        subcommands: [ScoreboardCommand.self, ActivityCommand.self])

    struct ScoreboardCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scoreboard",
            abstract: "A class's scoreboard for one episode: each pupil's best score per level, and totals.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The class code pupils sign in with (6 letters and digits; capitals, spaces and dashes do not matter).")
        var classCode: String
        @Option(help: "The episode (1 to \(LevelCatalog.episodes.count)).") var episode = 1
        @Flag(help: "Print CSV (as the dashboard's download) instead of a table.") var csv = false
        @Flag(help: "Print the scoreboard as the API's JSON.") var json = false

        func validate() throws {
            guard ClassRules.normalizedCode(classCode) != nil else {
                throw ValidationError("'\(classCode.prefix(40))' is not a class code: 6 letters and digits, as on the login cards.")
            }
            guard LevelCatalog.episodes.contains(where: { $0.number == episode }) else {
                throw ValidationError("--episode must be from 1 to \(LevelCatalog.episodes.count).")
            }
            guard !(csv && json) else { throw ValidationError("Choose --csv or --json, not both.") }
        }

        func run() async throws {
            let stores = try await storage.open()
            guard let code = ClassRules.normalizedCode(classCode), let schoolClass = try await stores.classes.schoolClass(code: code),
                  let chosen = LevelCatalog.episodes.first(where: { $0.number == episode }) else {
                ProgressLine.fail("no class has the code \(classCode.uppercased()); check the login cards, or the data folder / --database")
                throw ExitCode.failure
            }
            let board = try await ClassScoreboard.make(for: schoolClass, episode: chosen, classes: stores.classes,
                                                       progress: stores.routerProgress)
            if json { return try printJSON(board) }
            if csv { return print(board.csv, terminator: "") }
            print(Self.table(board))
        }

        /// Pupils down, levels across (numbered as in the episode), "best/max" per played level.
        static func table(_ board: Scoreboard) -> String {
            var lines = ["\(board.class.name) (\(board.class.code)) — episode \(board.episode.number): \(board.episode.name)"]
            guard !board.pupils.isEmpty else { return (lines + ["No pupils yet."]).joined(separator: "\n") }
            let nameWidth = min(24, max(5, board.pupils.map(\.name.count).max() ?? 5))
            func pad(_ text: String, _ width: Int) -> String { text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count) }
            let header = [pad("Pupil", nameWidth)] + board.levels.indices.map { pad("L\($0 + 1)", 6) } + [pad("Total", 7), pad("Stars", 5), "Solved"]
            lines.append(header.joined(separator: " "))
            for pupil in board.pupils {
                let cells = board.levels.map { level in pad(pupil.levels[level.id].map { "\($0.result.best)/\($0.result.max)" } ?? "-", 6) }
                lines.append(([pad(pupil.name, nameWidth)] + cells
                              + [pad("\(pupil.total.best)/\(pupil.total.max)", 7), pad("\(pupil.total.stars)", 5), "\(pupil.total.solved)/\(board.levels.count)"])
                    .joined(separator: " "))
            }
            lines.append("")
            lines += board.levels.enumerated().map { "L\($0.offset + 1) = level \($0.element.id): \($0.element.name)" }
            return lines.joined(separator: "\n")
        }
    }
}
