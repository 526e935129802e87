import Foundation
import Testing
@testable import RouterKit

/// Our levels in every language: complete, really translated, and only the words change.
@Suite struct LevelTextsTests {
    /// Words that are the same in English and Spanish by nature (a name, a programming language).
    static let sameByNature: Set<String> = []

    @Test func theTextFilesReadCleanly() {
        #expect(LevelCatalog.textProblems == [])
        for language in TextLanguage.allCases where language != .english {
            #expect(LevelCatalog.texts(in: language) != nil, "no texts/\(language.rawValue).json")
        }
    }

    @Test(arguments: TextLanguage.allCases.filter { $0 != .english })
    func everyLevelHasItsOwnWords(_ language: TextLanguage) throws {
        let file = try #require(LevelCatalog.texts(in: language))
        #expect(LevelCatalog.levels.count >= 120)
        for english in LevelCatalog.levels {
            let translated = try #require(LevelCatalog.level(id: english.id, in: language))
            let texts = try #require(file.levels[english.id], "level \(english.id) has no \(language.rawValue) texts")
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
        // Nothing in the file for a level that is not ours.
        #expect(Set(file.levels.keys).subtracting(LevelCatalog.levels.map(\.id)) == [])
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

    @Test func aMissingOrBrokenFileIsAProblemNotACrash() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(LevelCatalog.loadTexts(from: folder).problems.count == 1)
        try Data(#"{"language": "es", "episodes": {}, "levels": {"1": {"name": " ", "lesson": "a", "hint": "b"}}}"#.utf8)
            .write(to: folder.appendingPathComponent("es.json"))
        let read = LevelCatalog.loadTexts(from: folder)
        #expect(read.problems == ["texts/es.json: level 1 has an empty text"])
    }
}
