import ArgumentParser
import ClassroomKit
import Foundation
import RouterKit
import RouterPython
import TesseraStore

/// The teacher's material from a terminal: a level's answer, an episode's lesson guide, and who in
/// a class needs help now (the same rules as the dashboard's, read from the deployment's storage).
extension RouterCommand {
    struct Solution: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print one of our levels' answers as Python, with its block count and score.")
        @Argument(help: "The level's id (1 to \(LevelCatalog.levels.count)).") var level: String
        @OptionGroup var language: Language

        func run() async throws {
            guard let level = LevelCatalog.level(id: self.level, in: language.language),
                  let source = LevelCatalog.referenceSolution(id: self.level) else {
                ProgressLine.fail("level '\(self.level.prefix(40))' is not one of ours, so there is no answer to print. `tessera router levels` lists them.")
                throw ExitCode.failure
            }
            let program: RunnableProgram
            if let python = try? JSONDecoder().decode([String: String].self, from: source)["python"] {
                program = .python(try PythonProgram.parse(python))
            } else {
                program = .blocks(try Program.parse(json: source))
            }
            let result = try RouterGame.run(program, on: level, language: language.language)
            print("# \(level.id): \(level.name) — \(result.blockCount) blocks, \(result.score.total)/\(result.score.max)")
            print(program.pythonView, terminator: "")
        }
    }

    struct Guide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print an episode's lesson guide: goals, words, warm-up, levels, questions.")
        @Argument(help: "The episode (1 to \(LevelCatalog.episodes.count)).") var episode: Int
        @OptionGroup var language: Language

        func run() async throws {
            guard let found = LevelCatalog.guide(episode: episode, in: language.language),
                  let named = LevelCatalog.episodes(in: language.language).first(where: { $0.number == episode }) else {
                ProgressLine.fail("there is no episode \(episode); they are numbered 1 to \(LevelCatalog.episodes.count).")
                throw ExitCode.failure
            }
            let guide = found.guide
            func levels(_ ids: [String]) -> String {
                ids.map { id in "\(id) " + (LevelCatalog.level(id: id, in: language.language)?.name ?? "") }.joined(separator: ", ")
            }
            // The headings are the printed guide's (router.print.guide.*), in the guide's own language.
            func heading(_ key: String, _ number: Int? = nil) -> String {
                found.language.text("router.print.guide." + key, number.map { ["number": .number(Double($0))] } ?? [:])
            }
            print("\(named.number). \(named.name)\n\(named.summary)\n")
            print(heading("goals")); guide.goals.forEach { print("  • \($0)") }
            print(heading("words")); guide.words.forEach { print("  • \($0.word): \($0.meaning)") }
            print(heading("unplugged") + "\n  " + guide.unplugged)
            print(heading("inClass") + ": " + levels(guide.levels.inClass))
            print(heading("quickOnes") + ": " + levels(guide.levels.quickOnes))
            print(heading("questions")); guide.questions.forEach { print("  • \($0)") }
            print(heading("extension") + "\n  " + guide.extension_)
            print((episode > 1 ? heading("previous", episode - 1) : heading("previousNone")) + "\n  " + guide.previous)
            print((episode < LevelCatalog.episodes.count ? heading("next", episode + 1) : heading("nextNone")) + "\n  " + guide.next)
        }
    }
}

extension ClassesCommand {
    struct ActivityCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "activity", abstract: "Who needs help now: each pupil stuck, playing, done for today or away, stuck first.")
        @OptionGroup var storage: StorageOptions
        @Argument(help: "The class code pupils sign in with.") var classCode: String

        func run() async throws {
            let stores = try await storage.open()
            guard let code = ClassRules.normalizedCode(classCode), let schoolClass = try await stores.classes.schoolClass(code: code) else {
                ProgressLine.fail("no class has the code \(classCode.prefix(40).uppercased()); check the login cards, or the data folder / --database")
                throw ExitCode.failure
            }
            let now = Date()
            let pupils = try await ClassActivityBoard.make(for: schoolClass, classes: stores.classes, accounts: stores.accounts,
                                                           progress: stores.routerProgress, now: now)
            print("\(schoolClass.name) (\(schoolClass.code))")
            if pupils.isEmpty { print("No pupils yet.") }
            for pupil in pupils {
                let activity = pupil.activity
                var line = "  \(activity.state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(pupil.name)"
                if let level = activity.level { line += " — level \(level)" }
                if activity.state == .stuck { line += ", \(activity.failures) failed runs" }
                if let since = activity.since { line += ", \(Int(now.timeIntervalSince(since) / 60)) min" }
                print(line)
            }
        }
    }
}
