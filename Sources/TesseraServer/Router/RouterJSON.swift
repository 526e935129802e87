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

    init(episodes: [Episode], stored: [StoredLevel]) {
        self.episodes = episodes.map { episode in
            EpisodeJSON(number: episode.number, name: episode.name, summary: episode.summary,
                        levels: episode.levelIDs.compactMap(LevelCatalog.level(id:)).map {
                            Summary(id: $0.id, name: $0.name, maxScore: $0.scoring.max, blockly: $0.blocklyEnabled,
                                    python: $0.pythonEnabled)
                        })
        }
        custom = stored.map(StoredLevelJSON.init)
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
