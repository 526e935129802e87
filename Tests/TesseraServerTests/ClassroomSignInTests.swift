import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// Signing in as a class does in a real lesson: everyone behind one address (these tests' requests
/// all come from the same place), children who mistype, a classmate who guesses, a teacher who
/// unlocks, archives or hands out new passwords.
@Suite struct ClassroomSignInTests {
    typealias Browser = AuthAPITests.Browser

    struct Class {
        let teacher: Browser
        let email: String
        let id: String
        let code: String
        var pupils: [String: (id: String, password: String)]
    }

    /// Lower limits than a school's, so the tests spend few bcrypt checks (the whole suite shares two threads).
    static let guesses = 4

    static func configuration() -> Configuration {
        var config = testConfiguration()
        config.signInLimits.perAccount = guesses
        config.signInLimits.perKnownDevice = guesses
        return config
    }

    static func lesson(_ client: some TestClientProtocol, _ names: [String]) async throws -> Class {
        let teacher = Browser(), email = "\(UUID().uuidString.prefix(8))@school.org"
        let created = try await teacher.send(client, .post, "/api/auth/teachers",
                                             json: #"{"name":"Ms Rivera","email":"\#(email)","password":"a long enough password"}"#)
        #expect(created.status == .created)
        let made = try await ClassAPITests.newClass(client, teacher)
        let id = try #require(made["id"] as? String), code = try #require(made["code"] as? String)
        var pupils: [String: (id: String, password: String)] = [:]
        for pupil in try await ClassAPITests.addPupils(client, teacher, classID: id, names) {
            pupils[try #require(pupil["name"] as? String)] = (try #require(pupil["id"] as? String), try #require(pupil["password"] as? String))
        }
        return Class(teacher: teacher, email: email, id: id, code: code, pupils: pupils)
    }

    static func signIn(_ client: some TestClientProtocol, _ browser: Browser = Browser(), code: String, name: String,
                       password: String) async throws -> (status: HTTPResponse.Status, body: [String: Any]) {
        try await browser.send(client, .post, "/api/auth/login", json: #"{"classCode":"\#(code)","name":"\#(name)","password":"\#(password)"}"#)
    }

    /// `name`'s login card in `room`, and a browser of hers (a new one) signed in with it.
    static func signedIn(_ client: some TestClientProtocol, _ room: Class,
                         _ name: String) async throws -> (pupil: (id: String, password: String), browser: Browser) {
        let pupil = try #require(room.pupils[name])
        let browser = Browser()
        #expect(try await signIn(client, browser, code: room.code, name: name, password: pupil.password).status == .ok)
        return (pupil, browser)
    }

    @Test func fiveTyposFromOneAddressNeverKeepTheSixthPupilOrTheTeacherOut() async throws {
        try await buildApplication(Self.configuration()).test(.router) { client in
            let names = ["Ada K", "Ben L", "Cy M", "Dee N", "Eli O", "Fay P"]
            let room = try await Self.lesson(client, names)
            // Every pupil but the last mistypes once.
            for name in names.dropLast() {
                #expect(try await Self.signIn(client, code: room.code, name: name, password: "nope-nope").status == .unauthorized)
            }
            let fay = try #require(room.pupils["Fay P"])
            #expect(try await Self.signIn(client, code: room.code, name: "Fay P", password: fay.password).status == .ok)
            let again = try await Browser().send(client, .post, "/api/auth/login",
                                                 json: #"{"email":"\#(room.email)","password":"a long enough password"}"#)
            #expect(again.status == .ok)
            // And each pupil who mistyped gets in with the right password: a success is never refused for others' failures.
            let ada = try #require(room.pupils["Ada K"])
            #expect(try await Self.signIn(client, code: room.code, name: "Ada K", password: ada.password).status == .ok)
        }
    }

    @Test func aClassmatesGuessesLockTheNameElsewhereNotOnItsOwnDeviceAndTheTeacherUnlocks() async throws {
        try await buildApplication(Self.configuration()).test(.router) { client in
            let room = try await Self.lesson(client, ["Mia R", "Tom S"])
            let (mia, tablet) = try await Self.signedIn(client, room, "Mia R")
            _ = try await tablet.send(client, .post, "/api/auth/logout")
            let tom = Browser()
            for _ in 1...Self.guesses {
                #expect(try await Self.signIn(client, tom, code: room.code, name: "Mia R", password: "guess-guess").status == .unauthorized)
            }
            let locked = try await Self.signIn(client, tom, code: room.code, name: "Mia R", password: "guess-again")
            #expect(locked.status == .tooManyRequests)
            #expect(errorCode(locked.body) == "too_busy")
            #expect(try await Self.signIn(client, code: room.code, name: "Mia R", password: mia.password).status == .tooManyRequests,
                    "a new device is refused while the name is locked")
            #expect(try await Self.signIn(client, tablet, code: room.code, name: "Mia R", password: mia.password).status == .ok,
                    "her own tablet still lets her in")
            // The teacher sees the lock and lifts it; then any device may try again.
            let list = try await room.teacher.send(client, .get, "/api/classes/\(room.id)/pupils")
            let shown = (list.body["pupils"] as? [[String: Any]] ?? []).first { $0["id"] as? String == mia.id }
            #expect(shown?["locked"] as? Bool == true)
            #expect(try await room.teacher.send(client, .post, "/api/classes/\(room.id)/pupils/\(mia.id)/unlock").status == .ok)
            #expect(try await Self.signIn(client, code: room.code, name: "Mia R", password: mia.password).status == .ok)
            let after = try await room.teacher.send(client, .get, "/api/classes/\(room.id)/pupils")
            #expect((after.body["pupils"] as? [[String: Any]] ?? []).allSatisfy { $0["locked"] as? Bool == false })
        }
    }

    @Test func namesMatchWithoutCapitalsAccentsOrExtraSpacesWhenThatNamesOnePupil() async throws {
        try await buildApplication(Self.configuration()).test(.router) { client in
            let room = try await Self.lesson(client, ["Chloé D", "Zoé A", "Zoe A"])
            let chloe = try #require(room.pupils["Chloé D"])
            let signedIn = try await Self.signIn(client, code: room.code, name: "chloe  d", password: chloe.password)
            #expect(signedIn.status == .ok)
            #expect((signedIn.body["user"] as? [String: Any])?["name"] as? String == "Chloé D")
            // "Zoe A" is exactly one of two; "zoé  a" loosely names both, so it names nobody.
            let zoe = try #require(room.pupils["Zoe A"]), zoeAccent = try #require(room.pupils["Zoé A"])
            #expect(try await Self.signIn(client, code: room.code, name: "zoe a", password: zoe.password).status == .ok)
            #expect(try await Self.signIn(client, code: room.code, name: "Zoé A", password: zoeAccent.password).status == .ok)
            #expect(try await Self.signIn(client, code: room.code, name: "zoé  a", password: zoeAccent.password).status == .unauthorized)
        }
    }

    @Test func newPasswordsForTheWholeClassSignEveryoneOutAndOldOnesStop() async throws {
        try await buildApplication(Self.configuration()).test(.router) { client in
            let room = try await Self.lesson(client, ["Ada K", "Ben L"])
            let (ada, playing) = try await Self.signedIn(client, room, "Ada K")
            let renewed = try await room.teacher.send(client, .post, "/api/classes/\(room.id)/passwords")
            #expect(renewed.status == .ok)
            let pupils = renewed.body["pupils"] as? [[String: Any]] ?? []
            #expect(pupils.count == 2 && pupils.allSatisfy { ($0["password"] as? String)?.isEmpty == false })
            #expect(try await playing.send(client, .get, "/api/auth/me").status == .unauthorized, "signed out everywhere")
            #expect(try await Self.signIn(client, code: room.code, name: "Ada K", password: ada.password).status == .unauthorized)
            let fresh = try #require(pupils.first { $0["name"] as? String == "Ada K" }?["password"] as? String)
            #expect(try await Self.signIn(client, code: room.code, name: "Ada K", password: fresh).status == .ok)
        }
    }

    @Test func archivingAClassSignsItsPupilsOut() async throws {
        try await buildApplication(Self.configuration()).test(.router) { client in
            let room = try await Self.lesson(client, ["Ada K"])
            let (ada, playing) = try await Self.signedIn(client, room, "Ada K")
            #expect(try await room.teacher.send(client, .patch, "/api/classes/\(room.id)", json: #"{"archived":true}"#).status == .ok)
            #expect(try await playing.send(client, .get, "/api/auth/me").status == .unauthorized)
            let run = try await playing.send(client, .post, "/api/router/levels/1/runs", json: AccountProgressTests.solvesLevel1)
            #expect(run.status == .ok, "the run is anonymous now")
            #expect(try await playing.send(client, .get, "/api/router/players/acct-\(ada.id)/programs/1").status == .notFound)
        }
    }

    /// A level made private after a pupil played it: her saved programs for it are as unknown as a
    /// made-up level's.
    @Test func savedProgramsOfALevelTheReaderMayNoLongerOpenAre404() async throws {
        try await buildApplication(Self.configuration()).test(.router) { client in
            let room = try await Self.lesson(client, ["Ada K"])
            let (ada, pupil) = try await Self.signedIn(client, room, "Ada K")
            let owner = LevelSharingAPITests.keyA
            let id = try await LevelSharingAPITests.save(client, key: owner)
            let share = { (link: Bool) in
                try await LevelSharingAPITests.send(client, .put, "/api/router/levels/\(id)/sharing",
                                                    json: #"{"classes": [], "link": \#(link)}"#, key: owner).status
            }
            #expect(try await share(true) == .ok)
            let program = #"{"program":{"blocks":[{"type":"move_forwards"},{"type":"move_forwards"}]}}"#
            #expect(try await pupil.send(client, .post, "/api/router/levels/\(id)/runs", json: program).status == .ok)
            let mine = "/api/router/players/acct-\(ada.id)/programs/\(id)"
            #expect(try await pupil.send(client, .get, mine).status == .ok)
            #expect(try await share(false) == .ok)
            let hidden = try await pupil.send(client, .get, mine)
            let madeUp = try await pupil.send(client, .get, "/api/router/players/acct-\(ada.id)/programs/custom-nosuchlevel")
            #expect(hidden.status == .notFound && madeUp.status == .notFound)
            #expect(errorCode(hidden.body) == errorCode(madeUp.body))
        }
    }

    /// A teacher resetting a pupil's password in a loop is refused (429) long before the loop could
    /// crowd out sign-ins; how fast a pupil signs in meanwhile is measured by scripts/reset_flood.py.
    @Test func resettingPasswordsInALoopIsRateLimitedPerAccount() async throws {
        var config = Self.configuration()
        // The default burst, refilled too slowly to matter however long the suite's bcrypt takes.
        config.rateLimits = try RateLimits.parse("passwords=20/h")
        try await buildApplication(config).test(.router) { client in
            let room = try await Self.lesson(client, ["Ada K"])
            let ada = try #require(room.pupils["Ada K"])
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<24 {
                statuses.append(try await room.teacher.send(client, .post, "/api/classes/\(room.id)/pupils/\(ada.id)/password").status)
            }
            #expect(statuses.contains(.tooManyRequests))
            #expect(statuses.prefix(10).allSatisfy { $0 == .ok }, "a teacher's ordinary resets pass")
            let refused = statuses.firstIndex(of: .tooManyRequests) ?? 0
            #expect(statuses[refused...].allSatisfy { $0 == .tooManyRequests })
        }
    }
}
