import Foundation

/// A lesson guide for one of our episodes, as written in `Levels/guides/<language>.json` (an array
/// of 17, in episode order): what pupils learn, the new words, an unplugged warm-up, which levels
/// to do together and which to leave for the quick ones, two questions, an extension, and how the
/// episode joins the ones either side. Only teachers' words: maps and scores stay in the levels.
public struct LessonGuide: Codable, Hashable, Sendable {
    public struct Word: Codable, Hashable, Sendable {
        public var word: String
        public var meaning: String
    }

    public struct Levels: Codable, Hashable, Sendable {
        public var inClass: [String]
        public var quickOnes: [String]
    }

    public var episode: Int
    public var title: String
    public var goals: [String]
    public var words: [Word]
    public var unplugged: String
    public var levels: Levels
    public var questions: [String]
    public var extension_: String
    public var previous: String
    public var next: String

    private enum CodingKeys: String, CodingKey {
        case episode, title, goals, words, unplugged, levels, questions, previous, next
        case extension_ = "extension"
    }
}

extension LevelCatalog {
    /// The reference solution of our level `id`: the `program` object a run request sends
    /// (`{"blocks": …}`, or `{"python": "…"}` on Python levels), as JSON. The server reads it with
    /// the run request's reader; `LevelSolutionTests` runs every one at full marks.
    public static func referenceSolution(id: String) -> Data? { teaching.solutions[id] }

    /// The guide to episode `number` in `language`, or in English where that language has none,
    /// with the language it is really written in.
    public static func guide(episode number: Int, in language: TextLanguage) -> (guide: LessonGuide, language: TextLanguage)? {
        if let guide = teaching.guides[language]?[number] { return (guide, language) }
        return teaching.guides[.english]?[number].map { ($0, .english) }
    }

    /// What went wrong reading the solutions and guides; empty when all are sound (a test says so).
    public static var teachingProblems: [String] { teaching.problems }

    struct Teaching: Sendable {
        var solutions: [String: Data] = [:]
        var guides: [TextLanguage: [Int: LessonGuide]] = [:]
        var problems: [String] = []
    }

    private static let teaching: Teaching = {
        guard let folder = levelsFolder else { return Teaching(problems: ["the Levels resource folder is missing"]) }
        return loadTeaching(from: folder)
    }()

    /// Reads `solutions/<id>.json` for every catalog level and `guides/<code>.json` for every
    /// language. Never throws: a missing file is a problem line, and the rest still loads.
    static func loadTeaching(from folder: URL) -> Teaching {
        var result = Teaching()
        for level in levels {
            let url = folder.appendingPathComponent("solutions/\(level.id).json")
            if let data = try? Data(contentsOf: url) {
                result.solutions[level.id] = data
            } else {
                result.problems.append("solutions/\(level.id).json is missing")
            }
        }
        for language in TextLanguage.allCases {
            let file = "guides/\(language.rawValue).json"
            do {
                let guides = try JSONDecoder().decode([LessonGuide].self, from: Data(contentsOf: folder.appendingPathComponent(file)))
                result.guides[language] = Dictionary(guides.map { ($0.episode, $0) }, uniquingKeysWith: { first, _ in first })
                for episode in episodes {
                    guard let guide = result.guides[language]?[episode.number] else {
                        result.problems.append("\(file): no guide to episode \(episode.number)")
                        continue
                    }
                    if Set(guide.levels.inClass + guide.levels.quickOnes) != Set(episode.levelIDs) {
                        result.problems.append("\(file): episode \(episode.number)'s levels are not the episode's")
                    }
                }
            } catch {
                result.problems.append("\(file): \(error)")
            }
        }
        return result
    }
}
