import Foundation
import Languages

/// Our levels' and episodes' words in any language: the catalogues' `levels` area
/// (`catalogues/<code>/levels.json`):
///
///     {"episode": {"1": {"name": …, "summary": …}},
///      "level": {"5": {"name": …, "lesson": …, "hint": …}}}
///
/// English is written with the maps (scripts/levels/*.toml, generated into `Levels/<id>.json` and
/// `episodes.json`); scripts/router_levels.py writes the English catalogue's `levels.json` from the
/// same source, so the level files and the catalogue never disagree. Only words: a translation can
/// never change a map, a toolbox or a score. A text a language lacks falls back to English, and
/// `textLanguage(...)` says which language a caller really got, so a page can mark the words with
/// the language they are in.
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

extension LevelCatalog {
    /// Our level `id` with its name, lesson and hint in `language` (English where that language
    /// has no text for it); nil when it is not one of ours.
    public static func level(id: String, in language: TextLanguage) -> Level? {
        guard var level = level(id: id) else { return nil }
        if let texts = texts(ofLevel: id, in: language) {
            (level.name, level.lesson, level.hint) = (texts.name, texts.lesson, texts.hint)
        }
        return level
    }

    /// The words `language`'s catalogue has for level `id` (all three, or nil).
    public static func texts(ofLevel id: String, in language: TextLanguage) -> LevelTexts? {
        guard !language.isEnglish, let name = language.ownText("levels.level.\(id).name"),
              let lesson = language.ownText("levels.level.\(id).lesson"),
              let hint = language.ownText("levels.level.\(id).hint") else { return nil }
        return LevelTexts(name: name, lesson: lesson, hint: hint)
    }

    /// The episodes in playing order with their names and summaries in `language`.
    public static func episodes(in language: TextLanguage) -> [Episode] {
        episodes.map { episode in
            guard !language.isEnglish, let name = language.ownText("levels.episode.\(episode.number).name"),
                  let summary = language.ownText("levels.episode.\(episode.number).summary") else { return episode }
            var translated = episode
            (translated.name, translated.summary) = (name, summary)
            return translated
        }
    }

    /// The language `level(id:in:)` really answers level `id`'s words in.
    public static func textLanguage(ofLevel id: String, asked language: TextLanguage) -> TextLanguage {
        texts(ofLevel: id, in: language) == nil ? .english : language
    }

    /// The language `episodes(in:)` really answers episode `number`'s words in.
    public static func textLanguage(ofEpisode number: Int, asked language: TextLanguage) -> TextLanguage {
        language.ownText("levels.episode.\(number).name") == nil ? .english : language
    }

    /// The English catalogue's `levels` area as the level files say it (scripts/router_levels.py
    /// writes the same; a test compares them).
    public static var englishTexts: [String: String] {
        var flat: [String: String] = [:]
        for episode in episodes {
            flat["levels.episode.\(episode.number).name"] = episode.name
            flat["levels.episode.\(episode.number).summary"] = episode.summary
        }
        for level in levels {
            flat["levels.level.\(level.id).name"] = level.name
            flat["levels.level.\(level.id).lesson"] = level.lesson
            flat["levels.level.\(level.id).hint"] = level.hint
        }
        return flat
    }
}
