import Foundation
import Testing
@testable import RouterKit
@testable import RouterPython

/// Our own levels (`Sources/RouterKit/Levels`, written by `scripts/router_levels.py`) and their
/// reference solutions (`Levels/solutions/<id>.json`, the `program` object a run request sends:
/// `{"blocks": …}` or `{"python": "…"}` for Python levels): every level loads and validates, and its
/// reference solution delivers at full marks with a block count that is one of the level's model
/// solutions.
@Suite struct LevelSolutionTests {
    static func source(for id: String) throws -> Data { try #require(LevelCatalog.referenceSolution(id: id)) }

    /// A Python level's reference program as its text (nil for a block level).
    static func python(for id: String) throws -> String? {
        try? JSONDecoder().decode([String: String].self, from: try source(for: id))["python"]
    }

    /// The reference solution of a level, read in the level's own language.
    static func solution(for level: Level) throws -> Program {
        if let source = try python(for: level.id) { return try Program.parse(python: source) }
        return try Program.parse(json: try source(for: level.id))
    }

    /// The reference solution as a run request brings it: Python-only levels' Python for the
    /// Python runtime (which runs more than blocks can say), blocks otherwise.
    static func runnable(for level: Level) throws -> RunnableProgram {
        guard let source = try python(for: level.id) else { return .blocks(try solution(for: level)) }
        return .python(try PythonProgram.parse(source))
    }

    // MARK: The catalog

    @Test func theCatalogLoadsWithoutProblems() {
        #expect(LevelCatalog.problems == [])
        #expect(LevelCatalog.levels.count >= 50)
        #expect(LevelCatalog.episodes.count >= 9)
    }

    @Test func everyLevelIsInExactlyOneEpisodeAndIDsAreUnique() {
        let listed = LevelCatalog.episodes.flatMap(\.levelIDs)
        let ids = LevelCatalog.levels.map(\.id)
        #expect(Set(listed).count == listed.count)
        #expect(Set(ids).count == ids.count)
        #expect(listed == ids)
        for level in LevelCatalog.levels {
            let homes = LevelCatalog.episodes.filter { $0.levelIDs.contains(level.id) }
            #expect(homes.count == 1, "level \(level.id)")
            #expect(homes.first?.number == level.episode, "level \(level.id)")
            #expect(LevelCatalog.level(id: level.id) == level)
        }
        #expect(LevelCatalog.level(id: "no-such-level") == nil)
    }

    /// The whole course: at least 120 levels in at least 15 episodes (issue 22), none too long to finish.
    @Test func episodesRunInOrderWithFiveToTenLevels() {
        #expect(LevelCatalog.levels.count >= 120)
        #expect(LevelCatalog.episodes.count >= 15)
        #expect(LevelCatalog.episodes.map(\.number) == Array(1...LevelCatalog.episodes.count))
        // Ids are "1", "2", … in playing order.
        #expect(LevelCatalog.levels.map(\.id) == (1...LevelCatalog.levels.count).map(String.init))
        for episode in LevelCatalog.episodes {
            #expect((5...10).contains(episode.levelIDs.count), "episode \(episode.number)")
            #expect(!episode.name.isEmpty && !episode.summary.isEmpty)
        }
        #expect(LevelCatalog.nextLevel(after: "1")?.id == "2")
        #expect(LevelCatalog.nextLevel(after: LevelCatalog.levels.last?.id ?? "") == nil)
        #expect(LevelCatalog.episode(ofLevel: "1")?.number == 1)
    }

    @Test func levelsFollowOurAuthoringRules() {
        var themes: Set<Theme> = []
        for level in LevelCatalog.levels {
            let id = Int(level.id) ?? 0
            themes.insert(level.theme)
            // The original's rule: the route score is worth 20 on its first twelve levels.
            #expect(level.scoring.routeMax == (id < 13 ? 20 : 10), "level \(level.id)")
            #expect(!level.scoring.modelSolutions.isEmpty, "level \(level.id)")
            #expect(!level.name.isEmpty && !level.lesson.isEmpty && !level.hint.isEmpty, "level \(level.id)")
            #expect(level.maxFuel <= 50, "level \(level.id)")
            #expect(level.blocklyEnabled || level.pythonEnabled, "level \(level.id)")
            let road = Set(level.road.map(\.coordinate))
            for item in level.decor {
                #expect(!road.contains(item.coordinate), "level \(level.id): \(item.name) on the road")
            }
        }
        #expect(themes == Set(Theme.allCases))
        #expect(LevelCatalog.levels.contains { $0.pythonEnabled && !$0.blocklyEnabled })
        #expect(LevelCatalog.levels.contains { !$0.trafficLights.isEmpty })
        #expect(LevelCatalog.levels.contains { !$0.cows.isEmpty })
        #expect(LevelCatalog.levels.contains { $0.destinations.count > 1 })
        #expect(LevelCatalog.levels.contains { $0.maxFuel < 50 })
        #expect(LevelCatalog.levels.contains { $0.toolbox.contains { $0.limit != nil } })
    }

    /// A broken file is reported and left out; it never crashes the catalog.
    @Test func aBrokenLevelFileIsReportedNotFatal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("levels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try #require(LevelCatalog.level(id: "1"))
        try JSONEncoder().encode(good).write(to: folder.appendingPathComponent("1.json"))
        try Data(#"{"id": "2", "name": "Broken"}"#.utf8).write(to: folder.appendingPathComponent("2.json"))
        try JSONEncoder().encode(good).write(to: folder.appendingPathComponent("9.json"))
        let episodes = [Episode(number: 1, name: "One", summary: "s", levelIDs: ["1", "2", "3"])]
        try JSONEncoder().encode(episodes).write(to: folder.appendingPathComponent("episodes.json"))

        let contents = LevelCatalog.load(from: folder)
        #expect(contents.levels.map(\.id) == ["1"])
        #expect(contents.episodes.map(\.levelIDs) == [["1"]])
        #expect(contents.problems.count == 3)
        #expect(contents.problems.contains { $0.hasPrefix("2.json: missing key") })
        #expect(contents.problems.contains { $0.hasPrefix("3.json") })
        #expect(contents.problems.contains { $0.hasPrefix("9.json") })
    }

    // MARK: Every reference solution

    @Test(arguments: LevelCatalog.levels.map(\.id))
    func theReferenceSolutionIsValidAndCountsAsAModelSolution(id: String) throws {
        let level = try #require(LevelCatalog.level(id: id))
        try level.validate()
        // Python-only levels have no algorithm score and no toolbox to check (Python isn't counted in blocks).
        guard case .blocks(let program) = try Self.runnable(for: level) else { return }
        try program.checkToolbox(level.toolbox)
        #expect(level.scoring.modelSolutions.contains(program.blockCount),
                "level \(id): \(program.blockCount) blocks, model solutions \(level.scoring.modelSolutions)")
        // The toolbox offers what the solution needs and little else (distractors are few).
        let used = Set(program.blockUses.keys)
        let offered = Set(level.toolbox.map(\.block))
        #expect(used.isSubset(of: offered))
        #expect(offered.subtracting(used).count <= 2, "level \(id): unused blocks \(offered.subtracting(used))")
    }

    @Test(arguments: LevelCatalog.levels.map(\.id))
    func theReferenceSolutionDeliversAtFullMarks(id: String) throws {
        let level = try #require(LevelCatalog.level(id: id))
        let result = try RouterGame.run(try Self.runnable(for: level), on: level)
        #expect(result.outcome.success, "level \(id): \(result.outcome.message)")
        #expect(result.score.total == result.score.max,
                "level \(id): \(result.score.total)/\(result.score.max) (\(result.score.message))")
        #expect(result.score.max == level.fullScore)
        if Scoring.algorithmMax(for: level) > 0 {
            #expect(level.scoring.modelSolutions.contains(result.blockCount), "level \(id): \(result.blockCount) blocks")
        }
    }
}
