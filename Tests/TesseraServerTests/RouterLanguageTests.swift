import Foundation
import HTTPTypes
import HummingbirdTesting
import RouterKit
import Testing
@testable import TesseraServer

/// `?lang=` on the routes that carry our levels' words: the level list and one level answer them
/// in Spanish when asked, say which language they are in, and refuse a language we do not have.
@Suite struct RouterLanguageTests {
    @Test func theLevelListIsInTheAskedLanguage() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let english = try #require(try await client.call(.get, "/api/router/episodes").body["episodes"] as? [[String: Any]])
            let spanish = try #require(try await client.call(.get, "/api/router/episodes?lang=es").body["episodes"] as? [[String: Any]])
            #expect(english.count == spanish.count && spanish.count >= 15)
            let first = try #require(spanish.first)
            #expect(first["name"] as? String == "Primeros pasos")
            #expect(first["lang"] as? String == "es")
            #expect(english.first?["name"] as? String == LevelCatalog.episodes.first?.name)
            #expect(english.first?["lang"] as? String == "en")
            for (mine, theirs) in zip(spanish, english) {
                #expect(mine["number"] as? Int == theirs["number"] as? Int)
                #expect(mine["name"] as? String != theirs["name"] as? String)
                #expect(mine["summary"] as? String != theirs["summary"] as? String)
                let levels = try #require(mine["levels"] as? [[String: Any]])
                let englishLevels = try #require(theirs["levels"] as? [[String: Any]])
                #expect(levels.map { $0["id"] as? String } == englishLevels.map { $0["id"] as? String })
                for (level, englishLevel) in zip(levels, englishLevels) {
                    #expect(level["lang"] as? String == "es")
                    #expect(level["name"] as? String != englishLevel["name"] as? String)
                    #expect(level["maxScore"] as? Int == englishLevel["maxScore"] as? Int)
                }
            }
            #expect(try await client.call(.get, "/api/router/episodes?lang=en").body["episodes"] as? NSArray == english as NSArray)
        }
    }

    @Test func oneOfOurLevelsIsInTheAskedLanguage() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let english = try await client.call(.get, "/api/router/levels/1")
            let spanish = try await client.call(.get, "/api/router/levels/1?lang=es")
            #expect(english.status == .ok && spanish.status == .ok)
            #expect(english.body["lang"] as? String == "en")
            #expect(spanish.body["lang"] as? String == "es")
            let level = try #require(LevelCatalog.level(id: "1", in: .spanish))
            #expect(spanish.body["name"] as? String == level.name)
            #expect(spanish.body["lesson"] as? String == level.lesson)
            #expect(spanish.body["hint"] as? String == level.hint)
            #expect(english.body["lesson"] as? String == LevelCatalog.level(id: "1")?.lesson)
            // Only the words differ: the road is the same.
            #expect(spanish.body["road"] as? NSArray == english.body["road"] as? NSArray)
        }
    }

    /// A person's own level is in their words, whatever language the page asks for, and says none.
    @Test func aStoredLevelKeepsItsAuthorsWords() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let created = try await client.call(.post, "/api/router/levels", json: RouterAPITests.straightLevel, ownerKey: LevelSharingAPITests.keyA)
            let id = try #require(created.body["id"] as? String)
            let english = try await client.call(.get, "/api/router/levels/\(id)", ownerKey: LevelSharingAPITests.keyA)
            let spanish = try await client.call(.get, "/api/router/levels/\(id)?lang=es", ownerKey: LevelSharingAPITests.keyA)
            #expect(spanish.status == .ok)
            #expect(spanish.body["name"] as? String == english.body["name"] as? String)
            #expect(spanish.body["lang"] == nil)
        }
    }

    @Test func anUnknownLanguageIsRefused() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            for path in ["/api/router/episodes?lang=tlh", "/api/router/levels/1?lang=e", "/api/router/levels/1?lang="] {
                let answer = try await client.call(.get, path)
                #expect(answer.status == .badRequest, "\(path)")
                #expect(errorCode(answer.body) == "bad_language", "\(path)")
            }
        }
    }
}
