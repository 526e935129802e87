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
    /// For our levels, the language their name, lesson and hint are in (`lang`), so the page can
    /// mark them; a person's own level may be in any language and says none.
    var textLanguage: TextLanguage? = nil

    private enum Key: String, CodingKey { case source, sourcePk, lang }

    /// Ours in `language` (`LevelCatalog.level(id:in:)`), nil when `id` is not one of ours.
    static func ours(_ id: String, in language: TextLanguage) -> LevelJSON? {
        guard let level = LevelCatalog.level(id: id, in: language) else { return nil }
        return LevelJSON(level: level, source: "tessera", sourcePk: nil,
                         textLanguage: LevelCatalog.textLanguage(ofLevel: id, asked: language))
    }

    /// One flat object: the level's fields with `source` and `sourcePk` (and `lang`) beside them.
    func encode(to encoder: any Encoder) throws {
        try level.encode(to: encoder)
        var json = encoder.container(keyedBy: Key.self)
        try json.encode(source, forKey: .source)
        if let sourcePk { try json.encode(sourcePk, forKey: .sourcePk) } else { try json.encodeNil(forKey: .sourcePk) }
        if let textLanguage { try json.encode(textLanguage.rawValue, forKey: .lang) }
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
        /// The language `name` and `summary` are in.
        let lang: String
        let levels: [Summary]
    }

    struct Summary: Encodable {
        let id: String
        let name: String
        /// The language `name` is in.
        let lang: String
        let maxScore: Int
        let blockly: Bool
        let python: Bool
    }

    let episodes: [EpisodeJSON]
    /// Custom and imported levels, oldest first.
    let custom: [StoredLevelJSON]
    /// The kit's limits, which the pages check and word their messages by.
    let rules = RouterRulesJSON()

    /// Our episodes with their and their levels' words in `language` (English where a text is missing).
    init(language: TextLanguage = .standard, stored: [StoredLevel]) {
        self.episodes = LevelCatalog.episodes(in: language).map { episode in
            EpisodeJSON(number: episode.number, name: episode.name, summary: episode.summary,
                        lang: LevelCatalog.textLanguage(ofEpisode: episode.number, asked: language).rawValue,
                        levels: episode.levelIDs.compactMap { LevelCatalog.level(id: $0, in: language) }.map {
                            Summary(id: $0.id, name: $0.name, lang: LevelCatalog.textLanguage(ofLevel: $0.id, asked: language).rawValue,
                                    maxScore: $0.fullScore, blockly: $0.blocklyEnabled, python: $0.pythonEnabled)
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

    init(_ locks: ClassLocks, language: TextLanguage = .standard) {
        episodes = locks.episodes
        levels = locks.levels
        message = ClassLocks.pupilMessage(in: language)
    }
}

struct ImportJSON: Encodable {
    /// One level that could not be imported: which, which field, and why in the asker's words.
    struct Problem: Encodable {
        let level: String
        let field: String
        let message: String
    }
    let imported: [StoredLevelJSON]
    let problems: [Problem]

    init(imported: [StoredLevelJSON], problems: [LevelImport.Problem], language: TextLanguage) {
        self.imported = imported
        self.problems = problems.map { Problem(level: $0.level, field: $0.field, message: $0.message(in: language)) }
    }
}

/// Runs a front end or the game, turning a `ProgramError` into the API's 422, said in `language`
/// (by default the request's, `ProgramLanguage.current`).
func mappingProgramErrors<T>(in language: TextLanguage = ProgramLanguage.current, _ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ProgramError {
        let api = error.apiError
        throw APIError(api.status, code: api.code, words: .made { error.message(in: TextLanguage(code: $0) ?? language) })
    }
}

/// The language a request's program problems are said in (`?lang=`). A task local, because a
/// run's Python is read while its body is decoded, before route code could hand the language on;
/// the routes that take `lang` set it around the decoding (and pass it on to work on other threads).
enum ProgramLanguage {
    @TaskLocal static var current: TextLanguage = .standard
}

/// `POST /api/router/programs/python`'s answer.
struct PythonViewJSON: Encodable {
    let python: String
    let blocks: Int
}
