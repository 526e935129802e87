import Foundation
import Testing
import Languages
@testable import RouterKit

/// Our levels in every language: complete, really translated, and only the words change.
@Suite struct LevelTextsTests {
    /// Words that are the same in English and another language by nature: a programming language,
    /// a hint that is all code, words a language has borrowed ("Countdown" in German, "Grand tour" in French).
    static let sameByNature: Set<String> = [
        "Python", "Countdown", "Grand tour",
        "while not my_van.at_destination(): if my_van.is_road_forward(): … elif my_van.is_road_left(): … else: …",
    ]

    @Test func theEnglishCatalogueSaysWhatTheLevelFilesSay() {
        // scripts/router_levels.py writes both from scripts/levels/*.toml.
        let catalogue = Catalogues.current.catalogues[Catalogues.english]
        for (key, english) in LevelCatalog.englishTexts {
            #expect(catalogue?.text(key) == english, "\(key)")
        }
        #expect(Set(catalogue?.messages.keys.filter { $0.hasPrefix("levels.") } ?? []) == Set(LevelCatalog.englishTexts.keys))
    }

    @Test(arguments: TextLanguage.allCases.filter { $0 != .english })
    func everyLevelHasItsOwnWords(_ language: TextLanguage) throws {
        #expect(LevelCatalog.levels.count >= 120)
        for english in LevelCatalog.levels {
            let translated = try #require(LevelCatalog.level(id: english.id, in: language))
            let texts = try #require(LevelCatalog.texts(ofLevel: english.id, in: language), "level \(english.id) has no \(language) texts")
            #expect(LevelCatalog.textLanguage(ofLevel: english.id, asked: language) == language)
            for (field, mine, theirs) in [("name", translated.name, english.name), ("lesson", translated.lesson, english.lesson),
                                          ("hint", translated.hint, english.hint)] {
                #expect(!mine.trimmingCharacters(in: .whitespaces).isEmpty, "level \(english.id) \(field) is empty")
                #expect(mine != theirs || Self.sameByNature.contains(mine), "level \(english.id) \(field) is still English: \(mine)")
            }
            #expect(texts.name == translated.name)
            // Only the words change: the map, toolbox and scoring are the English level's.
            var back = translated
            (back.name, back.lesson, back.hint) = (english.name, english.lesson, english.hint)
            #expect(back == english)
        }
    }

    @Test(arguments: TextLanguage.allCases.filter { $0 != .english })
    func everyEpisodeHasItsOwnWords(_ language: TextLanguage) {
        let english = LevelCatalog.episodes
        let translated = LevelCatalog.episodes(in: language)
        #expect(english.count >= 15 && translated.count == english.count)
        for (mine, theirs) in zip(translated, english) {
            #expect(mine.number == theirs.number && mine.levelIDs == theirs.levelIDs)
            #expect(!mine.name.isEmpty && !mine.summary.isEmpty)
            #expect(mine.name != theirs.name || Self.sameByNature.contains(mine.name), "episode \(mine.number) name is still English")
            #expect(mine.summary != theirs.summary, "episode \(mine.number) summary is still English")
            #expect(LevelCatalog.textLanguage(ofEpisode: mine.number, asked: language) == language)
        }
    }

    @Test func englishIsTheLevelFilesOwnWords() throws {
        #expect(LevelCatalog.level(id: "5", in: .english) == LevelCatalog.level(id: "5"))
        #expect(LevelCatalog.episodes(in: .english) == LevelCatalog.episodes)
        #expect(LevelCatalog.level(id: "custom-nope", in: .spanish) == nil)
        let spanish = try #require(LevelCatalog.level(id: "1", in: .spanish))
        #expect(spanish.name == "Primer viaje")
        #expect(spanish.lesson.contains("«Avanzar»"))
    }

    @Test func aLanguageWithoutLevelWordsAnswersEnglishAndSaysSo() throws {
        // An id that is not ours has no words in any language.
        #expect(LevelCatalog.texts(ofLevel: "custom-nope", in: .spanish) == nil)
        #expect(LevelCatalog.textLanguage(ofLevel: "custom-nope", asked: .spanish) == .english)
    }
}
