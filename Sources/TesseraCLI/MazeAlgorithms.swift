import ArgumentParser
import Foundation
import MazeClient
import MazeKit

extension MazeCommand {
    /// `tessera maze algorithms`: the names `--algorithm` takes, each with what its mazes are like,
    /// as the server says it (`GET /api/maze/algorithms`), so the words come from its catalogues.
    struct Algorithms: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the maze generators (the names --algorithm takes) with a line on what each one's mazes are like.")

        @Option(help: "The server's root URL.")
        var api = "http://127.0.0.1:8080"

        @Option(help: "The language of the descriptions (en, es, fr, de, pt, ar); default the server's English.")
        var lang: String?

        @Flag(help: "Print the server's JSON list instead of the table.")
        var json = false

        func run() async throws {
            let list = try await HTTPMazeAPI(baseURL: api).algorithms(language: lang)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(list), as: UTF8.self))
                return
            }
            let width = list.map(\.name.count).max() ?? 0
            for entry in list {
                print(entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + entry.description)
            }
        }
    }
}
