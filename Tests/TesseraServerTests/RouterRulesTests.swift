import Foundation
import HTTPTypes
import HummingbirdTesting
import RouterKit
import Testing
@testable import TesseraServer

/// The rules the pages need (limits, stars) come from RouterKit through the API, so no page keeps
/// a copy: the level list carries the kit's limits, the progress the stars the kit computed.
@Suite struct RouterRulesTests {
    @Test func theLevelListCarriesTheKitsLimits() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let answer = try await client.call(.get, "/api/router/episodes")
            let rules = try #require(answer.body["rules"] as? [String: Any])
            let level = try #require(rules["level"] as? [String: Any])
            #expect(level["nameLength"] as? Int == LevelLimits.nameLength)
            #expect(level["roadTiles"] as? Int == LevelLimits.roadTiles)
            #expect(level["destinations"] as? Int == LevelLimits.destinations)
            #expect(level["trafficLights"] as? Int == LevelLimits.trafficLights)
            #expect(level["cowSquares"] as? Int == LevelLimits.cowSquares)
            for (name, range) in [("fuel", LevelLimits.fuelRange), ("lightDuration", LevelLimits.lightDurationRange),
                                  ("blockLimit", LevelLimits.blockLimitRange)] {
                let sent = try #require(level[name] as? [String: Any], "\(name)")
                #expect(sent["min"] as? Int == range.lowerBound, "\(name)")
                #expect(sent["max"] as? Int == range.upperBound, "\(name)")
            }
            let program = try #require(rules["program"] as? [String: Any])
            #expect(program["nameLength"] as? Int == ProgramLimits.maxNameLength)
            #expect(program["maxBlocks"] as? Int == ProgramLimits.maxBlocks)
            let numbers = try #require(program["numberRange"] as? [String: Any])
            #expect(numbers["min"] as? Int == ProgramLimits.numberRange.lowerBound)
            #expect(numbers["max"] as? Int == ProgramLimits.numberRange.upperBound)
            #expect(rules["maxStars"] as? Int == PlayerProgress.maxStars)
        }
    }

    /// The limits sent are the ones `validate()` holds a level to: one over the fuel sent is refused.
    @Test func theSentFuelLimitIsTheOneTheServerEnforces() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let rules = try #require(try await client.call(.get, "/api/router/episodes").body["rules"] as? [String: Any])
            let fuel = try #require((rules["level"] as? [String: Any])?["fuel"] as? [String: Any])
            let most = try #require(fuel["max"] as? Int)
            for (value, status) in [(most, HTTPResponse.Status.created), (most + 1, .unprocessableContent)] {
                let level = RouterAPITests.straightLevel.replacingOccurrences(of: #""maxFuel": 50"#, with: #""maxFuel": \#(value)"#)
                #expect(try await client.call(.post, "/api/router/levels", json: level, ownerKey: LevelSharingAPITests.keyA).status == status, "maxFuel \(value)")
            }
        }
    }

    /// Each level's progress carries the stars `PlayerProgress` gives it, beside the stored fields.
    @Test func progressCarriesTheKitsStars() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let id = try #require(try await client.call(.post, "/api/router/levels", json: RouterAPITests.straightLevel, ownerKey: LevelSharingAPITests.keyA).body["id"] as? String)
            let player = "stars-player-01"
            let fail: [String: Any] = ["program": ["blocks": [["type": "move_forwards"]]], "player": player]
            #expect(try await client.call(.post, "/api/router/levels/\(id)/runs", json: try RouterAPITests.body(fail), ownerKey: LevelSharingAPITests.keyA).status == .ok)
            var progress = try await client.call(.get, "/api/router/players/\(player)/progress")
            var result = try #require((progress.body["levels"] as? [String: Any])?[id] as? [String: Any])
            #expect(result["stars"] as? Int == 0)
            #expect(result["solved"] as? Bool == false)

            let win: [String: Any] = ["program": ["blocks": [["type": "controls_repeat", "times": 2, "do": [["type": "move_forwards"]]]]],
                                      "player": player]
            #expect(try await client.call(.post, "/api/router/levels/\(id)/runs", json: try RouterAPITests.body(win), ownerKey: LevelSharingAPITests.keyA).status == .ok)
            progress = try await client.call(.get, "/api/router/players/\(player)/progress")
            result = try #require((progress.body["levels"] as? [String: Any])?[id] as? [String: Any])
            let kit = PlayerProgress.LevelResult(best: try #require(result["best"] as? Int), max: try #require(result["max"] as? Int),
                                                 attempts: 2, solved: try #require(result["solved"] as? Bool), seconds: 0)
            #expect(result["stars"] as? Int == kit.stars)
            #expect(kit.stars == PlayerProgress.maxStars)
            #expect(result["attempts"] as? Int == 2)
        }
    }

    /// Half the score (rounded up) is two stars, less is one: the page shows what the kit says.
    @Test func storedProgressIsAnsweredWithStarsForEveryLevel() throws {
        var progress = PlayerProgress(id: "player-0001")
        progress.record(levelID: "a", score: 10, max: 20, solved: true, seconds: 1)
        progress.record(levelID: "b", score: 9, max: 20, solved: true, seconds: 1)
        progress.record(levelID: "c", score: 20, max: 20, solved: false, seconds: 1)
        let data = try JSONEncoder().encode(ProgressJSON(progress))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let levels = try #require(json["levels"] as? [String: [String: Any]])
        #expect(levels["a"]?["stars"] as? Int == 2)
        #expect(levels["b"]?["stars"] as? Int == 1)
        #expect(levels["c"]?["stars"] as? Int == 0)
        #expect(levels["a"]?["best"] as? Int == 10 && levels["a"]?["attempts"] as? Int == 1)
        // The stored form stays as it was: the stars are only in the answer.
        let stored = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(progress)) as? [String: Any])
        #expect(((stored["levels"] as? [String: [String: Any]])?["a"])?["stars"] == nil)
    }
}
