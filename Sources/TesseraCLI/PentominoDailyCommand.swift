import ArgumentParser
import Foundation
import PentominoKit

extension PentominoCommand {
    /// `tessera pentomino daily`: the day's puzzle, made here as every server makes it (from the
    /// date alone), so it is the one the page and `GET /api/pentomino/daily` show that day.
    struct Daily: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the daily puzzle: its board with the given tiles, which have exactly one way to finish.")

        @Option(help: "The UTC day, YYYY-MM-DD (default: today).")
        var date: String?

        @Flag(help: "Print one JSON object: date, id, board, given tiles and the letter grid.")
        var json = false

        func validate() throws {
            if let date, PuzzleDay(date) == nil { throw ValidationError("--date must be a real day, written YYYY-MM-DD (2000 or later).") }
        }

        func run() throws {
            let day = date.flatMap(PuzzleDay.init) ?? PuzzleDay(containing: Date())
            let clock = ContinuousClock()
            let started = clock.now
            guard let puzzle = DailyPuzzle.make(for: day) else { throw ValidationError("No daily puzzle could be made for \(day).") }
            let seconds = (clock.now - started).seconds
            let shape = puzzle.board.shape
            if json {
                let object: [String: Any] = [
                    "date": day.description, "id": puzzle.id, "board": shape.rawValue,
                    "given": puzzle.given.map(\.letter), "grid": puzzle.board.letterRows, "solutions": 1,
                ]
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
                print(String(decoding: data, as: UTF8.self))
                return
            }
            print("Daily puzzle \(day) (\(puzzle.id)): board \(shape.rawValue), \(puzzle.given.count) tiles given "
                  + "(\(puzzle.given.map(\.letter).joined(separator: " "))), exactly one way to finish; made in "
                  + String(format: "%.3f s", seconds) + ".")
            print(puzzle.board.text)
        }
    }
}
