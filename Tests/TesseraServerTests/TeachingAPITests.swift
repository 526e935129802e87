import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RouterKit
import Testing
@testable import TesseraServer

/// What a teacher teaches with (issue 36): every level's answer (teachers only), the lesson
/// guides, who in the class needs help now, a pupil's last attempts, and the class's solutions to
/// one level grouped by shape. Who may ask is in `AuthorizationMatrixTests`.
@Suite struct TeachingAPITests {
    static let fails = #"{"program":{"blocks":[{"type":"turn_left"}]},"seconds":2}"#

    static func run(_ program: String) -> String { #"{"program":\#(program),"seconds":4}"# }

    static func reference(_ id: String) throws -> String {
        String(decoding: try #require(LevelCatalog.referenceSolution(id: id)), as: UTF8.self)
    }

    @Test func everyLevelOfOursHasAnAnswerThatDeliversAtFullMarks() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let teacher = try await ClassAPITests.teacher(client)
            for level in LevelCatalog.levels {
                let answer = try await teacher.send(client, .get, "/api/router/levels/\(level.id)/solution")
                #expect(answer.status == .ok, "level \(level.id): \(answer.body)")
                let run = try #require(answer.body["run"] as? [String: Any])
                let score = try #require(run["score"] as? [String: Any])
                #expect((run["outcome"] as? [String: Any])?["success"] as? Bool == true, "level \(level.id)")
                #expect(score["total"] as? Int == score["max"] as? Int, "level \(level.id)")
                #expect((answer.body["python"] as? String)?.contains("Van()") == true, "level \(level.id)")
                #expect((answer.body["program"] is NSNull) == !level.blocklyEnabled, "level \(level.id)")
                #expect(answer.body["blockCount"] as? Int == run["blockCount"] as? Int)
            }
            #expect(LevelCatalog.teachingProblems == [])
        }
    }

    @Test func theGuideToAnEpisodeIsReadInEnglishOrSpanish() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let reader = AuthAPITests.Browser()
            let english = try await reader.send(client, .get, "/api/router/episodes/3/guide")
            let spanish = try await reader.send(client, .get, "/api/router/episodes/3/guide?lang=es")
            for (guide, language) in [(english, "en"), (spanish, "es")] {
                #expect(guide.status == .ok && guide.body["language"] as? String == language)
                #expect((2...4).contains((guide.body["goals"] as? [String])?.count ?? 0))
                #expect((guide.body["questions"] as? [String])?.count == 2)
                let levels = try #require(guide.body["levels"] as? [String: [[String: Any]]])
                let ids = (levels["inClass"] ?? []) + (levels["quickOnes"] ?? [])
                #expect(Set(ids.compactMap { $0["id"] as? String }) == Set(LevelCatalog.episodes[2].levelIDs))
                #expect(!(guide.body["unplugged"] as? String ?? "").isEmpty && !(guide.body["extension"] as? String ?? "").isEmpty)
            }
            #expect(english.body["title"] as? String == "Loops" && spanish.body["title"] as? String != "Loops")
            for bad in ["0", "18", "three", String(repeating: "9", count: 20)] {
                #expect(try await reader.send(client, .get, "/api/router/episodes/\(bad)/guide").status == .notFound, "\(bad)")
            }
            #expect(try await reader.send(client, .get, "/api/router/episodes/3/guide?lang=tlh").status == .badRequest)
        }
    }

    /// Three failures on level 5 make Sam stuck, first in the list; a success ends it.
    @Test func aPupilWhoFailsThreeTimesIsStuckUntilTheySucceed() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let (teacher, sam) = (try #require(world.browsers[.teacher]), try #require(world.browsers[.pupil]))
            let path = "/api/classes/\(world.classA)/activity"
            func states() async throws -> [(name: String, state: String, level: String?, failures: Int)] {
                let answer = try await teacher.send(client, .get, path)
                #expect(answer.status == .ok)
                return (answer.body["pupils"] as? [[String: Any]] ?? []).map {
                    ($0["name"] as? String ?? "", $0["state"] as? String ?? "", $0["level"] as? String, $0["failures"] as? Int ?? -1)
                }
            }
            // Sam signed in (a session), Ana never did.
            #expect(try await states().map { "\($0.name) \($0.state)" } == ["Sam playing", "Ana away"])
            for _ in 0..<2 { #expect(try await sam.send(client, .post, "/api/router/levels/5/runs", json: Self.fails).status == .ok) }
            #expect(try await states().first?.state == "playing")
            #expect(try await sam.send(client, .post, "/api/router/levels/5/runs", json: Self.fails).status == .ok)
            let stuck = try await states()
            #expect(stuck.first?.name == "Sam" && stuck.first?.state == "stuck" && stuck.first?.level == "5" && stuck.first?.failures == 3)
            let levelName = try await teacher.send(client, .get, path).body["pupils"] as? [[String: Any]]
            #expect(levelName?.first?["levelName"] as? String == LevelCatalog.level(id: "5")?.name)
            #expect(try await sam.send(client, .post, "/api/router/levels/5/runs", json: Self.run(try Self.reference("5"))).status == .ok)
            let after = try await states()
            #expect(after.first?.name == "Sam" && after.first?.state == "playing" && after.first?.level == "5")
        }
    }

    /// Two pupils solve level 13 in two ways: two groups, the shorter first, names only when asked.
    @Test func theClassSolutionsAreGroupedByShapeAndAnonymousUnlessAsked() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let (teacher, sam) = (try #require(world.browsers[.teacher]), try #require(world.browsers[.pupil]))
            let pupils = try await ClassAPITests.addPupils(client, teacher, classID: world.classA, ["Lee", "Mo"])
            let code = try #require(try await teacher.send(client, .get, "/api/classes").body["classes"] as? [[String: Any]])
                .first { $0["id"] as? String == world.classA }?["code"] as? String
            var browsers = [sam]
            for pupil in pupils {
                let browser = AuthAPITests.Browser()
                let body = #"{"classCode":"\#(code ?? "")","name":"\#(pupil["name"] as? String ?? "")","password":"\#(pupil["password"] as? String ?? "")"}"#
                #expect(try await browser.send(client, .post, "/api/auth/login", json: body).status == .ok)
                browsers.append(browser)
            }
            let long = #"{"blocks":[\#(Array(repeating: #"{"type":"move_forwards"}"#, count: 8).joined(separator: ","))]}"#
            // Sam and Lee the short way (Lee's ids differ: the same shape), Mo the long way.
            let short = #"{"blocks":[{"type":"controls_repeat","id":"r1","times":8,"do":[{"type":"move_forwards","id":"m1"}]}]}"#
            for (browser, program) in zip(browsers, [try Self.reference("13"), short, long]) {
                #expect(try await browser.send(client, .post, "/api/router/levels/13/runs", json: Self.run(program)).status == .ok)
            }
            #expect(try await browsers[2].send(client, .post, "/api/router/levels/13/runs", json: Self.fails).status == .ok,
                    "a later failure keeps Mo's best")
            let path = "/api/classes/\(world.classA)/levels/13/solutions"
            let anonymous = try await teacher.send(client, .get, path)
            #expect(anonymous.status == .ok && anonymous.body["pupils"] as? Int == 4)
            let groups = try #require(anonymous.body["groups"] as? [[String: Any]])
            #expect(groups.map { $0["label"] as? String } == ["A", "B"])
            #expect(groups.map { $0["count"] as? Int } == [2, 1])
            #expect(groups.map { $0["blockCount"] as? Int } == [2, 8])
            #expect(groups.allSatisfy { $0["names"] is NSNull && $0["run"] is [String: Any] && $0["program"] is [String: Any] })
            let named = try await teacher.send(client, .get, path + "?names=true").body["groups"] as? [[String: Any]]
            #expect(named?.map { $0["names"] as? [String] } == [["Lee", "Sam"], ["Mo"]])
            #expect(try await teacher.send(client, .get, path + "?names=yes").status == .badRequest)
            #expect(try await teacher.send(client, .get, "/api/classes/\(world.classA)/levels/no-such/solutions").status == .notFound)
        }
    }

    /// A pupil's last attempts, newest first, each one replayed on request.
    @Test func aPupilsLastAttemptsAreListedAndOneReplays() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let (teacher, sam) = (try #require(world.browsers[.teacher]), try #require(world.browsers[.pupil]))
            for body in [Self.fails, Self.run(try Self.reference("5")), Self.fails] {
                #expect(try await sam.send(client, .post, "/api/router/levels/5/runs", json: body).status == .ok)
            }
            let player = "acct-" + (try await ScoreboardAPITests.accountID(client, sam))
            let saved = try await teacher.send(client, .get, "/api/router/players/\(player)/programs/5")
            let attempts = try #require(saved.body["attempts"] as? [[String: Any]])
            #expect(attempts.map { $0["n"] as? Int } == [0, 1, 2])
            #expect(attempts.map { $0["success"] as? Bool } == [false, true, false])
            #expect(attempts[1]["blocks"] as? Int == 7)
            let replay = try await teacher.send(client, .get, "/api/router/players/\(player)/programs/5/attempts/1")
            #expect(replay.status == .ok && replay.body["success"] as? Bool == true)
            #expect(((replay.body["result"] as? [String: Any])?["events"] as? [Any])?.isEmpty == false)
            for bad in ["3", "-1", "x", "99999"] {
                #expect(try await teacher.send(client, .get, "/api/router/players/\(player)/programs/5/attempts/\(bad)").status == .notFound)
            }
        }
    }

    /// A pupil's own level: she saves an answer that delivers (one that does not is refused); the
    /// class's teacher reads it, she and other pupils do not; changing the map drops it.
    @Test func theMakerOfALevelSavesItsAnswerForTeachers() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let (teacher, sam) = (try #require(world.browsers[.teacher]), try #require(world.browsers[.pupil]))
            let made = try await sam.send(client, .post, "/api/router/levels", json: RouterAPITests.straightLevel)
            let id = try #require(made.body["id"] as? String)
            #expect(try await sam.send(client, .put, "/api/router/levels/\(id)/sharing",
                                       json: #"{"classes":["\#(world.classA)"],"link":false}"#).status == .ok)
            let path = "/api/router/levels/\(id)/solution"
            #expect(try await teacher.send(client, .get, path).status == .notFound, "none saved yet")
            let fails = try await sam.send(client, .put, path, json: Self.run(#"{"blocks":[{"type":"move_forwards"}]}"#))
            #expect(fails.status == .unprocessableContent && (fails.body["error"] as? [String: Any])?["code"] as? String == "solution_fails")
            let two = #"{"blocks":[{"type":"controls_repeat","times":2,"do":[{"type":"move_forwards"}]}]}"#
            let saved = try await sam.send(client, .put, path, json: Self.run(two))
            #expect(saved.status == .ok && saved.body["blockCount"] as? Int == 2)
            #expect(try await teacher.send(client, .put, path, json: Self.run(two)).status == .forbidden, "only its maker")
            #expect(try await teacher.send(client, .put, "/api/router/levels/13/solution", json: Self.run(two)).status == .forbidden)
            let read = try await teacher.send(client, .get, path)
            #expect(read.status == .ok && (read.body["python"] as? String)?.contains("range(2)") == true)
            #expect(try await sam.send(client, .get, path).status == .notFound, "pupils never read answers")
            #expect(try await world.browsers[.otherTeacher]?.send(client, .get, path).status == .notFound)
            let longer = RouterAPITests.straightLevel.replacingOccurrences(of: #""name": "Straight on""#, with: #""name": "Renamed""#)
            #expect(try await sam.send(client, .put, "/api/router/levels/\(id)", json: longer).status == .ok)
            #expect(try await teacher.send(client, .get, path).status == .ok, "a new name keeps the answer")
            let moved = RouterAPITests.straightLevel.replacingOccurrences(of: #""maxFuel": 50"#, with: #""maxFuel": 40"#)
            #expect(try await sam.send(client, .put, "/api/router/levels/\(id)", json: moved).status == .ok)
            #expect(try await teacher.send(client, .get, path).status == .notFound, "a changed level drops it")
        }
    }
}
