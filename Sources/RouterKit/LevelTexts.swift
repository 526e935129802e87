import Foundation

/// Our levels' and episodes' words in another language than English. English lives in the level
/// files themselves (`Levels/<id>.json`, `episodes.json`), written with the maps; every other
/// language has one file, `Levels/texts/<code>.json`:
///
///     {"language": "es",
///      "episodes": {"1": {"name": …, "summary": …}},
///      "levels": {"5": {"name": …, "lesson": …, "hint": …}}}
///
/// Only words: a translation can never change a map, a toolbox or a score. A text missing from a
/// file falls back to English, and `textLanguage(...)` says which language a caller really got, so
/// a page can mark the words with the language they are in. A test requires every catalog level
/// and episode to have every text in every language, and `problems` to be empty.
public struct LevelTexts: Codable, Hashable, Sendable {
    public var name: String
    public var lesson: String
    public var hint: String

    public init(name: String, lesson: String, hint: String) {
        self.name = name
        self.lesson = lesson
        self.hint = hint
    }
}

public struct EpisodeTexts: Codable, Hashable, Sendable {
    public var name: String
    /// The one line the level picker shows under the name.
    public var summary: String
}

/// One language's file.
public struct LevelTextsFile: Codable, Sendable {
    public var language: String
    public var episodes: [String: EpisodeTexts]
    public var levels: [String: LevelTexts]
}

extension LevelCatalog {
    /// Our level `id` with its name, lesson and hint in `language` (English where that language
    /// has no text for it); nil when it is not one of ours.
    public static func level(id: String, in language: TextLanguage) -> Level? {
        guard var level = level(id: id) else { return nil }
        if let texts = translations.files[language]?.levels[id] {
            level.name = texts.name
            level.lesson = texts.lesson
            level.hint = texts.hint
        }
        return level
    }

    /// The episodes in playing order with their names and summaries in `language`.
    public static func episodes(in language: TextLanguage) -> [Episode] {
        episodes.map { episode in
            guard let texts = translations.files[language]?.episodes[String(episode.number)] else { return episode }
            var translated = episode
            translated.name = texts.name
            translated.summary = texts.summary
            return translated
        }
    }

    /// The language `level(id:in:)` really answers level `id`'s words in.
    public static func textLanguage(ofLevel id: String, asked language: TextLanguage) -> TextLanguage {
        translations.files[language]?.levels[id] == nil ? .english : language
    }

    /// The language `episodes(in:)` really answers episode `number`'s words in.
    public static func textLanguage(ofEpisode number: Int, asked language: TextLanguage) -> TextLanguage {
        translations.files[language]?.episodes[String(number)] == nil ? .english : language
    }

    /// The file of one language as it was read (nil for English, whose words are in the levels).
    public static func texts(in language: TextLanguage) -> LevelTextsFile? { translations.files[language] }

    /// What went wrong reading the text files, one readable line each; empty when all are sound.
    public static var textProblems: [String] { translations.problems }

    // MARK: Loading

    struct Translations: Sendable {
        var files: [TextLanguage: LevelTextsFile] = [:]
        var problems: [String] = []
    }

    private static let translations: Translations = {
        guard let folder = levelsFolder?.appendingPathComponent("texts") else {
            return Translations(problems: ["the Levels resource folder is missing"])
        }
        return loadTexts(from: folder)
    }()

    /// Reads `<code>.json` for every language but English. Never throws: problems are collected,
    /// and a language whose file is missing or unreadable simply answers in English.
    static func loadTexts(from folder: URL) -> Translations {
        var result = Translations()
        for language in TextLanguage.allCases where language != .english {
            let file = "texts/\(language.rawValue).json"
            do {
                let read = try JSONDecoder().decode(LevelTextsFile.self,
                                                    from: Data(contentsOf: folder.appendingPathComponent("\(language.rawValue).json")))
                if read.language != language.rawValue {
                    result.problems.append("\(file): it says language \"\(read.language)\"")
                }
                for (id, texts) in read.levels where [texts.name, texts.lesson, texts.hint].contains(where: \.isBlank) {
                    result.problems.append("\(file): level \(id) has an empty text")
                }
                for (number, texts) in read.episodes where texts.name.isBlank || texts.summary.isBlank {
                    result.problems.append("\(file): episode \(number) has an empty text")
                }
                result.files[language] = read
            } catch {
                result.problems.append("\(file): \(error)")
            }
        }
        return result
    }
}

private extension String {
    var isBlank: Bool { trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
}
