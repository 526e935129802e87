import ClassroomKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// Sign-in for the youngest (issue 37): a class set to pictures gives every pupil two pictures out
/// of twelve (new cards), its page lists the class's names, and a pupil signs in with her name and
/// two taps; the limits on wrong passwords keep 144 ways safe, and her teacher unlocks her.
@Suite struct PictureSignInTests {
    typealias Browser = AuthAPITests.Browser

    static func login(_ client: some TestClientProtocol, _ browser: Browser = Browser(), code: String, name: String,
                      pictures: [String]) async throws -> (status: HTTPResponse.Status, body: [String: Any]) {
        let body = try RouterAPITests.body(["classCode": code, "name": name, "pictures": pictures])
        let answer = try await browser.send(client, .post, "/api/auth/login", json: body)
        return (answer.status, answer.body)
    }

    @Test func aPictureClassSignsInWithANameAndTwoPictures() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let teacher = try await ClassAPITests.teacher(client)
            let made = try await ClassAPITests.newClass(client, teacher, name: "Reception")
            let (id, code) = (try #require(made["id"] as? String), try #require(made["code"] as? String))
            #expect(made["signIn"] as? String == "words")
            _ = try await ClassAPITests.addPupils(client, teacher, classID: id, ["Mia", "Leo"])
            // Names stay private while the class types its passwords.
            #expect(try await Browser().send(client, .get, "/api/auth/classes/\(code)").status == .notFound)

            let switched = try await teacher.send(client, .patch, "/api/classes/\(id)", json: #"{"signIn":"pictures"}"#)
            #expect(switched.status == .ok && switched.body["signIn"] as? String == "pictures")
            let cards = try #require(switched.body["pupils"] as? [[String: Any]])
            #expect(cards.count == 2)
            let mia = try #require(cards.first { $0["name"] as? String == "Mia" })
            let pictures = try #require(mia["pictures"] as? [String])
            #expect(pictures.count == 2 && pictures.allSatisfy(PicturePassword.pictures.contains))

            let page = try await Browser().send(client, .get, "/api/auth/classes/\(code.lowercased())")
            #expect(page.status == .ok && page.body["pupils"] as? [String] == ["Leo", "Mia"] && (page.body["pictures"] as? [String])?.count == 12)
            let signedIn = try await Self.login(client, code: code, name: "Mia", pictures: pictures)
            #expect(signedIn.status == .ok)
            let wrong = PicturePassword.pictures.first { $0 != pictures[1] } ?? "apple"
            #expect(try await Self.login(client, code: code, name: "Mia", pictures: [pictures[0], wrong]).status == .unauthorized)
            #expect(try await Self.login(client, code: code, name: "Mia", pictures: ["apple", "dragon"]).status == .badRequest)
            #expect(try await Self.login(client, code: code, name: "Mia", pictures: ["apple"]).status == .badRequest)
            // A new card for one pupil is pictures too.
            let reset = try await teacher.send(client, .post, "/api/classes/\(id)/pupils/\(try #require(mia["id"] as? String))/password")
            #expect((reset.body["pictures"] as? [String])?.count == 2)
            // The short link on the cards opens the class's page.
            let link = try await client.execute(uri: "/c/\(code)", method: .get) { $0.head }
            #expect(link.status == .found && link.headerFields[.location] == "/classroom/pictures.html?code=\(code)")
            let notACode = try await client.execute(uri: "/c/\(String(repeating: "0", count: 33))", method: .get) { $0.head.status }
            #expect(notACode == .notFound)
            // Back to words: typed passwords again, and the names private again.
            let back = try await teacher.send(client, .patch, "/api/classes/\(id)", json: #"{"signIn":"words"}"#)
            #expect((back.body["pupils"] as? [[String: Any]])?.allSatisfy { $0["pictures"] == nil } == true)
            #expect(try await Browser().send(client, .get, "/api/auth/classes/\(code)").status == .notFound)
            #expect(try await teacher.send(client, .patch, "/api/classes/\(id)", json: #"{"signIn":"drawings"}"#).status == .badRequest)
        }
    }

    /// Guessing from a new device locks the name after ten wrong pairs; her teacher unlocks her.
    @Test func guessingPicturesLocksTheNameUntilTheTeacherUnlocksIt() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let teacher = try await ClassAPITests.teacher(client)
            let made = try await ClassAPITests.newClass(client, teacher, name: "Reception")
            let (id, code) = (try #require(made["id"] as? String), try #require(made["code"] as? String))
            _ = try await ClassAPITests.addPupils(client, teacher, classID: id, ["Mia"])
            let cards = try #require(try await teacher.send(client, .patch, "/api/classes/\(id)", json: #"{"signIn":"pictures"}"#)
                .body["pupils"] as? [[String: Any]])
            let (mia, pictures) = (try #require(cards.first?["id"] as? String), try #require(cards.first?["pictures"] as? [String]))
            let wrongPairs = PicturePassword.pictures.flatMap { first in PicturePassword.pictures.map { [first, $0] } }
                .filter { $0 != pictures }.prefix(11)
            var statuses: [HTTPResponse.Status] = []
            for pair in wrongPairs { statuses.append(try await Self.login(client, code: code, name: "Mia", pictures: Array(pair)).status) }
            #expect(statuses.prefix(10).allSatisfy { $0 == .unauthorized } && statuses.last == .tooManyRequests)
            #expect(try await Self.login(client, code: code, name: "Mia", pictures: pictures).status == .tooManyRequests)
            #expect(try await teacher.send(client, .post, "/api/classes/\(id)/pupils/\(mia)/unlock").status == .ok)
            #expect(try await Self.login(client, code: code, name: "Mia", pictures: pictures).status == .ok)
        }
    }
}
