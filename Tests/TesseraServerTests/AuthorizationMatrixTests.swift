import Foundation
import Synchronization
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// Who may do what, as a matrix: every role (anonymous, a pupil, another class's pupil, the
/// class's teacher, another teacher) against the classroom routes with the answer each must get,
/// and against every route the server has, none of which may answer a role with a server error.
@Suite struct AuthorizationMatrixTests {
    typealias Browser = AuthAPITests.Browser

    enum Role: String, CaseIterable {
        case anonymous, pupil, otherClassPupil, teacher, otherTeacher
    }

    /// The matrix runs on the suite's backend (memory, or PostgreSQL when CI gives one) and on
    /// SQLite in a fresh data folder, the default every user runs.
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case suite, sqlite

        var testDescription: String { rawValue }

        func configuration() throws -> Configuration {
            guard self == .sqlite else { return testConfiguration() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-matrix-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return testConfiguration(dataDirectory: folder.path)
        }
    }

    /// Two teachers, each with a class; class A has pupils Sam and Ana, class B has Kim.
    struct World {
        var browsers: [Role: Browser]
        let classA: String
        let otherClassOfA: String
        let ana: String
    }

    static func world(_ client: some TestClientProtocol) async throws -> World {
        let teacher = try await ClassAPITests.teacher(client), other = try await ClassAPITests.teacher(client, "Mr Okafor")
        let classA = try await ClassAPITests.newClass(client, teacher), classB = try await ClassAPITests.newClass(client, other)
        let spare = try #require(try await ClassAPITests.newClass(client, teacher, name: "Spare")["id"] as? String)
        let (idA, idB) = (try #require(classA["id"] as? String), try #require(classB["id"] as? String))
        let pupilsA = try await ClassAPITests.addPupils(client, teacher, classID: idA, ["Sam", "Ana"])
        let pupilsB = try await ClassAPITests.addPupils(client, other, classID: idB, ["Kim"])
        func signIn(_ code: Any?, _ pupil: [String: Any]?) async throws -> Browser {
            let browser = Browser()
            let body = #"{"classCode":"\#(code as? String ?? "")","name":"\#(pupil?["name"] as? String ?? "")","password":"\#(pupil?["password"] as? String ?? "")"}"#
            #expect(try await browser.send(client, .post, "/api/auth/login", json: body).status == .ok)
            return browser
        }
        return World(browsers: [.anonymous: Browser(), .teacher: teacher, .otherTeacher: other,
                                .pupil: try await signIn(classA["code"], pupilsA.first),
                                .otherClassPupil: try await signIn(classB["code"], pupilsB.first)],
                     classA: idA, otherClassOfA: spare, ana: try #require(pupilsA.last?["id"] as? String))
    }

    /// Every classroom route with what the class's own teachers get (the co-teachers too:
    /// `SchoolAPITests` asks them as a co-teacher and another school's teacher). Run in order: the
    /// pupil moves, then leaves, and the last row signs the class's pupils out.
    static func classroomRoutes(classA a: String, pupil ana: String, otherClass: String) -> [(HTTPRequest.Method, String, String?, HTTPResponse.Status)] {
        return [
            (.get, "/api/classes", nil, .ok),
            (.post, "/api/classes", #"{"name":"Year 5"}"#, .created),
            (.patch, "/api/classes/\(a)", #"{"name":"Year 4 Oaks"}"#, .ok),
            (.get, "/api/classes/\(a)/pupils", nil, .ok),
            (.post, "/api/classes/\(a)/pupils", #"{"names":["Zoe"]}"#, .created),
            (.post, "/api/classes/\(a)/pupils/\(ana)/password", nil, .ok),
            (.post, "/api/classes/\(a)/pupils/\(ana)/unlock", nil, .ok),
            (.post, "/api/classes/\(a)/pupils/\(ana)/move", #"{"toClass":"\#(otherClass)"}"#, .ok),
            (.delete, "/api/classes/\(otherClass)/pupils/\(ana)", nil, .noContent),
            (.get, "/api/classes/\(a)/scoreboard?episode=1", nil, .ok),
            (.get, "/api/classes/\(a)/scoreboard?episode=1&format=csv", nil, .ok),
            (.get, "/api/classes/\(a)/locks", nil, .ok),
            (.put, "/api/classes/\(a)/locks", #"{"episodes":[2],"levels":[]}"#, .ok),
            (.get, "/api/classes/\(a)/activity", nil, .ok),
            (.get, "/api/classes/\(a)/levels/waiting", nil, .ok),
            (.get, "/api/classes/\(a)/teachers", nil, .ok),
            (.get, "/api/classes/\(a)/levels/1/solutions", nil, .ok),
            (.get, "/api/classes/\(a)/levels/1/solutions?names=true", nil, .ok),
            // Last: new passwords for class A sign its pupils (the pupil role) out.
            (.post, "/api/classes/\(a)/passwords", nil, .ok),
        ]
    }

    /// The classroom routes with what each role gets (the class's teacher: success).
    @Test(arguments: Backend.allCases)
    func theClassroomRoutesAnswerEachRoleAsDesigned(_ backend: Backend) async throws {
        try await buildApplication(backend.configuration()).test(.router) { client in
            let world = try await Self.world(client)
            let routes = Self.classroomRoutes(classA: world.classA, pupil: world.ana, otherClass: world.otherClassOfA)
            for (method, path, body, success) in routes {
                for role in [Role.anonymous, .pupil, .otherClassPupil, .otherTeacher, .teacher] {
                    let browser = try #require(world.browsers[role])
                    let answer = try await browser.send(client, method, path, json: body)
                    let expected: HTTPResponse.Status
                    switch role {
                    case .anonymous: expected = .unauthorized
                    case .pupil, .otherClassPupil: expected = .forbidden
                    case .otherTeacher: expected = path == "/api/classes" ? success : .notFound
                    case .teacher: expected = success
                    }
                    #expect(answer.status == expected, "\(role) \(method) \(path): \(answer.status) \(answer.body)")
                }
            }
        }
    }

    /// The level routes with what each role gets for a level the pupil made and shared with class A:
    /// the pupil owns it; class A's teacher may open it and remove it; to everyone else it does not
    /// exist. Run in order: the last row deletes it.
    @Test(arguments: Backend.allCases)
    func theLevelRoutesAnswerEachRoleAsDesigned(_ backend: Backend) async throws {
        try await buildApplication(backend.configuration()).test(.router) { client in
            let world = try await Self.world(client)
            let pupil = try #require(world.browsers[.pupil])
            let made = try await pupil.send(client, .post, "/api/router/levels", json: RouterAPITests.straightLevel)
            let id = try #require(made.body["id"] as? String)
            #expect(try await pupil.send(client, .put, "/api/router/levels/\(id)/sharing",
                                         json: #"{"classes":["\#(world.classA)"],"link":false}"#).status == .ok)
            let save = try await client.execute(uri: "/api/router/levels/1/export", method: .get) { String(buffer: $0.body) }
            let run = #"{"program":{"python":"from van import Van\nv = Van()\n"}}"#
            let level = RouterAPITests.straightLevel, sharing = #"{"classes":["\#(world.classA)"],"link":false}"#
            typealias Row = (HTTPRequest.Method, String, String?, [Role: HTTPResponse.Status])
            let (readers, stranger): ([Role: HTTPResponse.Status], HTTPResponse.Status) = ([.pupil: .ok, .teacher: .ok], .notFound)
            let routes: [Row] = [
                (.get, "/api/router/levels/\(id)", nil, readers),
                (.get, "/api/router/levels/\(id)/export", nil, readers),
                (.post, "/api/router/levels/\(id)/runs", run, readers),
                (.put, "/api/router/levels/\(id)", level, [.pupil: .ok, .teacher: .forbidden]),
                (.put, "/api/router/levels/\(id)/sharing", sharing, [.pupil: .ok, .teacher: .forbidden]),
                (.post, "/api/router/levels/\(id)/copy", nil, [.pupil: .created, .teacher: .created]),
                (.get, "/api/router/levels?scope=shared", nil, [.anonymous: .ok, .otherClassPupil: .ok, .otherTeacher: .ok, .pupil: .ok, .teacher: .ok]),
                (.get, "/api/router/levels?scope=mine", nil, [.anonymous: .ok, .otherClassPupil: .ok, .otherTeacher: .ok, .pupil: .ok, .teacher: .ok]),
                (.get, "/api/router/episodes", nil, [.anonymous: .ok, .otherClassPupil: .ok, .otherTeacher: .ok, .pupil: .ok, .teacher: .ok]),
                (.get, "/api/router/episodes/3/guide?lang=es", nil, [.anonymous: .ok, .otherClassPupil: .ok, .otherTeacher: .ok, .pupil: .ok, .teacher: .ok]),
                // Answers are for teachers only; a pupil's own level has none to give.
                (.get, "/api/router/levels/13/solution", nil, [.otherTeacher: .ok, .teacher: .ok]),
                (.get, "/api/router/levels/51/solution", nil, [.otherTeacher: .ok, .teacher: .ok]),
                (.get, "/api/router/levels/\(id)/solution", nil, [:]),
                // Only its maker saves an answer (this program does not deliver: 422 after the checks).
                (.put, "/api/router/levels/\(id)/solution", run, [.pupil: .unprocessableContent, .teacher: .forbidden]),
                (.post, "/api/router/levels", level, [.anonymous: .badRequest, .otherClassPupil: .created, .otherTeacher: .created,
                                                      .pupil: .created, .teacher: .created]),
                (.post, "/api/router/levels/import", save, [.anonymous: .badRequest, .otherClassPupil: .created, .otherTeacher: .created,
                                                            .pupil: .created, .teacher: .created]),
                // The teacher asks before the pupil: removed by the teacher, it is gone for its maker too.
                (.delete, "/api/router/levels/\(id)", nil, [.teacher: .noContent]),
            ]
            for (method, path, body, answers) in routes {
                for role in [Role.anonymous, .otherClassPupil, .otherTeacher, .teacher, .pupil] {
                    let browser = try #require(world.browsers[role])
                    let answer = try await browser.send(client, method, path, json: body)
                    let expected = answers[role] ?? stranger
                    #expect(answer.status == expected, "\(role) \(method) \(path): \(answer.status) \(answer.body)")
                    // Lists show the level to its maker (mine) and the class's teacher (shared), to nobody else.
                    let lists: [(String, Bool)] = path.contains("scope=shared") ? [("levels", role == .teacher)]
                        : path.contains("scope=mine") ? [("levels", role == .pupil)]
                        : path.hasSuffix("episodes") ? [("shared", role == .teacher), ("custom", role == .pupil)] : []
                    for (key, shown) in lists {
                        let listed = (answer.body[key] as? [[String: Any]] ?? []).contains { $0["id"] as? String == id }
                        #expect(listed == shown, "\(role) \(path) \(key)")
                    }
                }
            }
        }
    }

    /// A pupil's progress and saved programs: the pupil and their teacher read them; to anyone else
    /// they do not exist. Keeping a browser's progress needs a session, any account's.
    @Test(arguments: Backend.allCases)
    func theProgressAndProgramRoutesAnswerEachRoleAsDesigned(_ backend: Backend) async throws {
        try await buildApplication(backend.configuration()).test(.router) { client in
            let world = try await Self.world(client)
            let sam = try #require(world.browsers[.pupil])
            #expect(try await sam.send(client, .post, "/api/router/levels/1/runs", json: AccountProgressTests.solvesLevel1).status == .ok)
            let me = try await sam.send(client, .get, "/api/auth/me")
            let player = "acct-" + (try #require((me.body["user"] as? [String: Any])?["id"] as? String))
            let readers: [Role: HTTPResponse.Status] = [.pupil: .ok, .teacher: .ok, .anonymous: .notFound,
                                                        .otherClassPupil: .notFound, .otherTeacher: .notFound]
            let claim = #"{"player":"SomeBrowser1234"}"#
            let routes: [(HTTPRequest.Method, String, String?, [Role: HTTPResponse.Status])] = [
                (.get, "/api/router/players/\(player)/progress", nil, readers),
                (.get, "/api/router/players/\(player)/programs/1", nil, readers),
                (.get, "/api/router/players/\(player)/programs/1/attempts/0", nil, readers),
                (.post, "/api/router/progress/claim", claim, [.anonymous: .unauthorized, .pupil: .ok, .teacher: .ok,
                                                              .otherClassPupil: .ok, .otherTeacher: .ok]),
            ]
            for (method, path, body, expected) in routes {
                for role in Role.allCases {
                    let browser = try #require(world.browsers[role])
                    let answer = try await browser.send(client, method, path, json: body)
                    #expect(answer.status == expected[role], "\(role) \(method) \(path): \(answer.status)")
                }
            }
        }
    }

    /// Every routed operation, asked by every role with placeholder ids and an empty body: a 4xx
    /// is expected from most; a 5xx from any is a bug. (Streams are left out: they stay open.)
    @Test(arguments: Backend.allCases)
    func everyRouteAnswersEveryRoleWithoutAServerError(_ backend: Backend) async throws {
        let captured = Mutex<RouteTable?>(nil)
        _ = try await RouteTable.$onLoad.withValue({ table in captured.withLock { $0 = table } }) {
            try await buildApplication(testConfiguration())
        }
        let operations = try #require(captured.withLock { $0 }).operations
            .filter { operation in operation.method != "HEAD" && !["events", "explore", "sync"].contains { operation.path.contains($0) } }
        #expect(operations.count > 60)
        try await buildApplication(backend.configuration()).test(.router) { client in
            let world = try await Self.world(client)
            for role in Role.allCases {
                for operation in operations {
                    let path = operation.path
                        .replacingOccurrences(of: "{id}", with: Self.idFor(operation.path, world))
                        .replacingOccurrences(of: "{pupil}", with: world.ana)
                        .replacingOccurrences(of: #"\{[a-z]+\}"#, with: "x1", options: .regularExpression)
                    let method = HTTPRequest.Method(operation.method) ?? .get
                    let body: String? = [.post, .put, .patch].contains(method) ? "{}" : nil
                    let browser = try #require(world.browsers[role])
                    let answer = try await browser.send(client, method, path, json: body)
                    #expect(answer.status.code < 500, "\(role) \(method) \(path): \(answer.status) \(answer.body)")
                }
            }
        }
    }

    static func idFor(_ template: String, _ world: World) -> String {
        template.hasPrefix("/api/classes") ? world.classA : "unknown-id"
    }
}
