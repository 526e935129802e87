import GridKit
import ArgumentParser
import Foundation
import MazeClient
import MazeKit

struct MazeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maze", abstract: "Explore mazes on a Tessera server over HTTP, and benchmark the explorer.",
        subcommands: [Explore.self, Bench.self, Algorithms.self])

    struct Explore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explore a new maze on a running server, then draw it with its shortest path and print the stats.",
            discussion: """
            Talks to a running `tessera serve` (or an original-style maze server) over real HTTP. With none of \
            --seed, --width, --height, --algorithm it calls the original GET /api/maze/start (a random maze); \
            with any of them it creates the maze with POST /api/maze/mazes (a seed is then picked here if none is \
            given, so it can be printed). Temporary failures (504, timeouts, dropped connections) are retried a \
            few times with backoff; a room that stays unreachable fails the run. Ctrl-C stops the exploration \
            and still prints what was found.

            With --svg FILE a finished maze is also kept as a standalone SVG picture (walls, doors, start, exit \
            and the shortest path; --heat colours each room by its steps from the start, with a legend) and one \
            line says where it went. A dash as FILE sends the picture to standard output instead of the drawing \
            (the stats then go to standard error). A path that cannot be written is refused before exploring.

            Exit status: 0 when the maze was explored completely and is consistent; 1 otherwise; 130 after Ctrl-C.
            """)

        @Option(help: "The server's root URL.")
        var api = "http://127.0.0.1:8080"

        @Option(help: "Maze seed (0…2^64−1): the same seed, size and algorithm always give the same maze.")
        var seed: UInt64?

        @Option(help: "Maze width in tiles: odd, 5…201. Give only one side for a square maze; none for a size derived from the seed (31…63).")
        var width: Int?

        @Option(help: "Maze height in tiles: odd, 5…201.")
        var height: Int?

        @Option(help: "How the maze is carved (default hybrid).")
        var algorithm: MazeAlgorithm?

        @Option(help: "Room fetches in flight at once (the HTTP client keeps up to 64 connections to a server).")
        var concurrency = ExplorerOptions().maxConcurrentFetches

        @Option(help: "Unlocks in flight at once (ignored by levelSynchronous, which unlocks one at a time).")
        var unlockWorkers = ExplorerOptions().maxConcurrentUnlocks

        @Option(help: "eventDriven (fast) or levelSynchronous (the original app's level-by-level baseline).")
        var strategy: ExplorationStrategy = .eventDriven

        @Option(help: "Ask the server for a latency preset: original, fast, slow (20 ms fetches, 300 ms unlocks) or none. Default: the server's own setting.")
        var latency: LatencyPreset?

        @Flag(help: "Print one JSON object (outcome, stats, maze size, map rows) instead of the drawing.")
        var json = false

        @Option(name: .customLong("svg"), help: ArgumentHelp(
            "After a finished exploration, write the maze as an SVG picture to FILE; - writes it to standard output instead of the drawing.",
            valueName: "FILE"))
        var svgPath: String?

        @Flag(help: "With --svg: colour each room by its steps from the start (blue near, red far), with a legend.")
        var heat = false

        func validate() throws {
            try ServerProbe.validate(api)
            try MazeSizeRule.validate(width, "width")
            try MazeSizeRule.validate(height, "height")
            guard (1...256).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 256.") }
            guard (1...64).contains(unlockWorkers) else { throw ValidationError("--unlock-workers must be between 1 and 64.") }
            if heat && svgPath == nil { throw ValidationError("--heat colours the SVG picture: give --svg FILE with it.") }
            if svgPath?.isEmpty == true { throw ValidationError("--svg needs a file name, or - for standard output.") }
            if svgPath == "-" && json {
                throw ValidationError("--svg - and --json would both write to standard output: give --svg a file name.")
            }
        }

        /// Where the picture goes; nil without --svg.
        var svgDestination: SVGDestination? { svgPath.map(SVGDestination.init) }

        /// True when standard output carries the SVG, so the drawing and stats must stay off it.
        var svgOnStandardOutput: Bool {
            if case .standardOutput = svgDestination { true } else { false }
        }

        /// Nil (the original GET /api/maze/start) unless some maze parameter was given; then the seed
        /// is picked here when none was given, so that it is known and can be printed.
        func makeNewMazeRequest() -> NewMazeRequest? {
            guard seed != nil || width != nil || height != nil || algorithm != nil else { return nil }
            return NewMazeRequest(seed: seed ?? UInt64.random(in: 0...UInt64.max), width: width ?? height,
                                  height: height ?? width, algorithm: algorithm ?? .hybrid)
        }

        func run() async throws {
            // Before the server is even asked: a long exploration should not end in "cannot write".
            try svgDestination?.checkWritable()
            switch await ServerProbe.check(api) {
            case .healthy: break
            case let .answered(status):
                if !json { ProgressLine.write("note: \(api)/health answered \(status), not a Tessera server? Trying the maze API anyway.\n") }
            case let .unreachable(reason):
                throw MazeCLIError("no Tessera server at \(api) (\(reason)) — start one with `swift run tessera serve` or pass --api")
            }

            let request = makeNewMazeRequest()
            let counter = MazeCallCounter()
            let api = CountingMazeAPI(base: HTTPMazeAPI(baseURL: api, newMaze: request, latency: latency?.rawValue),
                                      counter: counter)
            let explorer = MazeExplorer(api: api, options: ExplorerOptions(
                strategy: strategy, maxConcurrentFetches: concurrency, maxConcurrentUnlocks: unlockWorkers))
            let progress = ProgressLine(json: json)
            let (result, interrupted) = try await progress.during({ elapsed in
                "exploring: " + counter.counts.describe(elapsed: elapsed)
            }) {
                try await cancellableByInterrupt { await explorer.explore(onEvent: counter.record) }
            }

            let report = Report(result, request: request, options: self)
            if json {
                try printJSON(report)
            } else {
                printText(report, result)
            }
            try keepSVG(report, result)
            if interrupted { throw ExitCode(130) }
            if !report.outcome.isFinished || !report.valid { throw ExitCode.failure }
        }

        /// Writes the --svg picture of a finished maze and says where it went: on standard output
        /// beside the drawing, on standard error when standard output holds JSON or the SVG itself.
        private func keepSVG(_ report: Report, _ result: ExplorationResult) throws {
            guard let destination = svgDestination else { return }
            guard result.outcome.isFinished else {
                ProgressLine.write("No SVG written: the exploration did not finish.\n")
                return
            }
            var title = ["Tessera maze", report.maze.algorithm ?? "random"]
            if let width = report.maze.width, let height = report.maze.height { title.append("\(width)×\(height)") }
            if let seed = report.maze.seed { title.append("seed \(seed)") }
            let svg = MazeSVG.render(result.maze, options: MazeSVGOptions(heat: heat, title: title.joined(separator: " ")))
            let place = try destination.write(svg)
            let line = "SVG\(heat ? " with heat map" : "") written to \(place) (\(svg.utf8.count.formatted()) bytes)"
            if json || svgOnStandardOutput { ProgressLine.write(line + "\n") } else { print(line) }
        }

        private func printText(_ report: Report, _ result: ExplorationResult) {
            let stats = result.stats
            // With --svg - standard output holds the picture: the stats go to standard error.
            let print: (String) -> Void = svgOnStandardOutput ? { ProgressLine.write($0 + "\n") } : { Swift.print($0) }
            switch result.outcome {
            case .finished where svgOnStandardOutput:
                break
            case .finished:
                let path = result.maze.shortestPath() ?? []
                print(result.maze.text(path: path))
                print("S start · E exit · D door · o shortest path (\(path.count) rooms, start and exit included) · # wall")
            case let .failed(error):
                ProgressLine.write("Exploration failed: \(error)\n")
            case .cancelled:
                ProgressLine.write("Exploration cancelled.\n")
            }
            var maze: [String] = [report.maze.algorithm ?? "random maze"]
            if let width = report.maze.width, let height = report.maze.height { maze.append("\(width)×\(height)") }
            if let seed = report.maze.seed { maze.append("seed \(seed)") }
            print("\(maze.joined(separator: " ")) · \(strategy.rawValue) · latency \(latency?.rawValue ?? "server default") · \(self.api)")
            print("\(report.outcome.name)\(report.valid ? " (valid)" : result.outcome.isFinished ? " (INVALID)" : ""): \(stats)")
        }

        /// What `--json` prints: the exploration's summary (outcome, error, valid and the stats, the
        /// same fields as the server's stream) beside what was explored.
        struct Report: Encodable {
            let summary: ExplorationSummary
            let maze: Details

            struct Details: Encodable {
                let api: String
                let problems: [String]
                @Nullable var seed: String?
                @Nullable var width: Int?
                @Nullable var height: Int?
                @Nullable var algorithm: String?
                let strategy: String
                @Nullable var latency: String?
                let concurrency: Int
                let unlockWorkers: Int
                /// Rooms on the shortest start → exit route, both ends included.
                @Nullable var pathLength: Int?
                /// The drawing (`S`, `E`, `D`, `.`, `o` path, `#`), north up; empty unless finished.
                let map: [String]
            }

            var outcome: ExplorationOutcome { summary.outcome }
            var valid: Bool { summary.valid }

            init(_ result: ExplorationResult, request: NewMazeRequest?, options: Explore) {
                let finished = result.outcome.isFinished
                let problems = finished ? result.maze.problems() : []
                summary = ExplorationSummary(result, valid: problems.isEmpty)
                // A finished thick-wall maze fills its bounding box; the outer wall adds one tile a side.
                var width = request?.width, height = request?.height
                if finished, let bounds = result.maze.bounds {
                    width = bounds.cols.count + 2
                    height = bounds.rows.count + 2
                }
                let path = finished ? result.maze.shortestPath() : nil
                maze = Details(
                    api: options.api, problems: problems.map(\.description), seed: request?.seed,
                    width: width, height: height, algorithm: request?.algorithm?.rawValue,
                    strategy: options.strategy.rawValue, latency: options.latency?.rawValue,
                    concurrency: options.concurrency, unlockWorkers: options.unlockWorkers,
                    pathLength: path?.count, map: finished ? result.maze.textRows(path: path ?? []) : [])
            }

            /// One flat object: the summary's fields and the details' side by side.
            func encode(to encoder: any Encoder) throws {
                try summary.encode(to: encoder)
                try maze.encode(to: encoder)
            }
        }
    }
}
