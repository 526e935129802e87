import ClassroomKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// Teachers' two-step sign-in (issue 37): a secret, a code that proves the app has it, ten
/// recovery codes, a code at every sign-in that works once, and a way back for a teacher who lost
/// the phone. On the suite's backend and on SQLite.
@Suite struct TwoStepAPITests {
    typealias Browser = AuthAPITests.Browser
    typealias Backend = AuthorizationMatrixTests.Backend
    static let password = "a long enough password"

    /// A teacher with a known email, signed in.
    static func teacher(_ client: some TestClientProtocol) async throws -> (browser: Browser, email: String) {
        let browser = Browser()
        let email = "\(UUID().uuidString.prefix(8))@school.org"
        let created = try await browser.send(client, .post, "/api/auth/teachers",
                                             json: #"{"name":"Ms Vale","email":"\#(email)","password":"\#(password)"}"#)
        #expect(created.status == .created)
        return (browser, email)
    }

    /// Turns two-step sign-in on for the browser's teacher: its secret and recovery codes.
    static func turnOn(_ client: some TestClientProtocol, _ browser: Browser) async throws -> (totp: TOTP, codes: [String]) {
        let begun = try await browser.send(client, .post, "/api/auth/totp", json: #"{"password":"\#(password)"}"#)
        #expect(begun.status == .created)
        let secret = try #require(begun.body["secret"] as? String)
        let totp = try #require(TOTP(base32: secret))
        let confirmed = try await browser.send(client, .post, "/api/auth/totp/confirm", json: #"{"code":"\#(totp.code(at: Date()))"}"#)
        #expect(confirmed.status == .ok)
        return (totp, try #require(confirmed.body["recoveryCodes"] as? [String]))
    }

    static func login(_ client: some TestClientProtocol, _ email: String, code: String? = nil,
                      password: String = TwoStepAPITests.password) async throws -> (status: HTTPResponse.Status, body: [String: Any]) {
        let codePart = code.map { #","code":"\#($0)""# } ?? ""
        return try await Browser().send(client, .post, "/api/auth/login", json: #"{"email":"\#(email)","password":"\#(password)"\#(codePart)}"#)
    }

    @Test(arguments: Backend.allCases)
    func aTeacherTurnsItOnAndSignsInWithACodeFromTheSecretOnce(_ backend: Backend) async throws {
        try await buildApplication(backend.configuration()).test(.router) { client in
            let (vale, email) = try await Self.teacher(client)
            #expect(try await vale.send(client, .get, "/api/auth/totp").body["on"] as? Bool == false)
            #expect(errorCode(try await vale.send(client, .post, "/api/auth/totp", json: #"{"password":"not it at all"}"#).body) == "wrong_credentials")
            let begun = try await vale.send(client, .post, "/api/auth/totp", json: #"{"password":"\#(Self.password)"}"#)
            #expect(begun.status == .created)
            let secret = try #require(begun.body["secret"] as? String)
            #expect((begun.body["uri"] as? String)?.hasPrefix("otpauth://totp/Tessera:") == true)
            #expect((begun.body["uri"] as? String)?.contains("secret=\(secret)") == true)
            // Not confirmed yet: sign-in asks for nothing more.
            #expect(try await Self.login(client, email).status == .ok)
            let other = Browser()
            #expect(try await other.send(client, .post, "/api/auth/login", json: #"{"email":"\#(email)","password":"\#(Self.password)"}"#).status == .ok)
            let totp = try #require(TOTP(base32: secret))
            let wrong = try await vale.send(client, .post, "/api/auth/totp/confirm", json: #"{"code":"000000"}"#)
            #expect(wrong.status == .unprocessableContent && errorCode(wrong.body) == "wrong_code" || totp.accepts("000000", at: Date()))
            let confirmed = try await vale.send(client, .post, "/api/auth/totp/confirm", json: #"{"code":"\#(totp.code(at: Date()))"}"#)
            #expect(confirmed.status == .ok)
            let codes = try #require(confirmed.body["recoveryCodes"] as? [String])
            #expect(codes.count == 10 && Set(codes).count == 10)
            #expect(try await other.send(client, .get, "/api/auth/me").status == .unauthorized, "turning it on ends the other sessions")
            let status = try await vale.send(client, .get, "/api/auth/totp")
            #expect(status.body["on"] as? Bool == true && status.body["recoveryCodesLeft"] as? Int == 10)
            #expect(errorCode(try await vale.send(client, .post, "/api/auth/totp", json: #"{"password":"\#(Self.password)"}"#).body) == "two_step_on")

            // Sign-in: the password alone is not enough; a wrong code counts; the app's code works once.
            #expect(errorCode(try await Self.login(client, email).body) == "code_required")
            #expect(errorCode(try await Self.login(client, email, password: "not the password").body) == "wrong_credentials")
            #expect(errorCode(try await Self.login(client, email, code: "12345x").body) == "wrong_code")
            let next = totp.code(at: Date().addingTimeInterval(TOTP.step))
            let signedIn = try await Self.login(client, email, code: next)
            #expect(signedIn.status == .ok)
            #expect(errorCode(try await Self.login(client, email, code: next).body) == "wrong_code", "a code works once")
            // A recovery code (any capitals, with or without its dash) works once too.
            let recovery = codes[3].uppercased().replacingOccurrences(of: "-", with: " ")
            #expect(try await Self.login(client, email, code: recovery).status == .ok)
            #expect(errorCode(try await Self.login(client, email, code: codes[3]).body) == "wrong_code")
            #expect(try await vale.send(client, .get, "/api/auth/totp").body["recoveryCodesLeft"] as? Int == 9)

            // Off, with the password: sign-in is one step again.
            #expect(try await vale.send(client, .post, "/api/auth/totp/off", json: #"{"password":"nope nope nope"}"#).status == .unauthorized)
            #expect(try await vale.send(client, .post, "/api/auth/totp/off", json: #"{"password":"\#(Self.password)"}"#).status == .noContent)
            #expect(try await Self.login(client, email).status == .ok)
            #expect(try await vale.send(client, .get, "/api/auth/totp").body["on"] as? Bool == false)
        }
    }

    @Test func wrongCodesCountTowardsTheAccountsSignInLimit() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let (vale, email) = try await Self.teacher(client)
            let (totp, _) = try await Self.turnOn(client, vale)
            var answers: [String?] = []
            for _ in 0..<12 { answers.append(errorCode(try await Self.login(client, email, code: "99999a").body)) }
            #expect(answers.prefix(10).allSatisfy { $0 == "wrong_code" })
            #expect(answers.last == "too_busy", "\(answers)")
            // Locked on devices it has not used, even with the right code now.
            #expect(try await Self.login(client, email, code: totp.code(at: Date().addingTimeInterval(TOTP.step))).status == .tooManyRequests)
        }
    }

    @Test func anAdminsPasswordResetGivesAColleagueWhoLostTheirPhoneAFreshStart() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await SchoolAPITests.world(client)
            let (head, jones) = (try #require(world.browsers[.admin]), try #require(world.browsers[.colleague]))
            _ = try await Self.turnOn(client, jones)
            let reset = try await head.send(client, .post, "/api/schools/\(world.school)/teachers/\(world.colleagueID)/password")
            let newPassword = try #require(reset.body["password"] as? String)
            let accounts = try await head.send(client, .get, "/api/schools/\(world.school)")
            let email = try #require((accounts.body["teachers"] as? [[String: Any]])?.first { $0["id"] as? String == world.colleagueID }?["email"] as? String)
            #expect(try await Self.login(client, email, password: newPassword).status == .ok)
        }
    }

    @Test(arguments: Backend.allCases)
    func onlyASignedInTeacherHasTwoStepSignIn(_ backend: Backend) async throws {
        try await buildApplication(backend.configuration()).test(.router) { client in
            let world = try await SchoolAPITests.world(client)
            let routes: [(HTTPRequest.Method, String, String?)] = [
                (.get, "/api/auth/totp", nil), (.post, "/api/auth/totp", #"{"password":"x"}"#),
                (.post, "/api/auth/totp/confirm", #"{"code":"123456"}"#), (.post, "/api/auth/totp/off", #"{"password":"x"}"#),
            ]
            for (method, path, body) in routes {
                for role in SchoolAPITests.Role.allCases {
                    let browser = try #require(world.browsers[role])
                    let answer = try await browser.send(client, method, path, json: body)
                    let expected: HTTPResponse.Status = switch role {
                    case .anonymous: .unauthorized
                    case .pupil: .forbidden
                    default: path == "/api/auth/totp" && method == .get ? .ok
                        : path.hasSuffix("confirm") ? .conflict : .unauthorized  // the wrong password; nothing begun
                    }
                    #expect(answer.status == expected, "\(role) \(method) \(path): \(answer.status) \(answer.body)")
                }
            }
        }
    }
}
