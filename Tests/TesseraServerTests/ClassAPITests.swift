import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// A teacher's class from sign-up to pupils signing in, and who may see what.
@Suite struct ClassAPITests {
    typealias Browser = AuthAPITests.Browser

    /// A signed-in teacher (a fresh email each time).
    static func teacher(_ client: some TestClientProtocol, _ name: String = "Ms Rivera") async throws -> Browser {
        let browser = Browser()
        let email = "\(UUID().uuidString.prefix(8))@school.org"
        let created = try await browser.send(client, .post, "/api/auth/teachers",
                                             json: #"{"name":"\#(name)","email":"\#(email)","password":"a long enough password"}"#)
        #expect(created.status == .created)
        return browser
    }

    static func newClass(_ client: some TestClientProtocol, _ teacher: Browser, name: String = "Year 4 Oaks") async throws -> [String: Any] {
        let made = try await teacher.send(client, .post, "/api/classes", json: #"{"name":"\#(name)"}"#)
        #expect(made.status == .created)
        return made.body
    }

    static func addPupils(_ client: some TestClientProtocol, _ teacher: Browser, classID: String, _ names: [String]) async throws -> [[String: Any]] {
        let list = names.map { "\"\($0)\"" }.joined(separator: ",")
        let added = try await teacher.send(client, .post, "/api/classes/\(classID)/pupils", json: #"{"names":[\#(list)]}"#)
        #expect(added.status == .created)
        return added.body["pupils"] as? [[String: Any]] ?? []
    }

    @Test func aTeacherMakesAClassAndItsPupilsSignInWithTheCodeTheirNameAndTheirPassword() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let teacher = try await Self.teacher(client)
            let made = try await Self.newClass(client, teacher)
            let (classID, code) = (try #require(made["id"] as? String), try #require(made["code"] as? String))
            #expect(code.count == 6 && made["archived"] as? Bool == false)
            let pupils = try await Self.addPupils(client, teacher, classID: classID, ["Sam", "Priya", "Léa"])
            #expect(pupils.map { $0["name"] as? String } == ["Sam", "Priya", "Léa"])
            let priya = try #require(pupils.first { $0["name"] as? String == "Priya" })
            let password = try #require(priya["password"] as? String)

            // Typed as a child might: lower case, spaces, other capitals in the name.
            let typedCode = code.lowercased().prefix(3) + " " + code.lowercased().dropFirst(3)
            let pupil = Browser()
            let signedIn = try await pupil.send(client, .post, "/api/auth/login",
                                                json: #"{"classCode":"\#(typedCode)","name":"priya","password":"\#(password)"}"#)
            #expect(signedIn.status == .ok)
            let user = try #require(signedIn.body["user"] as? [String: Any])
            #expect(user["name"] as? String == "Priya" && user["role"] as? String == "pupil")

            // The list shows names and never a password again.
            let listed = try await teacher.send(client, .get, "/api/classes/\(classID)/pupils")
            let rows = try #require(listed.body["pupils"] as? [[String: Any]])
            #expect(rows.map { $0["name"] as? String } == ["Léa", "Priya", "Sam"])
            #expect(rows.allSatisfy { $0["password"] is NSNull })
        }
    }

    @Test func onlyTheClassesOwnTeacherSeesItOthersGet404AndPupilsAreNotTeachers() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let teacher = try await Self.teacher(client), other = try await Self.teacher(client, "Mr Okafor")
            let classID = try #require(try await Self.newClass(client, teacher)["id"] as? String)
            let pupils = try await Self.addPupils(client, teacher, classID: classID, ["Sam"])
            let sam = try #require(pupils.first)
            #expect(try await other.send(client, .get, "/api/classes/\(classID)/pupils").status == .notFound)
            #expect(try await other.send(client, .patch, "/api/classes/\(classID)", json: #"{"name":"Mine now"}"#).status == .notFound)
            #expect(try await other.send(client, .post, "/api/classes/\(classID)/pupils", json: #"{"names":["Eve"]}"#).status == .notFound)
            let otherList = try await other.send(client, .get, "/api/classes")
            #expect((otherList.body["classes"] as? [Any])?.isEmpty == true)
            #expect(try await Browser().send(client, .get, "/api/classes").status == .unauthorized)

            let code = try #require((try await teacher.send(client, .get, "/api/classes").body["classes"] as? [[String: Any]])?.first?["code"] as? String)
            let pupil = Browser()
            _ = try await pupil.send(client, .post, "/api/auth/login",
                                     json: #"{"classCode":"\#(code)","name":"Sam","password":"\#(sam["password"] as? String ?? "")"}"#)
            let refused = try await pupil.send(client, .get, "/api/classes")
            #expect(refused.status == .forbidden && errorCode(refused.body) == "teachers_only")
        }
    }

    @Test func pupilNamesAreUniqueInAClassAndABadBatchAddsNobody() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let teacher = try await Self.teacher(client)
            let classID = try #require(try await Self.newClass(client, teacher)["id"] as? String)
            _ = try await Self.addPupils(client, teacher, classID: classID, ["Sam"])
            let clash = try await teacher.send(client, .post, "/api/classes/\(classID)/pupils", json: #"{"names":["Ana"," sam "]}"#)
            #expect(clash.status == .conflict && errorCode(clash.body) == "pupil_name_taken")
            let twice = try await teacher.send(client, .post, "/api/classes/\(classID)/pupils", json: #"{"names":["Ana","ANA"]}"#)
            #expect(twice.status == .conflict)
            let listed = try await teacher.send(client, .get, "/api/classes/\(classID)/pupils")
            #expect((listed.body["pupils"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Sam"], "nobody from a refused batch")
        }
    }

    @Test func resetArchiveMoveAndRemoveDoWhatTheTeacherMeans() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let teacher = try await Self.teacher(client)
            let oaks = try await Self.newClass(client, teacher), elms = try await Self.newClass(client, teacher, name: "Year 4 Elms")
            let (oaksID, oaksCode) = (try #require(oaks["id"] as? String), try #require(oaks["code"] as? String))
            let elmsID = try #require(elms["id"] as? String)
            let sam = try #require(try await Self.addPupils(client, teacher, classID: oaksID, ["Sam"]).first)
            let samID = try #require(sam["id"] as? String)
            let login = { (code: String, password: String) in
                try await Browser().send(client, .post, "/api/auth/login", json: #"{"classCode":"\#(code)","name":"Sam","password":"\#(password)"}"#).status
            }
            // A forgotten password: the old one stops working, the new one works.
            let reset = try await teacher.send(client, .post, "/api/classes/\(oaksID)/pupils/\(samID)/password")
            let newPassword = try #require(reset.body["password"] as? String)
            #expect(try await login(oaksCode, sam["password"] as? String ?? "") == .unauthorized)
            #expect(try await login(oaksCode, newPassword) == .ok)
            // Archived: the class's pupils cannot sign in; brought back, they can.
            #expect(try await teacher.send(client, .patch, "/api/classes/\(oaksID)", json: #"{"archived":true}"#).body["archived"] as? Bool == true)
            #expect(try await login(oaksCode, newPassword) == .unauthorized)
            _ = try await teacher.send(client, .patch, "/api/classes/\(oaksID)", json: #"{"archived":false}"#)
            // Moved to Elms: Sam signs in with Elms's code.
            let moved = try await teacher.send(client, .post, "/api/classes/\(oaksID)/pupils/\(samID)/move", json: #"{"toClass":"\#(elmsID)"}"#)
            #expect(moved.status == .ok)
            let elmsCode = try #require(elms["code"] as? String)
            #expect(try await login(elmsCode, newPassword) == .ok)
            #expect(try await login(oaksCode, newPassword) == .unauthorized)
            // Removed: gone from the list, cannot sign in.
            #expect(try await teacher.send(client, .delete, "/api/classes/\(elmsID)/pupils/\(samID)").status == .noContent)
            #expect(try await login(elmsCode, newPassword) == .unauthorized)
            #expect((try await teacher.send(client, .get, "/api/classes/\(elmsID)/pupils").body["pupils"] as? [Any])?.isEmpty == true)
        }
    }
}
