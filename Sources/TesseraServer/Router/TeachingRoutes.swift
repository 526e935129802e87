import Foundation
import GridKit
import Hummingbird
import RouterKit
import RouterPython
import TesseraStore

/// What a teacher teaches with: a level's answer (teachers only: to anyone else it does not
/// exist, so no pupil's page can ever receive one), each episode's lesson guide, and a pupil's
/// earlier attempts at a level. The class views (who needs help, the class's solutions) are in
/// `ClassTeachingRoutes.swift`.
extension RouterRoutes {
    /// `GET /api/router/levels/{id}/solution[?lang=]`: our level's reference solution, or the
    /// answer a stored level's maker saved, run.
    @Sendable func solution(_ request: Request, context: Context) async throws -> Response {
        let language = try request.textLanguage()
        let id = try Self.levelID(context)
        guard try context.caller.isTeacher() else { throw APIError.notFound("router.errors.notFound.solution", ["id": .sent(id)]) }
        let level = try await find(id, for: context).level
        let saved = LevelCatalog.referenceSolution(id: id) == nil ? try await levels.find(id: id)?.solution : nil
        guard let source = LevelCatalog.referenceSolution(id: id) ?? saved.map({ Data($0.utf8) }) else {
            throw APIError.notFound("router.errors.notFound.solution", ["id": .sent(id)])
        }
        let answer = try await work.runProgram { try SolutionJSON(source, on: level, language: language) }
        return try JSONBody.response(answer)
    }

    /// `PUT /api/router/levels/{id}/solution` `{"program": …}`: the maker of a stored level saves
    /// its answer for teachers (the designer offers it after a test drive that delivers). It must
    /// deliver now: a program that does not is 422 `solution_fails`.
    @Sendable func saveSolution(_ request: Request, context: Context) async throws -> Response {
        let language = try request.textLanguage()
        let id = try Self.levelID(context)
        let caller = try people.caller(context)
        guard LevelCatalog.level(id: id) == nil else { throw LevelRoutes<Context>.notYours }  // ours have theirs
        let stored = try caller.readable(try await levels.find(id: id), id: id)
        guard caller.owns(stored) else { throw LevelRoutes<Context>.notYours }
        let body = try await ProgramLanguage.$current.withValue(language) { try await RunRequest.decode(from: request) }
        let source = try JSONBody.encoder.encode(body.programSource)
        let answer = try await work.runProgram { [level = stored.level] in
            try mappingProgramErrors(in: language) { try SolutionJSON(source, on: level, language: language) }
        }
        guard answer.run.outcome.success else {
            throw APIError(.unprocessableContent, code: "solution_fails", say: "router.errors.solutionFails",
                           ["reason": .text(answer.run.outcome.message)])
        }
        let owners = caller.owners, text = String(decoding: source, as: UTF8.self)
        _ = try await levels.update(id: id) { stored in
            guard stored.owner.map(owners.contains) == true else { throw LevelRoutes<Context>.notYours }
            stored.solution = text
        }
        return try JSONBody.response(answer)
    }

    /// `GET /api/router/episodes/{n}/guide?lang=en|es`: one episode's lesson guide (anyone may read it).
    @Sendable func guide(_ request: Request, context: Context) async throws -> Response {
        let language = try request.textLanguage()
        let text = try Input.boundedText(try context.parameters.require("number"), maxBytes: 8, orElse: APIError.notFound("router.errors.notFound.episodeAny"))
        guard let number = Int(text), let episode = LevelCatalog.episodes(in: language).first(where: { $0.number == number }),
              let found = LevelCatalog.guide(episode: number, in: language) else {
            throw APIError.notFound("router.errors.notFound.episode", ["number": .sent(text)])
        }
        return try JSONBody.response(GuideJSON(found.guide, episode: episode, language: found.language))
    }

    /// `GET /api/router/players/{player}/programs/{id}/attempts/{n}`: attempt `n` (0 the newest) of
    /// the last `SavedPrograms.historyLimit`, replayed on the level as it is now; readable by
    /// whoever may read the player's saved programs.
    @Sendable func attempt(_ request: Request, context: Context) async throws -> Response {
        let (_, _, level, saved) = try await readableSavedPrograms(context)
        let text = try Input.boundedText(try context.parameters.require("n"), maxBytes: 4, orElse: APIError.notFound("router.errors.notFound.attemptAny"))
        let attempts = saved.attempts
        guard let n = Int(text), attempts.indices.contains(n) else { throw APIError.notFound("router.errors.notFound.attempt", ["n": .sent(text)]) }
        let run = attempts[n]
        return try JSONBody.response(try await work.runProgram { SavedRunJSON(run, on: level) })
    }
}

extension Caller {
    /// Whether a teacher is signed in; a failed session lookup is its error, not "no".
    func isTeacher() throws -> Bool {
        if let lookupProblem { throw lookupProblem }
        return account?.role == .teacher
    }
}

/// A level's answer: the program as a run request sends it (null for Python), its Python (the
/// Python view of the blocks, or the Python itself), its block count, and its run.
struct SolutionJSON: Encodable {
    let level: String
    @Nullable var program: JSONValue?
    let python: String
    let blockCount: Int
    let run: RunResult

    init(_ source: Data, on level: Level, language: TextLanguage) throws {
        let read = try JSONDecoder().decode(ProgramBody.self, from: source)
        self.level = level.id
        if case .blocks = read.program { program = try JSONDecoder().decode(JSONValue.self, from: source) }
        python = read.program.pythonView
        run = try RouterGame.run(read.program, on: level, language: language)
        blockCount = run.blockCount
    }
}

/// An episode's guide with its levels named, in the language it is written in.
struct GuideJSON: Encodable {
    struct LevelName: Encodable {
        let id: String
        let name: String
    }

    struct Levels: Encodable {
        let inClass: [LevelName]
        let quickOnes: [LevelName]
    }

    let episode: Int
    let language: String
    let title: String
    let summary: String
    let goals: [String]
    let words: [LessonGuide.Word]
    let unplugged: String
    let levels: Levels
    let questions: [String]
    let `extension`: String
    let previous: String
    let next: String

    init(_ guide: LessonGuide, episode: Episode, language: TextLanguage) {
        func named(_ ids: [String]) -> [LevelName] {
            ids.compactMap { id in LevelCatalog.level(id: id, in: language).map { LevelName(id: id, name: $0.name) } }
        }
        self.episode = guide.episode
        self.language = language.rawValue
        title = episode.name
        summary = episode.summary
        goals = guide.goals
        words = guide.words
        unplugged = guide.unplugged
        levels = Levels(inClass: named(guide.levels.inClass), quickOnes: named(guide.levels.quickOnes))
        questions = guide.questions
        self.extension = guide.extension_
        previous = guide.previous
        next = guide.next
    }
}
