import Foundation
import Languages

/// A lesson guide for one of our episodes: what pupils learn, the new words, an unplugged warm-up,
/// which levels to do together and which to leave for the quick ones, two questions, an extension,
/// and how the episode joins the ones either side. The words are the catalogues' `guides` area
/// (`catalogues/<code>/guides.json`: `guides.<episode>.title`, `.goals.1`…, `.words.1.word` and
/// `.meaning`…, `.unplugged`, `.questions.1`…, `.extension`, `.previous`, `.next`); which levels
/// go where is the same in every language (`Levels/guides.json`). Maps and scores stay in the levels.
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
        guard let levels = teaching.guideLevels[number] else { return nil }
        if !language.isEnglish, let guide = guide(number, levels: levels, in: language) { return (guide, language) }
        return guide(number, levels: levels, in: .english).map { ($0, .english) }
    }

    /// The guide from `language`'s own catalogue, nil when it has no title for it. Goals, words and
    /// questions are numbered from 1 and read until the first number it lacks.
    static func guide(_ number: Int, levels: LessonGuide.Levels, in language: TextLanguage) -> LessonGuide? {
        let prefix = "guides.\(number)."
        func own(_ key: String) -> String? { language.ownText(prefix + key) }
        func numbered(_ key: String) -> [String] {
            Array((1...).lazy.map { own("\(key).\($0)") }.prefix { $0 != nil }.compactMap { $0 })
        }
        guard let title = own("title") else { return nil }
        let words = Array((1...).lazy.map { index -> LessonGuide.Word? in
            guard let word = own("words.\(index).word"), let meaning = own("words.\(index).meaning") else { return nil }
            return LessonGuide.Word(word: word, meaning: meaning)
        }.prefix { $0 != nil }.compactMap { $0 })
        return LessonGuide(episode: number, title: title, goals: numbered("goals"), words: words,
                           unplugged: own("unplugged") ?? "", levels: levels, questions: numbered("questions"),
                           extension_: own("extension") ?? "", previous: own("previous") ?? "", next: own("next") ?? "")
    }

    /// What went wrong reading the solutions and guides; empty when all are sound (a test says so).
    public static var teachingProblems: [String] { teaching.problems }

    struct Teaching: Sendable {
        var solutions: [String: Data] = [:]
        /// By episode: which levels the guide does in class and which it leaves for the quick ones.
        var guideLevels: [Int: LessonGuide.Levels] = [:]
        var problems: [String] = []
    }

    private struct GuideLevels: Decodable {
        let episode: Int
        let levels: LessonGuide.Levels
    }

    private static let teaching: Teaching = {
        guard let folder = levelsFolder else { return Teaching(problems: ["the Levels resource folder is missing"]) }
        return loadTeaching(from: folder)
    }()

    /// Reads `solutions/<id>.json` for every catalog level and `guides.json`, and checks that every
    /// episode has an English guide. Never throws: a missing file is a problem line, and the rest
    /// still loads.
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
        do {
            let read = try JSONDecoder().decode([GuideLevels].self, from: Data(contentsOf: folder.appendingPathComponent("guides.json")))
            result.guideLevels = Dictionary(read.map { ($0.episode, $0.levels) }, uniquingKeysWith: { first, _ in first })
        } catch {
            result.problems.append("guides.json: \(error)")
        }
        for episode in episodes {
            guard let levels = result.guideLevels[episode.number] else {
                result.problems.append("guides.json: no guide to episode \(episode.number)")
                continue
            }
            if Set(levels.inClass + levels.quickOnes) != Set(episode.levelIDs) {
                result.problems.append("guides.json: episode \(episode.number)'s levels are not the episode's")
            }
            if guide(episode.number, levels: levels, in: .english) == nil {
                result.problems.append("the English catalogue has no guide to episode \(episode.number) (guides.\(episode.number).title)")
            }
        }
        return result
    }
}
