import ClassroomKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RouterKit
import Testing
@testable import TesseraServer
@testable import TesseraStore

/// Levels people make belong to them: private until shared with a class or by link, changed and
/// deleted by their owner (or removed by the teacher of a class they are shared with), listed only
/// to those who may open them.
@Suite struct LevelSharingAPITests {
    typealias Browser = AuthAPITests.Browser

    /// An anonymous browser's owner keys (32 to 64 hex digits, as the page makes them).
    static let keyA = String(repeating: "a1", count: 16), keyB = String(repeating: "b2", count: 20)

    /// Sends with a browser's cookies (if any) and an owner key (if any).
    static func send(_ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, json: String? = nil,
                     key: String? = nil, as browser: Browser? = nil) async throws -> (status: HTTPResponse.Status, body: [String: Any]) {
        var headers: HTTPFields = [:]
        if json != nil { headers[.contentType] = "application/json" }
        if let key { headers[LevelCaller.ownerKeyHeader] = key }
        if let browser, !browser.cookies.isEmpty {
            headers[.cookie] = browser.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            if let csrf = browser.cookies["tessera_csrf"] { headers[Sessions.csrfHeader] = csrf }
        }
        return try await client.execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }) { response in
            (response.status, (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:])
        }
    }

    /// Saves the straight level (named `name`) and returns its id.
    static func save(_ client: some TestClientProtocol, _ name: String = "Straight on", key: String? = nil,
                     as browser: Browser? = nil) async throws -> String {
        let json = RouterAPITests.straightLevel.replacingOccurrences(of: "\"Straight on\"", with: "\"\(name)\"")
        let made = try await send(client, .post, "/api/router/levels", json: json, key: key, as: browser)
        #expect(made.status == .created, "\(made.body)")
        return try #require(made.body["id"] as? String)
    }

    static func ids(_ list: Any?) -> [String] { (list as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }

    @Test func savingNeedsAnOwnerAndALevelIsPrivateByDefault() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let anonymous = try await Self.send(client, .post, "/api/router/levels", json: RouterAPITests.straightLevel)
            #expect(anonymous.status == .badRequest && errorCode(anonymous.body) == "owner_required")
            let message = (anonymous.body["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("X-Tessera-Owner-Key") && message.contains("sign in"), "the message says what to send")
            let badKey = try await Self.send(client, .post, "/api/router/levels", json: RouterAPITests.straightLevel, key: "not-hex")
            #expect(badKey.status == .badRequest && errorCode(badKey.body) == "invalid_owner_key")

            let id = try await Self.save(client, key: Self.keyA)
            for path in ["/api/router/levels/\(id)", "/api/router/levels/\(id)/export"] {
                #expect(try await Self.send(client, .get, path, key: Self.keyA).status == .ok, "\(path)")
                #expect(try await Self.send(client, .get, path, key: Self.keyB).status == .notFound, "\(path)")
                #expect(try await Self.send(client, .get, path).status == .notFound, "\(path)")
            }
            let run = #"{"program": {"python": "from van import Van\nv = Van()\nv.move_forwards()\n"}}"#
            #expect(try await Self.send(client, .post, "/api/router/levels/\(id)/runs", json: run, key: Self.keyA).status == .ok)
            #expect(try await Self.send(client, .post, "/api/router/levels/\(id)/runs", json: run, key: Self.keyB).status == .notFound)

            let mine = try await Self.send(client, .get, "/api/router/episodes", key: Self.keyA).body
            #expect(Self.ids(mine["custom"]) == [id] && Self.ids(mine["shared"]).isEmpty)
            let theirs = try await Self.send(client, .get, "/api/router/episodes", key: Self.keyB).body
            #expect(Self.ids(theirs["custom"]).isEmpty && Self.ids(theirs["shared"]).isEmpty, "nobody else's levels are listed")
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/levels?scope=mine", key: Self.keyB).body["levels"]).isEmpty)
        }
    }

    @Test func theOwnerChangesDeletesAndSharesByLinkOthersCopy() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let id = try await Self.save(client, key: Self.keyA)
            let renamed = RouterAPITests.straightLevel.replacingOccurrences(of: "\"Straight on\"", with: "\"Left then right\"")
            #expect(try await Self.send(client, .put, "/api/router/levels/\(id)", json: renamed, key: Self.keyB).status == .notFound)
            let changed = try await Self.send(client, .put, "/api/router/levels/\(id)", json: renamed, key: Self.keyA)
            #expect(changed.status == .ok && changed.body["id"] as? String == id && changed.body["mine"] as? Bool == true)
            #expect(try await Self.send(client, .get, "/api/router/levels/\(id)", key: Self.keyA).body["name"] as? String == "Left then right")
            let broken = renamed.replacingOccurrences(of: #""connections": [0, 2]"#, with: #""connections": [0, 7]"#)
            #expect(try await Self.send(client, .put, "/api/router/levels/\(id)", json: broken, key: Self.keyA).status == .unprocessableContent)

            // Not shared: another browser cannot copy what it cannot see.
            #expect(try await Self.send(client, .post, "/api/router/levels/\(id)/copy", key: Self.keyB).status == .notFound)
            for body in [#"{"classes": [], "link": true, "public": true}"#, #"{"classes": "all", "link": true}"#, #"{"link": true}"#] {
                #expect(try await Self.send(client, .put, "/api/router/levels/\(id)/sharing", json: body, key: Self.keyA).status == .badRequest, "\(body)")
            }
            let link = try await Self.send(client, .put, "/api/router/levels/\(id)/sharing", json: #"{"classes": [], "link": true}"#, key: Self.keyA)
            #expect(link.status == .ok && (link.body["shares"] as? [String: Any])?["link"] as? Bool == true)
            let opened = try await Self.send(client, .get, "/api/router/levels/\(id)", key: Self.keyB)
            #expect(opened.status == .ok && opened.body["mine"] as? Bool == false, "anyone with the link opens it")
            #expect(try await Self.send(client, .get, "/api/router/levels/\(id)", key: Self.keyA).body["mine"] as? Bool == true,
                    "its maker is told it is theirs (the designer saves in place)")
            #expect(try await Self.send(client, .get, "/api/router/levels/\(id)").status == .ok)
            let theirs = try await Self.send(client, .get, "/api/router/episodes", key: Self.keyB).body
            #expect(Self.ids(theirs["custom"]).isEmpty && Self.ids(theirs["shared"]).isEmpty, "a link-shared level is still unlisted")
            let refused = try await Self.send(client, .put, "/api/router/levels/\(id)", json: renamed, key: Self.keyB)
            #expect(refused.status == .forbidden && errorCode(refused.body) == "not_your_level")
            #expect(try await Self.send(client, .put, "/api/router/levels/\(id)/sharing", json: #"{"classes": [], "link": false}"#,
                                        key: Self.keyB).status == .forbidden)
            #expect(try await Self.send(client, .delete, "/api/router/levels/\(id)", key: Self.keyB).status == .forbidden)
            #expect(try await Self.send(client, .post, "/api/router/levels/\(id)/copy").status == .badRequest, "a copy needs an owner")
            let copy = try await Self.send(client, .post, "/api/router/levels/\(id)/copy", key: Self.keyB)
            #expect(copy.status == .created && copy.body["name"] as? String == "Copy of Left then right" && copy.body["mine"] as? Bool == true)
            let copyID = try #require(copy.body["id"] as? String)
            #expect(copyID != id)
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/levels?scope=mine", key: Self.keyB).body["levels"]) == [copyID])
            #expect(try await Self.send(client, .post, "/api/router/levels/1/copy", key: Self.keyB).status == .created, "ours can be copied")
            // In Spanish: "Copia de …", and ours under their Spanish names.
            let spanish = try await Self.send(client, .post, "/api/router/levels/1/copy?lang=es", key: Self.keyB)
            let spanishName = try #require(LevelCatalog.level(id: "1", in: .spanish)?.name)
            #expect(spanish.status == .created && spanish.body["name"] as? String == "Copia de " + spanishName)
            #expect(try await Self.send(client, .post, "/api/router/levels/\(id)/copy?lang=es", key: Self.keyB).body["name"] as? String
                    == "Copia de Left then right", "a stored level keeps its author's words")
            let unknown = try await Self.send(client, .post, "/api/router/levels/1/copy?lang=tlh", key: Self.keyB)
            #expect(unknown.status == .badRequest && errorCode(unknown.body) == "bad_language")

            #expect(try await Self.send(client, .delete, "/api/router/levels/\(id)", key: Self.keyA).status == .noContent)
            #expect(try await Self.send(client, .get, "/api/router/levels/\(id)", key: Self.keyA).status == .notFound)
            #expect(try await Self.send(client, .delete, "/api/router/levels/\(id)", key: Self.keyA).status == .notFound)
            #expect(try await Self.send(client, .get, "/api/router/levels/\(copyID)", key: Self.keyB).status == .ok, "the copy stays")
        }
    }

    @Test func aPupilSharesWithTheirClassTheTeacherSeesAndRemovesIt() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let pupil = try #require(world.browsers[.pupil]), teacher = try #require(world.browsers[.teacher])
            let kim = try #require(world.browsers[.otherClassPupil]), other = try #require(world.browsers[.otherTeacher])
            let id = try await Self.save(client, "Sam's maze", as: pupil)
            #expect(try await Self.send(client, .get, "/api/router/levels/\(id)", as: teacher).status == .notFound, "private until shared")

            let elsewhere = try await Self.send(client, .put, "/api/router/levels/\(id)/sharing",
                                                json: #"{"classes": ["\#(world.otherClassOfA)"], "link": false}"#, as: pupil)
            #expect(elsewhere.status == .forbidden && errorCode(elsewhere.body) == "not_your_class")
            let shared = try await Self.send(client, .put, "/api/router/levels/\(id)/sharing",
                                             json: #"{"classes": ["\#(world.classA)"], "link": false}"#, as: pupil)
            #expect(shared.status == .ok, "\(shared.body)")

            let teacherList = try await Self.send(client, .get, "/api/router/levels?scope=shared", as: teacher).body
            #expect(Self.ids(teacherList["levels"]) == [id])
            #expect(Set(Self.ids(teacherList["shareWith"])) == [world.classA, world.otherClassOfA], "a teacher shares with their classes")
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/levels", as: pupil).body["shareWith"]) == [world.classA],
                    "a pupil with their own class")
            #expect((teacherList["levels"] as? [[String: Any]])?.first?["mayDelete"] as? Bool == true)
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/episodes", as: teacher).body["shared"]) == [id])
            #expect(try await Self.send(client, .get, "/api/router/levels/\(id)", as: teacher).status == .ok)
            for stranger in [kim, other, Browser()] {
                #expect(try await Self.send(client, .get, "/api/router/levels/\(id)", as: stranger).status == .notFound)
                #expect(Self.ids(try await Self.send(client, .get, "/api/router/episodes", as: stranger).body["shared"]).isEmpty)
                #expect(try await Self.send(client, .delete, "/api/router/levels/\(id)", as: stranger).status == .notFound)
            }
            // A teacher may share with their own classes only, and not someone else's level.
            #expect(try await Self.send(client, .put, "/api/router/levels/\(id)/sharing",
                                        json: #"{"classes": [], "link": false}"#, as: teacher).status == .forbidden)
            let own = try await Self.save(client, "Class challenge", as: teacher)
            #expect(try await Self.send(client, .put, "/api/router/levels/\(own)/sharing",
                                        json: #"{"classes": ["\#(world.classA)", "\#(world.otherClassOfA)"], "link": false}"#,
                                        as: teacher).status == .ok)
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/levels?scope=shared", as: pupil).body["levels"]) == [own],
                    "shared with me: the teacher's, not the pupil's own (that is in mine)")
            #expect(try await Self.send(client, .put, "/api/router/levels/\(own)/sharing",
                                        json: #"{"classes": ["x1"], "link": false}"#, as: teacher).status == .forbidden)

            // Moderation: the teacher removes the pupil's level and it is gone for both.
            #expect(try await Self.send(client, .delete, "/api/router/levels/\(id)", as: teacher).status == .noContent)
            #expect(try await Self.send(client, .get, "/api/router/levels/\(id)", as: pupil).status == .notFound)
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/levels?scope=mine", as: pupil).body["levels"]).isEmpty)
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/levels?scope=shared", as: teacher).body["levels"]).isEmpty,
                    "the teacher's own shared level is in their mine, not in shared with me")
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/levels?scope=mine", as: teacher).body["levels"]) == [own])
        }
    }

    @Test func myLevelsArePagedNewestFirst() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            var made: [String] = []
            for index in 1...21 { made.append(try await Self.save(client, "Level \(index)", key: Self.keyA)) }
            let first = try await Self.send(client, .get, "/api/router/levels?scope=mine&page=1", key: Self.keyA).body
            #expect(Self.ids(first["levels"]) == Array(made.reversed().prefix(20)) && first["next"] as? Int == 2)
            let second = try await Self.send(client, .get, "/api/router/levels?scope=mine&page=2", key: Self.keyA).body
            #expect(Self.ids(second["levels"]) == [made[0]] && second["next"] is NSNull)
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/episodes", key: Self.keyA).body["custom"]).count == 20)
            for query in ["scope=everyone", "page=0", "page=x"] {
                #expect(try await Self.send(client, .get, "/api/router/levels?\(query)", key: Self.keyA).status == .badRequest, "\(query)")
            }
        }
    }

    /// A signed-in pupil keeps seeing what they made in this browser before signing in, and an
    /// import belongs to whoever imported it.
    @Test func importsHaveOwnersAndABrowsersLevelsFollowItsSignIn() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let pupil = try #require(world.browsers[.pupil])
            let before = try await Self.save(client, "Before signing in", key: Self.keyA)
            let after = try await Self.save(client, "After", key: Self.keyA, as: pupil)
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/levels", key: Self.keyA, as: pupil).body["levels"]) == [after, before])
            #expect(Self.ids(try await Self.send(client, .get, "/api/router/levels", as: pupil).body["levels"]) == [after],
                    "the account owns what it saved; the browser's key what was saved without it")

            let save = try await client.execute(uri: "/api/router/levels/1/export", method: .get) { String(buffer: $0.body) }
            #expect(try await Self.send(client, .post, "/api/router/levels/import", json: save).status == .badRequest)
            let imported = try await Self.send(client, .post, "/api/router/levels/import", json: save, key: Self.keyB)
            let importedID = try #require(Self.ids(imported.body["imported"]).first)
            #expect(try await Self.send(client, .get, "/api/router/levels/\(importedID)", key: Self.keyB).status == .ok)
            #expect(try await Self.send(client, .get, "/api/router/levels/\(importedID)", key: Self.keyA).status == .notFound)
        }
    }

    /// Who may read and delete, decided on the stored level alone.
    @Test func levelsStoredBeforeOwnersStayOpenByIdButBelongToNobody() throws {
        let legacy = try DocumentOwnershipContractTests.level("old", owner: nil)
        let caller = LevelCaller(account: nil, owners: ["anon-x"], classes: [])
        #expect(caller.mayRead(legacy) && !caller.mayDelete(legacy) && !caller.owns(legacy))
        #expect(legacy.listingKeys.isEmpty, "never listed")
        let theirs = try DocumentOwnershipContractTests.level("new", owner: "anon-y", classes: ["c1"])
        #expect(!caller.mayRead(theirs))
        let teacher = Account(id: "t1", role: .teacher, name: "T", passwordHash: "")
        let c1 = SchoolClass(id: "c1", teacherID: "t1", name: "Oaks", code: "ABCDEF")
        #expect(LevelCaller(account: teacher, owners: ["acct-t1"], classes: [c1]).mayDelete(theirs))
        let pupil = Account(id: "p1", role: .pupil, name: "P", passwordHash: "", classID: "c1")
        #expect(!LevelCaller(account: pupil, owners: ["acct-p1"], classes: [c1]).mayDelete(theirs), "a pupil of the class may not")
    }
}

extension TestClientProtocol {
    /// `call` from a browser that keeps its levels under `ownerKey` (`X-Tessera-Owner-Key`).
    @discardableResult
    func call(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil,
              ownerKey: String) async throws -> (status: HTTPResponse.Status, body: [String: Any]) {
        try await LevelSharingAPITests.send(self, method, uri, json: json, key: ownerKey)
    }
}
