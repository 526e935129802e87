import ClassroomKit
import Foundation
import GridKit
import HTTPTypes
import Hummingbird
import TesseraStore

/// Signed-in browsers: the session cookie, the CSRF cookie, and who a request comes from.
///
/// - `tessera_session`: a random 256-bit token, HttpOnly, SameSite=Lax, Secure over HTTPS; the
///   database keeps only its SHA-256, so a copy of the database signs nobody in.
/// - `tessera_csrf`: a random value the page can read and must repeat in `X-CSRF-Token` on every
///   state-changing request that carries a session (`CSRFMiddleware`), on top of the same-site check.
struct Sessions: Sendable {
    static let sessionCookie = "tessera_session"
    static let csrfCookie = "tessera_csrf"
    static let csrfHeader = HTTPField.Name("X-CSRF-Token")!
    /// `SignInDevice`: the accounts that signed in on this browser before (HttpOnly, kept 400 days,
    /// the most a browser allows), so the sign-in throttle can tell their device from a stranger's.
    static let deviceCookie = "tessera_device"
    static let deviceMaxAgeSeconds = 400 * 24 * 3600
    static let maxAgeSeconds = Int(AccountRules.sessionIdleLimit)

    let accounts: any AccountStore
    /// Signs and checks `tessera_device` (derived from the secret every node shares).
    let deviceKey: SignInDeviceKey

    /// The browser's device proof, if it sent a well-formed one.
    func device(of request: Request) -> SignInDevice? {
        request.cookies[Self.deviceCookie].flatMap { SignInDevice(cookie: $0.value) }
    }

    /// After a right password: the browser remembers that `account` signed in on it.
    func rememberDevice(for account: Account, on response: inout Response, request: Request) {
        var device = device(of: request) ?? .fresh()
        device.remember(account.id, key: deviceKey)
        response.setCookie(Cookie(name: Self.deviceCookie, value: device.cookie, maxAge: Self.deviceMaxAgeSeconds, path: "/",
                                  secure: Self.isHTTPS(request), httpOnly: true, sameSite: .lax))
    }

    /// The signed-in account, or `nil` (no cookie, an unknown token, an expired session: the
    /// last is deleted on the way). Asked once per request, by `CallerMiddleware`; routes read
    /// `context.caller`.
    func account(for request: Request, now: Date = Date()) async throws -> (Account, Session)? {
        guard let token = request.cookies[Self.sessionCookie]?.value, token.utf8.count == 64 else { return nil }
        let id = Secrets.hash(token)
        guard let session = try await accounts.session(id: id) else { return nil }
        guard session.isLive(at: now) else {
            try await accounts.deleteSession(id: id)
            return nil
        }
        if session.needsTouch(at: now) { try await accounts.touchSession(id: id, at: now) }
        guard let account = try await accounts.account(id: session.accountID) else { return nil }
        return (account, session)
    }


    /// Starts a session for `account`: stores it and sets both cookies on `response`.
    func start(for account: Account, on response: inout Response, request: Request) async throws {
        let token = Secrets.randomHex(bytes: 32)
        try await accounts.insertSession(Session(id: Secrets.hash(token), accountID: account.id))
        let secure = Self.isHTTPS(request)
        response.setCookie(Cookie(name: Self.sessionCookie, value: token, maxAge: Self.maxAgeSeconds, path: "/",
                                  secure: secure, httpOnly: true, sameSite: .lax))
        response.setCookie(Cookie(name: Self.csrfCookie, value: Secrets.token(), maxAge: Self.maxAgeSeconds, path: "/",
                                  secure: secure, httpOnly: false, sameSite: .lax))
    }

    /// Ends the request's session on the server and tells the browser to forget both cookies.
    func end(_ session: Session?, on response: inout Response, request: Request) async throws {
        if let session { try await accounts.deleteSession(id: session.id) }
        let secure = Self.isHTTPS(request)
        response.setCookie(Cookie(name: Self.sessionCookie, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax))
        response.setCookie(Cookie(name: Self.csrfCookie, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: false, sameSite: .lax))
    }

    /// HTTPS directly (`--tls-cert`), or through a `--trusted-proxy` that says so in
    /// `X-Forwarded-Proto`: `HTTPSMiddleware` has settled the scheme before any route runs.
    static func isHTTPS(_ request: Request) -> Bool {
        request.head.scheme == "https"
    }
}
