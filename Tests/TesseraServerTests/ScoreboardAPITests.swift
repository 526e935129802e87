import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RouterKit
import Testing
@testable import TesseraServer

/// The teacher's side of Rapid Router: the class's scoreboard (JSON, CSV, live), a pupil's saved
/// programs, locks on episodes and levels, and a pupil keeping a browser's progress at sign-in.
@Suite struct ScoreboardAPITests {
    typealias Browser = AuthAPITests.Browser
    typealias Role = AuthorizationMatrixTests.Role
    static let solvesLevel1 = AccountProgressTests.solvesLevel1
    static let failsLevel1 = #"{"program":{"blocks":[{"type":"move_forwards"}]},"seconds":3}"#

    static func accountID(_ client: some TestClientProtocol, _ browser: Browser) async throws -> String {
        let me = try await browser.send(client, .get, "/api/auth/me")
        return try #require((me.body["user"] as? [String: Any])?["id"] as? String)
    }

    /// The body as text, with the browser's cookies (CSV answers are not JSON).
    static func text(_ client: some TestClientProtocol, _ browser: Browser, _ uri: String) async throws -> (HTTPResponse, String) {
        let cookie = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        return try await client.execute(uri: uri, method: .get, headers: [.cookie: cookie]) { ($0.head, String(buffer: $0.body)) }
    }

    @Test func theScoreboardShowsEachPupilsBestAttemptsAndTotalsForTheEpisode() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let (teacher, sam) = (try #require(world.browsers[.teacher]), try #require(world.browsers[.pupil]))
            #expect(try await sam.send(client, .post, "/api/router/levels/1/runs", json: Self.failsLevel1).status == .ok)
            #expect(try await sam.send(client, .post, "/api/router/levels/1/runs", json: Self.solvesLevel1).status == .ok)
            let samID = try await Self.accountID(client, sam)

            let board = try await teacher.send(client, .get, "/api/classes/\(world.classA)/scoreboard?episode=1")
            #expect(board.status == .ok)
            #expect((board.body["episode"] as? [String: Any])?["number"] as? Int == 1)
            let levels = try #require(board.body["levels"] as? [[String: Any]])
            #expect(levels.first?["id"] as? String == "1" && (levels.first?["max"] as? Int ?? 0) > 0)
            let pupils = try #require(board.body["pupils"] as? [[String: Any]])
            #expect(pupils.map { $0["name"] as? String } == ["Ana", "Sam"], "by name")
            let row = try #require(pupils.first { $0["id"] as? String == samID })
            let cell = try #require((row["levels"] as? [String: Any])?["1"] as? [String: Any])
            #expect(cell["attempts"] as? Int == 2 && cell["solved"] as? Bool == true && cell["stars"] as? Int == 3)
            #expect(cell["seconds"] as? Double == 8 && (cell["lastPlayed"] as? String)?.hasSuffix("Z") == true)
            let total = try #require(row["total"] as? [String: Any])
            #expect(total["solved"] as? Int == 1 && total["max"] as? Int == levels.reduce(0) { $0 + ($1["max"] as? Int ?? 0) })
            let anaRow = try #require(pupils.first { $0["name"] as? String == "Ana" })
            #expect((anaRow["levels"] as? [String: Any])?.isEmpty == true, "a pupil who never played has no cells")
            let levelTotal = try #require((board.body["levelTotals"] as? [String: Any])?["1"] as? [String: Any])
            #expect(levelTotal["played"] as? Int == 1 && levelTotal["attempts"] as? Int == 2)

            let (head, csv) = try await Self.text(client, teacher, "/api/classes/\(world.classA)/scoreboard?episode=1&format=csv")
            #expect(head.status == .ok && head.headerFields[.contentType]?.hasPrefix("text/csv") == true)
            #expect(head.headerFields[.contentDisposition]?.contains("attachment") == true)
            let lines = csv.split(separator: "\r\n")
            #expect(lines.count == 3 && lines[0].hasPrefix("Pupil,") && lines[2].hasPrefix("Sam,"))

            for bad in ["episode=0", "episode=999", "episode=two", "format=xml"] {
                let answer = try await teacher.send(client, .get, "/api/classes/\(world.classA)/scoreboard?\(bad)")
                #expect(answer.status == .badRequest, "\(bad)")
            }
        }
    }

    @Test func aPupilsLatestAndBestProgramsAreKeptAndReadOnlyByThemAndTheirTeacher() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let sam = try #require(world.browsers[.pupil])
            let path = "/api/router/players/acct-\(try await Self.accountID(client, sam))/programs/1"
            let empty = try await sam.send(client, .get, path)
            #expect(empty.status == .ok && empty.body["latest"] is NSNull && empty.body["best"] is NSNull)

            #expect(try await sam.send(client, .post, "/api/router/levels/1/runs", json: Self.solvesLevel1).status == .ok)
            #expect(try await sam.send(client, .post, "/api/router/levels/1/runs", json: Self.failsLevel1).status == .ok)
            let saved = try await #require(world.browsers[.teacher]).send(client, .get, path)
            #expect(saved.status == .ok)
            let latest = try #require(saved.body["latest"] as? [String: Any]), best = try #require(saved.body["best"] as? [String: Any])
            #expect(latest["success"] as? Bool == false && latest["blocks"] as? Int == 1)
            #expect(best["success"] as? Bool == true && (best["python"] as? String)?.contains("my_van.move_forwards()") == true)
            #expect(((best["program"] as? [String: Any])?["blocks"] as? [Any])?.count == 2, "the program as it was sent")
            let replay = try #require(best["result"] as? [String: Any])
            #expect((replay["events"] as? [Any])?.isEmpty == false, "the run again, for the replay")

            for role in [Role.anonymous, .otherClassPupil, .otherTeacher] {
                #expect(try await #require(world.browsers[role]).send(client, .get, path).status == .notFound, "\(role)")
            }
            // Anonymous players have no saved programs, and runs without a session keep none.
            #expect(try await Browser().send(client, .get, "/api/router/players/AnonymousPage123/programs/1").status == .notFound)
        }
    }

    @Test func aLockedEpisodeOrLevelIsShownToTheClassesPupilsAndTheirRunsAreRefused() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let (teacher, sam) = (try #require(world.browsers[.teacher]), try #require(world.browsers[.pupil]))
            let locks = "/api/classes/\(world.classA)/locks"
            let set = try await teacher.send(client, .put, locks, json: #"{"episodes":[2,2],"levels":["1"]}"#)
            #expect(set.status == .ok && set.body["episodes"] as? [Int] == [2] && set.body["levels"] as? [String] == ["1"])
            #expect(try await teacher.send(client, .get, locks).body["episodes"] as? [Int] == [2])

            let refused = try await sam.send(client, .post, "/api/router/levels/1/runs", json: Self.solvesLevel1)
            #expect(refused.status == .forbidden && (refused.body["error"] as? [String: Any])?["code"] as? String == "level_locked")
            let episode2 = try #require(LevelCatalog.episodes.first { $0.number == 2 }?.levelIDs.first)
            #expect(try await sam.send(client, .post, "/api/router/levels/\(episode2)/runs", json: Self.failsLevel1).status == .forbidden)
            let progress = try await sam.send(client, .get, "/api/router/players/acct-\(try await Self.accountID(client, sam))/progress")
            let locked = try #require(progress.body["locked"] as? [String: Any])
            #expect(locked["episodes"] as? [Int] == [2] && (locked["message"] as? String)?.isEmpty == false)

            // Nobody else is held to them: another class's pupil, the teacher, an anonymous visitor.
            for role in [Role.otherClassPupil, .teacher, .anonymous] {
                let run = try await #require(world.browsers[role]).send(client, .post, "/api/router/levels/1/runs", json: Self.solvesLevel1)
                #expect(run.status == .ok, "\(role)")
            }
            for bad in [#"{"episodes":[99],"levels":[]}"#, #"{"episodes":[],"levels":["custom-x"]}"#, #"{"episodes":[1]}"#] {
                #expect(try await teacher.send(client, .put, locks, json: bad).status == .badRequest, "\(bad)")
            }
            #expect(try await teacher.send(client, .put, locks, json: #"{"episodes":[],"levels":[]}"#).status == .ok)
            #expect(try await sam.send(client, .post, "/api/router/levels/1/runs", json: Self.solvesLevel1).status == .ok, "opened again")
        }
    }

    @Test func aPupilKeepsTheBrowsersAnonymousProgressOnceAndOnlyWhenSignedIn() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let sam = try #require(world.browsers[.pupil])
            let anonymousRun = try await Browser().send(client, .post, "/api/router/levels/2/runs",
                                                        json: #"{"program":{"blocks":[]},"player":"BrowserKeep1234","seconds":4}"#)
            #expect(anonymousRun.status == .ok)
            let claim = #"{"player":"BrowserKeep1234"}"#
            #expect(try await Browser().send(client, .post, "/api/router/progress/claim", json: claim).status == .unauthorized)
            let kept = try await sam.send(client, .post, "/api/router/progress/claim", json: claim)
            #expect(kept.status == .ok && ((kept.body["levels"] as? [String: Any])?["2"] as? [String: Any])?["attempts"] as? Int == 1)
            let again = try await sam.send(client, .post, "/api/router/progress/claim", json: claim)
            #expect(((again.body["levels"] as? [String: Any])?["2"] as? [String: Any])?["attempts"] as? Int == 1, "nothing twice")
            #expect(try await sam.send(client, .post, "/api/router/progress/claim", json: #"{"player":"acct-abcdefghijkm"}"#).status == .notFound)
            #expect(try await sam.send(client, .post, "/api/router/progress/claim", json: #"{"player":"x"}"#).status == .badRequest)
        }
    }

    /// An open scoreboard hears about a run within moments: `ready` first, then the run.
    @Test func theScoreboardStreamTellsTheTeacherWhenAPupilRuns() async throws {
        try await buildApplication(testConfiguration()).test(.live) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let (teacher, sam) = (try #require(world.browsers[.teacher]), try #require(world.browsers[.pupil]))
            let port = try #require(client.port)
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/classes/\(world.classA)/scoreboard/events")
            request.headers.add(name: "Cookie", value: teacher.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            #expect(response.status.code == 200)
            var frames = response.body.makeAsyncIterator()
            let ready = try await frames.next().map { String(buffer: $0) } ?? ""
            #expect(ready.contains(#""kind":"ready""#))
            #expect(try await sam.send(client, .post, "/api/router/levels/1/runs", json: Self.solvesLevel1).status == .ok)
            let run = try await frames.next().map { String(buffer: $0) } ?? ""
            #expect(run.contains(#""kind":"run""#) && run.contains(#""level":"1""#))
            #expect(run.contains(try await Self.accountID(client, sam)))
        }
    }
}

