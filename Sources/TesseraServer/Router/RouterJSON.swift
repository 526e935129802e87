import Foundation
import GridKit
import RouterKit
import TesseraStore

/// A level as the API answers it: the level itself plus where it comes from.
struct LevelJSON: Encodable {
    let level: Level
    /// `tessera` (ours), `custom` or `imported`.
    let source: String
    let sourcePk: Int?

    private enum Key: String, CodingKey { case source, sourcePk }

    /// One flat object: the level's fields with `source` and `sourcePk` beside them.
    func encode(to encoder: any Encoder) throws {
        try level.encode(to: encoder)
        var json = encoder.container(keyedBy: Key.self)
        try json.encode(source, forKey: .source)
        if let sourcePk { try json.encode(sourcePk, forKey: .sourcePk) } else { try json.encodeNil(forKey: .sourcePk) }
    }
}

struct StoredLevelJSON: Encodable {
    let id: String
    let name: String
    let source: String
    @Nullable var sourcePk: Int?

    init(_ stored: StoredLevel) {
        id = stored.id
        name = stored.level.name
        source = stored.source.rawValue
        sourcePk = stored.sourcePk
    }
}

struct EpisodesJSON: Encodable {
    struct EpisodeJSON: Encodable {
        let number: Int
        let name: String
        let summary: String
        let levels: [Summary]
    }

    struct Summary: Encodable {
        let id: String
        let name: String
        let maxScore: Int
        let blockly: Bool
        let python: Bool
    }

    let episodes: [EpisodeJSON]
    /// Custom and imported levels, oldest first.
    let custom: [StoredLevelJSON]
    /// The kit's limits, which the pages check and word their messages by.
    let rules = RouterRulesJSON()

    init(episodes: [Episode], stored: [StoredLevel]) {
        self.episodes = episodes.map { episode in
            EpisodeJSON(number: episode.number, name: episode.name, summary: episode.summary,
                        levels: episode.levelIDs.compactMap(LevelCatalog.level(id:)).map {
                            Summary(id: $0.id, name: $0.name, maxScore: $0.fullScore, blockly: $0.blocklyEnabled,
                                    python: $0.pythonEnabled)
                        })
        }
        custom = stored.map(StoredLevelJSON.init)
    }
}

/// The rules RouterKit owns that the pages need before the server is asked: the designer checks a
/// draft against them as it is drawn, the block editor bounds a procedure's name, and the level list
/// draws stars out of `maxStars`. Sent with the level list, so no page keeps a copy that could drift.
struct RouterRulesJSON: Encodable {
    struct Range: Encodable {
        let min: Int
        let max: Int

        init(_ range: ClosedRange<Int>) {
            min = range.lowerBound
            max = range.upperBound
        }
    }

    struct LevelRules: Encodable {
        var nameLength = LevelLimits.nameLength
        var roadTiles = LevelLimits.roadTiles
        var destinations = LevelLimits.destinations
        var trafficLights = LevelLimits.trafficLights
        var cowSquares = LevelLimits.cowSquares
        var fuel = Range(LevelLimits.fuelRange)
        var lightDuration = Range(LevelLimits.lightDurationRange)
        var blockLimit = Range(LevelLimits.blockLimitRange)
    }

    struct ProgramRules: Encodable {
        var nameLength = ProgramLimits.maxNameLength
        /// What a number block or a set/change field may hold.
        var numberRange = Range(ProgramLimits.numberRange)
        /// The most blocks a program may have.
        var maxBlocks = ProgramLimits.maxBlocks
    }

    var level = LevelRules()
    var program = ProgramRules()
    var maxStars = PlayerProgress.maxStars
}

/// A player's progress as stored (`PlayerProgress`'s coded form), with the stars each level has
/// earned beside it, computed by the kit, so the level list only draws them.
struct ProgressJSON: Encodable {
    let id: String
    let levels: [String: PlayerProgress.LevelResult.Shown]
    /// For a pupil reading their own progress: what their teacher has locked (absent otherwise).
    var locked: LockedJSON?

    init(_ progress: PlayerProgress) {
        id = progress.id
        levels = progress.levels.mapValues(PlayerProgress.LevelResult.Shown.init)
    }
}

/// `{"episodes": [2], "levels": ["14"], "message": …}`: a class's locks as its pupils see them.
struct LockedJSON: Encodable {
    let episodes: [Int]
    let levels: [String]
    let message: String

    init(_ locks: ClassLocks) {
        episodes = locks.episodes
        levels = locks.levels
        message = ClassLocks.pupilMessage
    }
}

struct ImportJSON: Encodable {
    let imported: [StoredLevelJSON]
    let problems: [LevelImport.Problem]
}

/// Runs a front end or the game, turning a `ProgramError` into the API's 400.
func mappingProgramErrors<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ProgramError { throw error.apiError }
}

/// `POST /api/router/programs/python`'s answer.
struct PythonViewJSON: Encodable {
    let python: String
    let blocks: Int
}
