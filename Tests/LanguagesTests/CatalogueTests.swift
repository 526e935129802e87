import Foundation
import Testing
@testable import Languages

/// The shipped catalogues: every one reads, every language has English's keys with the same
/// arguments, and a language added as a file (no code) is found, chosen and spoken.
@Suite struct CatalogueTests {
    static let shipped = Catalogues.load()

    @Test func everyShippedCatalogueReads() {
        #expect(Self.shipped.problems == [])
        #expect(Self.shipped.languages.first?.code == "en")
        #expect(Self.shipped.catalogues["en-XA"] != nil)
        #expect(!Self.shipped.languages.contains { $0.code == "en-XA" })
    }

    @Test func everyLanguageHasEnglishsKeysWithTheSameArguments() throws {
        let english = try #require(Self.shipped.catalogues["en"])
        for language in Self.shipped.languages where language.code != "en" {
            let catalogue = try #require(Self.shipped.catalogues[language.code])
            let missing = Set(english.messages.keys).subtracting(catalogue.messages.keys).sorted()
            let extra = Set(catalogue.messages.keys).subtracting(english.messages.keys).sorted()
            #expect(missing == [], "\(language.code) lacks \(missing.prefix(20))")
            #expect(extra == [], "\(language.code) has keys English does not: \(extra.prefix(20))")
            for (key, message) in english.messages {
                guard let translated = catalogue.messages[key] else { continue }
                #expect(translated.argumentNames == message.argumentNames, "\(language.code) \(key)")
            }
        }
    }

    @Test func aLanguageAddedAsAFileIsSpokenWithNoCodeChange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let welsh = #"""
        {"language": {"code": "cy", "name": "Cymraeg", "dir": "ltr",
                      "plural": {"zero": "n = 0", "one": "n = 1", "two": "n = 2", "few": "n = 3", "many": "n = 6"}},
         "messages": {"test": {"squares": "{count, plural, zero {dim sgwâr} one {# sgwâr} two {# sgwâr} few {# sgwâr} many {# sgwâr} other {# sgwâr}}"}}}
        """#
        try Data(welsh.utf8).write(to: folder.appendingPathComponent("cy.json"))
        let loaded = Catalogues.load(extraFolder: folder)
        #expect(loaded.languages.map(\.code).contains("cy"))
        #expect(loaded.text("test.squares", ["count": 0], language: "cy") == "dim sgwâr")
        #expect(loaded.negotiate(asked: nil, acceptLanguage: "cy-GB;q=0.9, fr;q=0.8") == "cy")
    }

    @Test func theLanguageIsTheAskedOneThenTheBrowsersBestThenEnglish() {
        let words = Self.shipped
        #expect(words.negotiate(asked: "es", acceptLanguage: "en") == "es")
        #expect(words.negotiate(asked: "EN-xa", acceptLanguage: nil) == "en-XA")
        #expect(words.negotiate(asked: "xx", acceptLanguage: "es-MX,es;q=0.9,en;q=0.5") == "es")
        #expect(words.negotiate(asked: nil, acceptLanguage: "tlh;q=0.9, es;q=0.2") == "es")
        #expect(words.negotiate(asked: nil, acceptLanguage: "es;q=0, en") == "en")
        #expect(words.negotiate(asked: nil, acceptLanguage: String(repeating: "x", count: 5000)) == "en")
        #expect(words.negotiate(asked: nil, acceptLanguage: nil) == "en")
    }

    @Test func theJSONPagesLoadIsTheCatalogueNestedAgain() throws {
        let spanish = try #require(Self.shipped.catalogues["es"])
        let object = try #require(try JSONSerialization.jsonObject(with: spanish.json) as? [String: Any])
        #expect((object["language"] as? [String: Any])?["dir"] as? String == "ltr")
        let pseudo = try #require(Self.shipped.catalogues["en-XA"])
        #expect(pseudo.messages.count == Self.shipped.catalogues["en"]?.messages.count)
        #expect(pseudo.text("router.print.common.print")?.hasPrefix("⟦") == true)
    }
}
