import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import TesseraServer
@testable import TesseraStore

/// Teachers' accounts from a browser's point of view: sign up, sign in, who am I, sign out,
/// change password; cookies and the CSRF double-submit; the same answer for an unknown user and a
/// wrong password; throttling after repeated failures.
@Suite struct AuthAPITests {
    /// A browser: keeps the cookies it is given and sends them back, like a page would.
    final class Browser: @unchecked Sendable {
        var cookies: [String: String] = [:]
        var setCookieLines: [String] = []

        func send(_ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, json: String? = nil,
                  csrf: Bool = true) async throws -> (status: HTTPResponse.Status, body: [String: Any]) {
            var headers: HTTPFields = [:]
            if json != nil { headers[.contentType] = "application/json" }
            if !cookies.isEmpty { headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
            if csrf, let token = cookies["tessera_csrf"] { headers[HTTPField.Name("X-CSRF-Token")!] = token }
            let (status, body, setCookies) = try await client.execute(
                uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }
            ) { response in
                let object = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
                return (response.status, object, response.headers[values: .setCookie])
            }
            for line in setCookies {
                setCookieLines.append(line)
                let pair = line.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard pair.count == 2 else { continue }
                if pair[1].isEmpty { cookies[pair[0]] = nil } else { cookies[pair[0]] = pair[1] }
            }
            return (status, body)
        }
    }

    static let ann = #"{"name":"Ms Ann Rivera","email":"Ann@School.org","password":"a long enough password"}"#

    @Test func aTeacherSignsUpIsSignedInAndSignsOut() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let browser = Browser()
            #expect(try await browser.send(client, .get, "/api/auth/me").status == .unauthorized)
            let created = try await browser.send(client, .post, "/api/auth/teachers", json: Self.ann)
            #expect(created.status == .created)
            let user = try #require(created.body["user"] as? [String: Any])
            #expect(user["name"] as? String == "Ms Ann Rivera" && user["role"] as? String == "teacher")
            #expect(Set(user.keys) == ["id", "name", "role"], "no email, password or hash is answered")
            let session = try #require(browser.setCookieLines.first { $0.hasPrefix("tessera_session=") })
            #expect(session.contains("HttpOnly") && session.contains("SameSite=Lax") && session.contains("Path=/"))
            #expect(!(try #require(browser.setCookieLines.first { $0.hasPrefix("tessera_csrf=") })).contains("HttpOnly"),
                    "the page must be able to read the CSRF token")

            let me = try await browser.send(client, .get, "/api/auth/me")
            #expect(me.status == .ok && (me.body["user"] as? [String: Any])?["id"] as? String == user["id"] as? String)

            let stolen = browser.cookies  // what a copy of the cookie could do after sign-out: nothing
            #expect(try await browser.send(client, .post, "/api/auth/logout").status == .noContent)
            #expect(try await browser.send(client, .get, "/api/auth/me").status == .unauthorized)
            #expect(browser.cookies.keys.sorted() == [Sessions.deviceCookie], "signing out clears both session cookies; the device stays known")
            let replay = Browser()
            replay.cookies = stolen
            #expect(try await replay.send(client, .get, "/api/auth/me").status == .unauthorized, "the session ended on the server")
            #expect(replay.cookies.keys.sorted() == [Sessions.deviceCookie], "a 401 from /me clears stale cookies, so pages stop asking")
        }
    }

    @Test func emailsAreUniqueWhateverTheirCapitalsAndSignInIgnoresThem() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            #expect(try await Browser().send(client, .post, "/api/auth/teachers", json: Self.ann).status == .created)
            let again = try await Browser().send(client, .post, "/api/auth/teachers",
                                                 json: #"{"name":"Ann","email":"ann@school.ORG","password":"another password"}"#)
            #expect(again.status == .conflict && errorCode(again.body) == "email_taken")
            let login = try await Browser().send(client, .post, "/api/auth/login",
                                                 json: #"{"email":"ann@school.org","password":"a long enough password"}"#)
            #expect(login.status == .ok && (login.body["user"] as? [String: Any])?["role"] as? String == "teacher")
        }
    }

    @Test func anUnknownUserAndAWrongPasswordGetTheSameAnswer() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            _ = try await Browser().send(client, .post, "/api/auth/teachers", json: Self.ann)
            let wrong = try await Browser().send(client, .post, "/api/auth/login", json: #"{"email":"Ann@School.org","password":"not the password"}"#)
            let unknown = try await Browser().send(client, .post, "/api/auth/login", json: #"{"email":"bob@school.org","password":"not the password"}"#)
            #expect(wrong.status == .unauthorized && unknown.status == .unauthorized)
            #expect(wrong.body as NSDictionary == unknown.body as NSDictionary)
            let pupil = try await Browser().send(client, .post, "/api/auth/login", json: #"{"classCode":"ABC123","name":"Sam","password":"whatever"}"#)
            #expect(pupil.status == .unauthorized && errorCode(pupil.body) == "wrong_credentials")
            #expect(((pupil.body["error"] as? [String: Any])?["message"] as? String)?.contains("login card") == true,
                    "a pupil is told about their login card, not an email")
        }
    }

    @Test func badSignUpsSayWhatToFix() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let cases: [(String, String)] = [
                (#"{"name":"Ann","email":"ann@school.org","password":"short"}"#, "password_too_short"),
                (#"{"name":"Ann","email":"ann@school","password":"long enough password"}"#, "invalid_email"),
                (#"{"name":"   ","email":"ann@school.org","password":"long enough password"}"#, "invalid_name"),
                (#"{"name":"Ann","email":"ann@school.org","password":null}"#, "bad_json"),
                (#"{"name":"Ann","email":"ann@school.org","password":"\#(String(repeating: "x", count: 201))"}"#, "password_too_long"),
            ]
            for (body, code) in cases {
                let answer = try await Browser().send(client, .post, "/api/auth/teachers", json: body)
                #expect(answer.status == .badRequest && errorCode(answer.body) == code, "\(code)")
            }
        }
    }

    @Test func aSignedInWriteWithoutTheCSRFTokenIsRefused() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let browser = Browser()
            _ = try await browser.send(client, .post, "/api/auth/teachers", json: Self.ann)
            let game = #"{"mode":"local","players":["Ann","Bob"]}"#
            let forged = try await browser.send(client, .post, "/api/tictactoe/games", json: game, csrf: false)
            #expect(forged.status == .forbidden && errorCode(forged.body) == "csrf_token_mismatch")
            #expect(try await browser.send(client, .post, "/api/tictactoe/games", json: game).status == .created)
            #expect(try await Browser().send(client, .post, "/api/tictactoe/games", json: game).status == .created,
                    "anonymous play needs no token")
            #expect(try await browser.send(client, .post, "/api/auth/logout", csrf: false).status == .forbidden)
        }
    }

    @Test func wrongPasswordsLockAnAccountOnDevicesItHasNotUsedOnly() async throws {
        var config = testConfiguration()
        config.signInLimits.perAccount = 4  // the default is 10: fewer bcrypt checks, the same rule
        try await buildApplication(config).test(.router) { client in
            let laptop = Browser()
            _ = try await laptop.send(client, .post, "/api/auth/teachers", json: Self.ann)
            #expect(laptop.cookies[Sessions.deviceCookie] != nil, "signing up marks the device")
            _ = try await laptop.send(client, .post, "/api/auth/logout")
            for _ in 1...4 {
                let wrong = try await Browser().send(client, .post, "/api/auth/login", json: #"{"email":"ann@school.org","password":"wrong password"}"#)
                #expect(wrong.status == .unauthorized)
            }
            let right = #"{"email":"ann@school.org","password":"a long enough password"}"#
            let elsewhere = try await Browser().send(client, .post, "/api/auth/login", json: right)
            #expect(elsewhere.status == .tooManyRequests && errorCode(elsewhere.body) == "too_busy")
            #expect(try await laptop.send(client, .post, "/api/auth/login", json: right).status == .ok,
                    "guesses from elsewhere never keep Ann out of her own laptop")
            // A forged or damaged device cookie vouches for nobody.
            let forged = Browser()
            forged.cookies[Sessions.deviceCookie] = String(repeating: "ab", count: 16) + "." + String(repeating: "cd", count: 8)
            #expect(try await forged.send(client, .post, "/api/auth/login", json: right).status == .tooManyRequests)
        }
    }

    @Test func changingThePasswordEndsTheOtherSessions() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let laptop = Browser(), tablet = Browser()
            _ = try await laptop.send(client, .post, "/api/auth/teachers", json: Self.ann)
            _ = try await tablet.send(client, .post, "/api/auth/login", json: #"{"email":"ann@school.org","password":"a long enough password"}"#)
            let wrong = try await laptop.send(client, .put, "/api/auth/password", json: #"{"currentPassword":"nope","newPassword":"a brand new password"}"#)
            #expect(wrong.status == .unauthorized)
            let changed = try await laptop.send(client, .put, "/api/auth/password",
                                                json: #"{"currentPassword":"a long enough password","newPassword":"a brand new password"}"#)
            #expect(changed.status == .ok)
            #expect(try await laptop.send(client, .get, "/api/auth/me").status == .ok, "this session goes on")
            #expect(try await tablet.send(client, .get, "/api/auth/me").status == .unauthorized, "the other one ended")
            let old = try await Browser().send(client, .post, "/api/auth/login", json: #"{"email":"ann@school.org","password":"a long enough password"}"#)
            #expect(old.status == .unauthorized)
            let new = try await Browser().send(client, .post, "/api/auth/login", json: #"{"email":"ann@school.org","password":"a brand new password"}"#)
            #expect(new.status == .ok)
        }
    }
}
