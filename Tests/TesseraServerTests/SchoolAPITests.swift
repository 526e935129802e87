import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// A school (issue 37): a head teacher makes one and invites a colleague, who joins and co-teaches
/// a class; the admin helps colleagues in and moves classes; another school sees nothing of it.
/// Every school route against every role, on the suite's backend and on SQLite.
@Suite struct SchoolAPITests {
    typealias Browser = AuthAPITests.Browser
    typealias Backend = AuthorizationMatrixTests.Backend

    enum Role: String, CaseIterable {
        case anonymous, pupil, admin, colleague, otherSchoolTeacher, noSchoolTeacher
    }

    struct World {
        var browsers: [Role: Browser]
        let school: String
        let classA: String
        let adminID: String
        let colleagueID: String
        let classCode: String
    }

    static func id(_ client: some TestClientProtocol, _ browser: Browser) async throws -> String {
        try await ScoreboardAPITests.accountID(client, browser)
    }

    /// Ms Head's school with Mr Jones (joined by invitation); her class A with pupil Sam; Ms Far
    /// runs another school; Mr Solo has none.
    static func world(_ client: some TestClientProtocol) async throws -> World {
        let head = try await ClassAPITests.teacher(client, "Ms Head")
        let made = try await head.send(client, .post, "/api/schools", json: #"{"name":"Hill Primary"}"#)
        #expect(made.status == .created)
        let school = try #require(made.body["id"] as? String)
        let invite = try await head.send(client, .post, "/api/schools/\(school)/invites")
        #expect(invite.status == .created)
        let token = try #require((invite.body["link"] as? String)?.components(separatedBy: "invite=").last)
        let jones = try await ClassAPITests.teacher(client, "Mr Jones")
        #expect(try await jones.send(client, .post, "/api/schools/join", json: #"{"invite":"\#(token)"}"#).status == .ok)
        let far = try await ClassAPITests.teacher(client, "Ms Far")
        #expect(try await far.send(client, .post, "/api/schools", json: #"{"name":"Far Academy"}"#).status == .created)
        let solo = try await ClassAPITests.teacher(client, "Mr Solo")
        let classA = try await ClassAPITests.newClass(client, head)
        let classID = try #require(classA["id"] as? String)
        let pupils = try await ClassAPITests.addPupils(client, head, classID: classID, ["Sam"])
        let sam = Browser()
        let login = #"{"classCode":"\#(classA["code"] as? String ?? "")","name":"Sam","password":"\#(pupils.first?["password"] as? String ?? "")"}"#
        #expect(try await sam.send(client, .post, "/api/auth/login", json: login).status == .ok)
        return World(browsers: [.anonymous: Browser(), .pupil: sam, .admin: head, .colleague: jones, .otherSchoolTeacher: far,
                                .noSchoolTeacher: solo],
                     school: school, classA: classID, adminID: try await id(client, head), colleagueID: try await id(client, jones),
                     classCode: classA["code"] as? String ?? "")
    }

    @Test func aColleagueJoinsByInvitationAndCoTeachesAClassWithEverythingItsTeacherHas() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await Self.world(client)
            let (head, jones, sam) = (try #require(world.browsers[.admin]), try #require(world.browsers[.colleague]), try #require(world.browsers[.pupil]))
            let me = try await jones.send(client, .get, "/api/auth/me")
            #expect((me.body["user"] as? [String: Any])?["school"] as? String == world.school)
            // Before: the class is not his.
            #expect(try await jones.send(client, .get, "/api/classes/\(world.classA)/scoreboard").status == .notFound)
            let added = try await head.send(client, .post, "/api/classes/\(world.classA)/teachers", json: #"{"teacher":"\#(world.colleagueID)"}"#)
            #expect(added.status == .created && (added.body["coTeachers"] as? [[String: Any]])?.first?["name"] as? String == "Mr Jones")
            // After: everything the class's teacher does.
            let listed = try await jones.send(client, .get, "/api/classes")
            #expect((listed.body["classes"] as? [[String: Any]])?.map { $0["mine"] as? Bool } == [false])
            #expect(try await sam.send(client, .post, "/api/router/levels/1/runs", json: AccountProgressTests.solvesLevel1).status == .ok)
            let board = try await jones.send(client, .get, "/api/classes/\(world.classA)/scoreboard?episode=1")
            #expect(board.status == .ok && (board.body["pupils"] as? [[String: Any]])?.count == 1)
            #expect(try await jones.send(client, .put, "/api/classes/\(world.classA)/locks", json: #"{"episodes":[3],"levels":[]}"#).status == .ok)
            let samID = try await Self.id(client, sam)
            #expect(try await jones.send(client, .get, "/api/router/players/acct-\(samID)/programs/1").status == .ok)
            #expect(try await jones.send(client, .get, "/api/classes/\(world.classA)/activity").status == .ok)
            // A teacher of another school, or with none, cannot be added, and sees nothing.
            let farID = try await Self.id(client, try #require(world.browsers[.otherSchoolTeacher]))
            #expect(try await head.send(client, .post, "/api/classes/\(world.classA)/teachers", json: #"{"teacher":"\#(farID)"}"#).status == .notFound)
            #expect(try await world.browsers[.otherSchoolTeacher]?.send(client, .get, "/api/schools/\(world.school)").status == .notFound)
            // Taken off again: the class is gone for him.
            #expect(try await head.send(client, .delete, "/api/classes/\(world.classA)/teachers/\(world.colleagueID)").status == .noContent)
            #expect(try await jones.send(client, .get, "/api/classes/\(world.classA)/scoreboard").status == .notFound)
        }
    }

    @Test func anAdminSeesTheSchoolHelpsAColleagueInAndMovesClasses() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await Self.world(client)
            let (head, jones) = (try #require(world.browsers[.admin]), try #require(world.browsers[.colleague]))
            let seen = try await head.send(client, .get, "/api/schools/\(world.school)")
            #expect(seen.body["admin"] as? Bool == true)
            #expect((seen.body["teachers"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Mr Jones", "Ms Head"])
            #expect((seen.body["classes"] as? [[String: Any]])?.first?["teacher"] as? String == world.adminID)
            let member = try await jones.send(client, .get, "/api/schools/\(world.school)")
            #expect(member.body["admin"] as? Bool == false && member.body["classes"] is NSNull)
            #expect(try await jones.send(client, .post, "/api/schools/\(world.school)/invites").status == .forbidden)

            // A forgotten password: a new one, shown once; his old sessions end.
            let reset = try await head.send(client, .post, "/api/schools/\(world.school)/teachers/\(world.colleagueID)/password")
            let password = try #require(reset.body["password"] as? String)
            #expect(try await jones.send(client, .get, "/api/auth/me").status == .unauthorized)
            let jonesEmail = try #require(((try await head.send(client, .get, "/api/schools/\(world.school)")).body["teachers"] as? [[String: Any]])?
                .first { $0["id"] as? String == world.colleagueID }?["email"] as? String)
            let again = Browser()
            #expect(try await again.send(client, .post, "/api/auth/login", json: #"{"email":"\#(jonesEmail)","password":"\#(password)"}"#).status == .ok)

            // The class goes to him; he is made an admin; the last admin cannot stop being one.
            let moved = try await head.send(client, .put, "/api/schools/\(world.school)/classes/\(world.classA)/teacher",
                                            json: #"{"teacher":"\#(world.colleagueID)"}"#)
            #expect(moved.status == .ok && moved.body["teacher"] as? String == world.colleagueID)
            #expect(try await again.send(client, .get, "/api/classes/\(world.classA)/pupils").status == .ok)
            #expect(try await head.send(client, .put, "/api/schools/\(world.school)/teachers/\(world.adminID)/admin",
                                        json: #"{"admin":false}"#).status == .conflict)
            #expect(try await head.send(client, .put, "/api/schools/\(world.school)/teachers/\(world.colleagueID)/admin",
                                        json: #"{"admin":true}"#).status == .ok)
            // Removed from the school: his classes go to the admin first.
            #expect(try await head.send(client, .delete, "/api/schools/\(world.school)/teachers/\(world.colleagueID)").status == .noContent)
            #expect(try await head.send(client, .get, "/api/classes/\(world.classA)/pupils").status == .ok)
            #expect(try await again.send(client, .get, "/api/classes/\(world.classA)/pupils").status == .notFound)
            #expect(try await again.send(client, .get, "/api/schools/\(world.school)").status == .notFound)
        }
    }

    @Test func anInvitationWorksOnceForSevenDaysAndCanBeUsedToSignUp() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await Self.world(client)
            let head = try #require(world.browsers[.admin])
            let invite = try await head.send(client, .post, "/api/schools/\(world.school)/invites")
            let expires = try #require(invite.body["expires"] as? String)
            #expect(expires > ISO8601DateFormatter().string(from: Date().addingTimeInterval(6.9 * 24 * 3600)))
            let token = try #require((invite.body["link"] as? String)?.components(separatedBy: "invite=").last)
            let newcomer = Browser()
            let signUp = try await newcomer.send(client, .post, "/api/auth/teachers",
                                                 json: #"{"name":"Ms New","email":"new-\#(UUID().uuidString.prefix(6))@hill.org","password":"a long enough password","invite":"\#(token)"}"#)
            #expect(signUp.status == .created && (signUp.body["user"] as? [String: Any])?["school"] as? String == world.school)
            let solo = try #require(world.browsers[.noSchoolTeacher])
            let used = try await solo.send(client, .post, "/api/schools/join", json: #"{"invite":"\#(token)"}"#)
            #expect(used.status == .notFound && (used.body["error"] as? [String: Any])?["code"] as? String == "invite_not_found")
            #expect(try await solo.send(client, .post, "/api/schools/join", json: #"{"invite":"nonsense"}"#).status == .notFound)
            // One school per teacher.
            let second = try await head.send(client, .post, "/api/schools", json: #"{"name":"Another"}"#)
            #expect(second.status == .conflict && (second.body["error"] as? [String: Any])?["code"] as? String == "already_in_school")
        }
    }

    @Test func teachersSignUpOnlyAsTheOperatorAllows() async throws {
        var invite = testConfiguration()
        invite.teacherSignUp = .invite
        try await buildApplication(invite).test(.router) { client in
            let answer = try await Browser().send(client, .post, "/api/auth/teachers", json: AuthAPITests.ann)
            #expect(answer.status == .forbidden && (answer.body["error"] as? [String: Any])?["code"] as? String == "sign_up_closed")
        }
    }

    /// Every school route, by every role: the school's own get through (admins for changes),
    /// anyone else is told nothing (401 anonymous, 403 pupils, 404 other teachers).
    @Test(arguments: Backend.allCases)
    func theSchoolRoutesAnswerEachRoleAsDesigned(_ backend: Backend) async throws {
        try await buildApplication(backend.configuration()).test(.router) { client in
            let world = try await Self.world(client)
            let (s, jones, a) = (world.school, world.colleagueID, world.classA)
            typealias Row = (HTTPRequest.Method, String, String?, [Role: HTTPResponse.Status])
            let members: [Role: HTTPResponse.Status] = [.admin: .ok, .colleague: .ok]
            let admins: [Role: HTTPResponse.Status] = [.admin: .ok, .colleague: .forbidden]
            let rows: [Row] = [
                (.get, "/api/schools/\(s)", nil, members),
                (.post, "/api/schools/\(s)/invites", nil, [.admin: .created, .colleague: .forbidden]),
                (.put, "/api/schools/\(s)/classes/\(a)/teacher", #"{"teacher":"\#(world.adminID)"}"#, admins),
                (.put, "/api/schools/\(s)/teachers/\(jones)/admin", #"{"admin":false}"#, admins),
                (.get, "/api/classes/\(a)/teachers", nil, [.admin: .ok]),
                (.post, "/api/classes/\(a)/teachers", #"{"teacher":"\#(jones)"}"#, [.admin: .created]),
                // Now a co-teacher, Jones takes himself off (asked before the admin, who then finds none).
                (.delete, "/api/classes/\(a)/teachers/\(jones)", nil, [.colleague: .noContent]),
                // Last: the new password signs Jones out.
                (.post, "/api/schools/\(s)/teachers/\(jones)/password", nil, admins),
            ]
            for (method, path, body, answers) in rows {
                for role in [Role.anonymous, .pupil, .otherSchoolTeacher, .noSchoolTeacher, .colleague, .admin] {
                    let browser = try #require(world.browsers[role])
                    let answer = try await browser.send(client, method, path, json: body)
                    let expected = answers[role] ?? (role == .anonymous ? .unauthorized : role == .pupil ? .forbidden : .notFound)
                    #expect(answer.status == expected, "\(role) \(method) \(path): \(answer.status) \(answer.body)")
                }
            }
            // Making a school: any teacher without one.
            for role in Role.allCases {
                let answer = try await world.browsers[role]?.send(client, .post, "/api/schools", json: #"{"name":"New"}"#)
                let expected: HTTPResponse.Status = switch role {
                case .anonymous: .unauthorized
                case .pupil: .forbidden
                case .noSchoolTeacher: .created
                case .colleague: .unauthorized  // signed out by the reset above
                default: .conflict
                }
                #expect(answer?.status == expected, "\(role) POST /api/schools")
            }
        }
    }

    /// A co-teacher gets every classroom route as the class's own teacher does, and a teacher of
    /// another school gets 404 from each (the classroom matrix's rows, asked by these two roles).
    @Test(arguments: Backend.allCases)
    func aCoTeacherHasEveryClassRouteAndAnotherSchoolNone(_ backend: Backend) async throws {
        try await buildApplication(backend.configuration()).test(.router) { client in
            let world = try await Self.world(client)
            let (head, jones, far) = (try #require(world.browsers[.admin]), try #require(world.browsers[.colleague]),
                                      try #require(world.browsers[.otherSchoolTeacher]))
            let spare = try #require(try await ClassAPITests.newClass(client, head, name: "Spare")["id"] as? String)
            let ana = try #require(try await ClassAPITests.addPupils(client, head, classID: world.classA, ["Ana"]).first?["id"] as? String)
            for classID in [world.classA, spare] {
                #expect(try await head.send(client, .post, "/api/classes/\(classID)/teachers", json: #"{"teacher":"\#(world.colleagueID)"}"#).status == .created)
            }
            for (method, path, body, success) in AuthorizationMatrixTests.classroomRoutes(classA: world.classA, pupil: ana, otherClass: spare) {
                let other = try await far.send(client, method, path, json: body)
                #expect(other.status == (path == "/api/classes" ? success : .notFound), "another school's teacher \(method) \(path)")
                let answer = try await jones.send(client, method, path, json: body)
                #expect(answer.status == success, "co-teacher \(method) \(path): \(answer.status) \(answer.body)")
            }
        }
    }
}
