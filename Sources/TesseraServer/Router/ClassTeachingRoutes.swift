import Foundation
import GridKit
import Hummingbird
import RouterKit
import RouterPython
import TesseraStore

/// A class at play as its teacher reads it: who needs help now, and the class's working programs
/// for one level grouped by shape (for the projector). Only the class's own teacher may read
/// these; to anyone else the class does not exist.
extension RouterRoutes {
    /// `GET /api/classes/{id}/activity[?lang=]`: every pupil's state, stuck pupils first.
    @Sendable func activity(_ request: Request, context: Context) async throws -> Response {
        let language = try request.textLanguage()
        let schoolClass = try context.caller.teachesClass(try context.parameters.require("id"))
        let now = Date()
        let pupils = try await ClassActivityBoard.make(for: schoolClass, classes: classes, accounts: sessions.accounts,
                                                       progress: progress, now: now)
        // Level names: ours from the catalog, stored ones read once each (a few per class).
        var names: [String: String] = [:]
        for id in Set(pupils.compactMap(\.activity.level)) {
            if let ours = LevelCatalog.level(id: id, in: language) { names[id] = ours.name; continue }
            names[id] = try await levels.find(id: id)?.level.name
        }
        return try JSONBody.response(ActivityJSON(class: schoolClass.id, at: now, pupils: pupils.map {
            ActivityJSON.Pupil(id: $0.id, name: $0.name, state: $0.activity.state.rawValue, level: $0.activity.level,
                               levelName: $0.activity.level.flatMap { names[$0] }, since: $0.activity.since,
                               failures: $0.activity.failures)
        }))
    }

    /// `GET /api/classes/{id}/levels/{level}/solutions[?names=true][&lang=]`: each pupil's best
    /// working program on the level, grouped by shape, fewest blocks first. Anonymous ("Solution
    /// B — 7 pupils") unless the teacher asks for names.
    @Sendable func classSolutions(_ request: Request, context: Context) async throws -> Response {
        let language = try request.textLanguage()
        let schoolClass = try context.caller.teachesClass(try context.parameters.require("id"))
        let names = try Self.flag(request.uri.queryParameters["names"].map(String.init), name: "names")
        let level = try await find(try Input.boundedText(try context.parameters.require("level"), maxBytes: 80,
                                                         orElse: APIError.notFound("router.errors.notFound.levelAny")), for: context).level
        let pupils = try await classes.pupils(classID: schoolClass.id)
        let found = try await withThrowingTaskGroup(of: (name: String, program: String)?.self) { group in
            for pupil in pupils {
                group.addTask { [programs] in
                    let saved = try await programs.find(id: SavedPrograms.id(player: pupil.playerID, level: level.id))
                    guard let run = saved?.best, run.success else { return nil }
                    return (pupil.name, run.program)
                }
            }
            var found: [(name: String, program: String)] = []
            for try await item in group { if let item { found.append(item) } }
            return found
        }
        let best = found.sorted { $0.name.lowercased() < $1.name.lowercased() }
        let answer = try await work.runProgram {
            let read: [(member: Int, program: RunnableProgram)] = best.indices.compactMap { index in
                (try? JSONDecoder().decode(ProgramBody.self, from: Data(best[index].program.utf8))).map { (index, $0.program) }
            }
            let byMember = Dictionary(read.map { ($0.member, $0.program) }, uniquingKeysWith: { first, _ in first })
            return ClassSolutionsJSON(level: level.id, pupils: pupils.count, groups: SolutionGroups.group(read).map { group in
                let first = group.members[0]
                let program = byMember[first]
                let source: JSONValue? = if case .blocks = program {
                    try? JSONDecoder().decode(JSONValue.self, from: Data(best[first].program.utf8))
                } else { nil }
                return ClassSolutionsJSON.Group(
                    label: group.label, count: group.members.count, blockCount: group.blockCount, program: source,
                    python: program?.pythonView ?? group.shape,
                    run: program.flatMap { try? RouterGame.run($0, on: level, language: language) },
                    names: names ? group.members.map { best[$0].name } : nil)
            })
        }
        return try JSONBody.response(answer)
    }

    /// `true` or `false` (absent: false).
    static func flag(_ text: String?, name: String) throws -> Bool {
        switch text {
        case nil, "false": return false
        case "true": return true
        default: throw APIError.badRequest("router.errors.flag", ["name": .text(name)], code: "invalid_\(name)")
        }
    }
}

struct ActivityJSON: Encodable {
    struct Pupil: Encodable {
        let id: String
        let name: String
        let state: String
        @Nullable var level: String?
        @Nullable var levelName: String?
        @Nullable var since: Date?
        let failures: Int
    }

    let `class`: String
    let at: Date
    let pupils: [Pupil]
}

struct ClassSolutionsJSON: Encodable {
    struct Group: Encodable {
        let label: String
        let count: Int
        @Nullable var blockCount: Int?
        @Nullable var program: JSONValue?
        let python: String
        @Nullable var run: RunResult?
        @Nullable var names: [String]?
    }

    let level: String
    let pupils: Int
    let groups: [Group]
}
