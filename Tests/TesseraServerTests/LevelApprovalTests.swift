import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// Levels a teacher approves (issue 37): a pupil's level shared with the class waits until a
/// teacher approves it; classmates see only approved levels; a changed level waits again; public
/// links for pupils' levels are off unless the teacher allows them.
@Suite struct LevelApprovalTests {
    typealias Browser = AuthAPITests.Browser

    @Test func aPupilsSharedLevelWaitsForTheTeacherBeforeClassmatesSeeIt() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let (teacher, sam) = (try #require(world.browsers[.teacher]), try #require(world.browsers[.pupil]))
            let code = try #require(try await teacher.send(client, .get, "/api/classes").body["classes"] as? [[String: Any]])
                .first { $0["id"] as? String == world.classA }?["code"] as? String
            let ana = Browser()
            let password = try #require(try await teacher.send(client, .post, "/api/classes/\(world.classA)/pupils/\(world.ana)/password")
                .body["password"] as? String)
            #expect(try await ana.send(client, .post, "/api/auth/login",
                                       json: #"{"classCode":"\#(code ?? "")","name":"Ana","password":"\#(password)"}"#).status == .ok)
            let made = try await sam.send(client, .post, "/api/router/levels", json: RouterAPITests.straightLevel)
            let id = try #require(made.body["id"] as? String)
            let shared = try await sam.send(client, .put, "/api/router/levels/\(id)/sharing", json: #"{"classes":["\#(world.classA)"],"link":false}"#)
            #expect((shared.body["shares"] as? [String: Any])?["waiting"] as? [String] == [world.classA])

            func anaSees() async throws -> Bool {
                let listed = try await ana.send(client, .get, "/api/router/levels?scope=shared").body["levels"] as? [[String: Any]] ?? []
                let opened = try await ana.send(client, .get, "/api/router/levels/\(id)").status
                #expect(listed.contains { $0["id"] as? String == id } == (opened == .ok))
                return opened == .ok
            }
            #expect(try await anaSees() == false)
            let queue = try await teacher.send(client, .get, "/api/classes/\(world.classA)/levels/waiting")
            let waiting = try #require(queue.body["levels"] as? [[String: Any]])
            #expect(waiting.count == 1 && waiting.first?["maker"] as? String == "Sam")
            #expect(try await teacher.send(client, .get, "/api/router/levels/\(id)").status == .ok, "the teacher opens it to decide")

            #expect(try await teacher.send(client, .post, "/api/classes/\(world.classA)/levels/\(id)/approve").status == .ok)
            #expect(try await anaSees() == true)
            #expect((try await teacher.send(client, .get, "/api/classes/\(world.classA)/levels/waiting").body["levels"] as? [Any])?.isEmpty == true)

            // Sam changes the map: it waits again.
            let moved = RouterAPITests.straightLevel.replacingOccurrences(of: #""maxFuel": 50"#, with: #""maxFuel": 40"#)
            #expect(try await sam.send(client, .put, "/api/router/levels/\(id)", json: moved).status == .ok)
            #expect(try await anaSees() == false)
            // Rejected: no longer shared with the class; Sam keeps it.
            #expect(try await teacher.send(client, .post, "/api/classes/\(world.classA)/levels/\(id)/reject").status == .ok)
            #expect(try await sam.send(client, .get, "/api/router/levels/\(id)").status == .ok)
            #expect(try await teacher.send(client, .get, "/api/router/levels/\(id)").status == .notFound)
            #expect(try await teacher.send(client, .post, "/api/classes/\(world.classA)/levels/\(id)/approve").status == .notFound)

            // Without approval for the class, it is seen at once.
            #expect(try await teacher.send(client, .patch, "/api/classes/\(world.classA)", json: #"{"levelApproval":false}"#)
                .body["levelApproval"] as? Bool == false)
            #expect(try await sam.send(client, .put, "/api/router/levels/\(id)/sharing", json: #"{"classes":["\#(world.classA)"],"link":false}"#).status == .ok)
            #expect(try await anaSees() == true)
        }
    }

    @Test func pupilsShareByLinkOnlyWhenTheirTeacherAllowsIt() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let (teacher, sam) = (try #require(world.browsers[.teacher]), try #require(world.browsers[.pupil]))
            let id = try #require(try await sam.send(client, .post, "/api/router/levels", json: RouterAPITests.straightLevel).body["id"] as? String)
            let refused = try await sam.send(client, .put, "/api/router/levels/\(id)/sharing", json: #"{"classes":[],"link":true}"#)
            #expect(refused.status == .forbidden && (refused.body["error"] as? [String: Any])?["code"] as? String == "links_off")
            #expect(try await teacher.send(client, .patch, "/api/classes/\(world.classA)", json: #"{"pupilLinks":true}"#).status == .ok)
            #expect(try await sam.send(client, .put, "/api/router/levels/\(id)/sharing", json: #"{"classes":[],"link":true}"#).status == .ok)
            #expect(try await Browser().send(client, .get, "/api/router/levels/\(id)").status == .ok, "anyone with the link")
            // A teacher's own levels are theirs to share.
            let own = try #require(try await teacher.send(client, .post, "/api/router/levels", json: RouterAPITests.straightLevel).body["id"] as? String)
            #expect(try await teacher.send(client, .put, "/api/router/levels/\(own)/sharing", json: #"{"classes":["\#(world.classA)"],"link":true}"#)
                .body["shares"].map { ($0 as? [String: Any])?["waiting"] as? [String] } == [])
        }
    }
}
