import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// A signed-in pupil's Rapid Router progress belongs to their account (any device), and only they
/// and their teacher can read it; anonymous progress works exactly as before.
@Suite struct AccountProgressTests {
    typealias Browser = AuthAPITests.Browser
    static let solvesLevel1 = #"{"program":{"blocks":[{"type":"move_forwards"},{"type":"move_forwards"}]},"player":"AnonymousPage123","seconds":5}"#

    @Test func aPupilsRunsCountForTheirAccountAndOnlyTheyAndTheirTeacherSeeThem() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let browsers = world.browsers
            let pupil = try #require(browsers[.pupil])
            let me = try await pupil.send(client, .get, "/api/auth/me")
            let accountID = try #require((me.body["user"] as? [String: Any])?["id"] as? String)
            let run = try await pupil.send(client, .post, "/api/router/levels/1/runs", json: Self.solvesLevel1)
            #expect(run.status == .ok)
            let path = "/api/router/players/acct-\(accountID)/progress"

            let own = try await pupil.send(client, .get, path)
            let level = try #require((own.body["levels"] as? [String: Any])?["1"] as? [String: Any])
            #expect(own.status == .ok && level["solved"] as? Bool == true && level["attempts"] as? Int == 1)
            // The anonymous id the page also sent got nothing: the attempt is the account's.
            let anonymous = try await Browser().send(client, .get, "/api/router/players/AnonymousPage123/progress")
            #expect((anonymous.body["levels"] as? [String: Any])?.isEmpty == true)

            #expect(try await #require(browsers[.teacher]).send(client, .get, path).status == .ok, "their teacher")
            for role in [AuthorizationMatrixTests.Role.anonymous, .otherClassPupil, .otherTeacher] {
                #expect(try await #require(browsers[role]).send(client, .get, path).status == .notFound, "\(role)")
            }
        }
    }

    @Test func anAnonymousPageCannotWriteToAnAccountsProgress() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let body = Self.solvesLevel1.replacingOccurrences(of: "AnonymousPage123", with: "acct-abcdefghijkm")
            let answer = try await Browser().send(client, .post, "/api/router/levels/1/runs", json: body)
            #expect(answer.status == .notFound)
            let plain = try await Browser().send(client, .post, "/api/router/levels/1/runs", json: Self.solvesLevel1)
            #expect(plain.status == .ok, "anonymous play is unchanged")
            let stored = try await Browser().send(client, .get, "/api/router/players/AnonymousPage123/progress")
            #expect((stored.body["levels"] as? [String: Any])?["1"] != nil)
        }
    }
}
