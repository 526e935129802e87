import ArgumentParser
import ClassroomKit
import Foundation
import RouterKit
import RouterPython
import TesseraStore

/// `tessera router …`: Rapid Router's levels and programs from a terminal.
struct RouterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "router", abstract: "Rapid Router: list and draw levels, run programs (blocks JSON, Blockly XML or Python), import levels.",
        subcommands: [Levels.self, Show.self, Run.self, PythonView.self, Solution.self, Guide.self, Import.self, Bench.self])

    /// The deployment's storage (data folder or `--database`), for custom and imported levels.
    struct Storage: ParsableArguments {
        @OptionGroup var options: StorageOptions

        func open() async throws -> RouterLibrary { RouterLibrary(levels: try await options.open().routerLevels) }

        func level(_ id: String) async throws -> Level {
            guard let level = try await open().level(id: id) else {
                ProgressLine.fail("no level '\(id)'. `tessera router levels` lists them.")
                throw ExitCode.failure
            }
            return level
        }
    }

    /// `--lang en|es`: the language of our levels' and episodes' words (a person's level keeps its own).
    struct Language: ParsableArguments {
        @Option(name: .customLong("lang"), help: "The language of our levels' names, lessons and hints (and of a run's messages): en, es or any other catalogue's code.")
        var code = TextLanguage.standard.rawValue

        var language: TextLanguage { TextLanguage(code: code) ?? .standard }

        func validate() throws {
            guard TextLanguage(code: code) != nil else {
                throw ValidationError("--lang must be one of \(TextLanguage.codes), not '\(code.prefix(20))'.")
            }
        }
    }

    struct Levels: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the levels by episode, then custom and imported ones.")
        @OptionGroup var storage: Storage
        @OptionGroup var language: Language

        func run() async throws {
            for episode in LevelCatalog.episodes(in: language.language) {
                print(language.language.text("router.print.common.episode", ["number": .number(Double(episode.number)), "name": .text(episode.name)]))
                for id in episode.levelIDs {
                    guard let level = LevelCatalog.level(id: id, in: language.language) else { continue }
                    print(String(format: "  %4@  ", id) + level.name + (level.pythonEnabled ? "  (Python)" : ""))
                }
            }
            let stored = try await storage.open().storedLevels()
            if !stored.isEmpty {
                print("Custom and imported")
                for entry in stored { print("  \(entry.id)  \(entry.name)" + (entry.sourcePk.map { "  (Rapid Router pk \($0))" } ?? "")) }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Draw a level as text: road, depot (arrow), houses H, lights L, cows C.")
        @Argument(help: "The level's id.") var level: String
        @OptionGroup var storage: Storage
        @OptionGroup var language: Language

        func run() async throws {
            let level: Level
            if let ours = LevelCatalog.level(id: self.level, in: language.language) { level = ours } else { level = try await storage.level(self.level) }
            print("\(level.id): \(level.name)")
            if !level.lesson.isEmpty { print(level.lesson) }
            if !level.hint.isEmpty { print(language.language.text("router.player.journey.hintSaid", ["hint": .text(level.hint)])) }
            print("")
            for (index, row) in level.textMap().enumerated() { print("\(Coordinate.rows - 1 - index) \(row)") }
            print("  " + (0..<Coordinate.columns).map(String.init).joined())
            let toolbox = level.toolbox.map { $0.block.rawValue + ($0.limit.map { "×\($0)" } ?? "") }.joined(separator: ", ")
            print("\nfuel \(level.maxFuel) · blocks: \(toolbox) · max score \(level.fullScore)")
        }
    }

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run a program on a level and print the outcome and score.")
        @Option(help: "The level's id.") var level: String
        @Option(help: "The program: a .py (Python), .xml (Rapid Router's Blockly XML) or .json file (a run request's program object: our blocks, {\"python\": …} or {\"blocklyXml\": …}).")
        var program: String
        @OptionGroup var storage: Storage
        @Flag(help: "Print the run as the API answers it: outcome {success, failure, message…}, events, score {route, algorithm, total, max}, blockCount, output (what Python printed).")
        var json = false
        /// `--lang es`: the run's message, the score's words and a program's problems in Spanish.
        @OptionGroup var language: Language

        func run() async throws {
            let level = try await storage.level(level)
            let language = language.language
            guard let data = FileManager.default.contents(atPath: program) else {
                ProgressLine.fail("cannot read \(program).")
                throw ExitCode.failure
            }
            guard data.count <= 256 * 1024 else {
                ProgressLine.fail("the file \(program) is larger than 256 KB; a program is much smaller.")
                throw ExitCode.failure
            }
            let result: RunResult
            do {
                let text = String(decoding: data, as: UTF8.self)
                let parsed: RunnableProgram = switch URL(fileURLWithPath: program).pathExtension.lowercased() {
                case "py": .python(try PythonProgram.parse(text))
                case "xml": .blocks(try Program.parse(blocklyXML: text))
                default: try Self.program(json: data)
                }
                result = try RouterGame.run(parsed, on: level, language: language)
            } catch let error as ProgramError {
                ProgressLine.fail(error.message(in: language))
                throw ExitCode.failure
            }
            if json {
                // The answer `POST /api/router/levels/{id}/run` gives, so a script reads both alike.
                try printJSON(result)
            } else {
                // What the program printed comes first, as it would on a console, then how the run ended.
                for line in result.output { print(line) }
                print(result.outcome.success ? language.text("run.cli.success", ["message": .text(result.outcome.message)]) : result.outcome.message)
                let score = result.score
                print(language.text("run.cli.score", ["total": .number(Double(score.total)), "max": .number(Double(score.max)),
                                                      "route": .number(Double(score.route)), "algorithm": .number(Double(score.algorithm)),
                                                      "blocks": .number(Double(result.blockCount)), "events": .number(Double(result.events.count))]))
                if !result.score.message.isEmpty { print(result.score.message) }
            }
            if !result.outcome.success { throw ExitCode.failure }
        }

        /// A .json program file: a run request's `program` object, `{"blocks": …}`, `{"python": "…"}`
        /// or `{"blocklyXml": "…"}` (as the reference solutions in Sources/RouterKit/Levels/solutions are).
        static func program(json data: Data) throws -> RunnableProgram {
            let text = try? JSONDecoder().decode([String: String].self, from: data)
            if let source = text?["python"] { return .python(try PythonProgram.parse(source)) }
            if let xml = text?["blocklyXml"] { return .blocks(try Program.parse(blocklyXML: xml)) }
            return .blocks(try Program.parse(json: data))
        }
    }

    /// The original's "Python view": a block program (JSON or Blockly XML) as Rapid Router-style Python.
    struct PythonView: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "python", abstract: "Print a block program (.json or .xml) as Python, like the original's Python view.")
        @Argument(help: "The program file.") var program: String

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: program), data.count <= 256 * 1024 else {
                ProgressLine.fail("cannot read \(program) (or it is larger than 256 KB).")
                throw ExitCode.failure
            }
            do {
                let parsed = URL(fileURLWithPath: program).pathExtension.lowercased() == "xml"
                    ? try Program.parse(blocklyXML: data) : try Program.parse(json: data)
                print(parsed.pythonView, terminator: parsed.pythonView.hasSuffix("\n") ? "" : "\n")
            } catch {
                ProgressLine.fail(error.message)
                throw ExitCode.failure
            }
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import Rapid Router levels (its database fixture or a level-editor save) as custom levels.")
        @Argument(help: "The JSON file.") var file: String
        @OptionGroup var storage: Storage
        @Flag(help: "Print [{id, name, sourcePk}…] of the imported levels.") var json = false
        @Option(help: ArgumentHelp("Give the levels to this teacher: they appear in their \"My levels\", to share with their classes.",
                                   discussion: "Without it the levels belong to nobody: they open by their id and are listed nowhere."))
        var teacher: String?

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                ProgressLine.fail("cannot read \(file).")
                throw ExitCode.failure
            }
            var owner: String?
            if let teacher {
                guard teacher.unicodeScalars.count <= AccountRules.emailMaxCharacters,
                      let account = try await storage.options.open().accounts.teacher(email: teacher) else {
                    ProgressLine.fail("no teacher has the email \(teacher.prefix(80)). `tessera accounts teachers` lists them")
                    throw ExitCode.failure
                }
                owner = account.playerID
            }
            let imported: [RouterLibrary.Entry], problems: [LevelImport.Problem]
            do {
                (imported, problems) = try await storage.open().importLevels(data, owner: owner)
            } catch let error as LevelImport.ImportError {
                ProgressLine.fail("\(error).")
                throw ExitCode.failure
            }
            for problem in problems { ProgressLine.write("skipped \(problem)\n") }
            if json { return try printJSON(imported) }
            for entry in imported { print("\(entry.id)  \(entry.name)" + (entry.sourcePk.map { "  (pk \($0))" } ?? "")) }
            print("\(imported.count) levels imported" + (problems.isEmpty ? "" : ", \(problems.count) skipped"))
        }
    }
}
