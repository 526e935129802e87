import ClassroomKit
import Foundation
import Hummingbird
import NIOCore
import TesseraStore

/// `/api/auth/…`: teachers sign up; teachers and pupils sign in and out; who am I; a teacher
/// changes their password (which ends their other sessions).
struct AuthRoutes<Context: RequestContext>: Sendable {
    let accounts: any AccountStore
    let classes: any ClassStore
    let sessions: Sessions
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    /// Who a request comes from, as the rate limits see it (behind a trusted proxy, the forwarded address).
    let clients: RateLimitClients

    @Sendable func signUp(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(TeacherSignUpRequest.self, from: request)
        let name = try AccountRules.checkName(body.name)
        let email = try AccountRules.checkEmail(body.email)
        try AccountRules.checkPassword(body.password)
        // Checked before the costly hash, and again by the store's unique index when two race.
        guard try await accounts.teacher(email: email) == nil else { throw AccountError.emailTaken }
        let account = Account(id: Secrets.id(), role: .teacher, name: name, email: email,
                              passwordHash: try await hasher.hash(body.password))
        do {
            try await accounts.insert(account)
        } catch StoreError.emailTaken {
            throw AccountError.emailTaken
        }
        var response = try JSONBody.response(SignedInJSON(account), status: .created)
        try await sessions.start(for: account, on: &response, request: request)
        return response
    }

    @Sendable func login(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(LoginRequest.self, from: request)
        let accountKey: String
        let account: Account?
        switch body.who {
        case .teacher(let email):
            accountKey = "teacher:" + Account.emailKey(email)
            try throttle.check([accountKey, clientKey(request, context)])
            account = try await accounts.teacher(email: email)
        case .pupil(let classCode, let name):
            let code = ClassRules.normalizedCode(classCode)
            accountKey = "pupil:" + (code ?? classCode.uppercased()) + "/" + ClassRules.nameKey(name)
            try throttle.check([accountKey, clientKey(request, context)], pupil: true)
            // An archived class's pupils cannot sign in; to them it looks like a wrong code.
            if let code, let schoolClass = try await classes.schoolClass(code: code), !schoolClass.archived {
                account = try await classes.pupil(classID: schoolClass.id, name: name)
            } else {
                account = nil
            }
        }
        // The same answer, after the same work, for an unknown user and a wrong password.
        guard try await hasher.verify(body.password, against: account?.passwordHash), let account else {
            throttle.recordFailure([accountKey, clientKey(request, context)])
            if case .pupil = body.who { throw AccountError.wrongPupilCredentials }
            throw AccountError.wrongCredentials
        }
        throttle.recordSuccess(accountKey)
        var response = try JSONBody.response(SignedInJSON(account))
        try await sessions.start(for: account, on: &response, request: request)
        return response
    }

    @Sendable func logout(_ request: Request, context: Context) async throws -> Response {
        let signedIn = try await sessions.account(for: request)
        var response = Response(status: .noContent)
        try await sessions.end(signedIn?.1, on: &response, request: request)
        return response
    }

    /// Who is signed in; when nobody is (the session ended elsewhere, or 30 days passed), the 401
    /// also clears the browser's stale cookies so its pages stop asking.
    @Sendable func me(_ request: Request, context: Context) async throws -> Response {
        guard let (account, _) = try await sessions.account(for: request) else {
            var response = try AccountError.signInRequired.apiError.response(from: request, context: context)
            if request.cookies[Sessions.sessionCookie] != nil || request.cookies[Sessions.csrfCookie] != nil {
                try await sessions.end(nil, on: &response, request: request)
            }
            return response
        }
        return try JSONBody.response(SignedInJSON(account))
    }

    @Sendable func changePassword(_ request: Request, context: Context) async throws -> Response {
        let (account, session) = try await sessions.require(request)
        guard account.role == .teacher else { throw AccountError.teachersOnly }
        let body = try await JSONBody.decode(PasswordChangeRequest.self, from: request)
        try AccountRules.checkPassword(body.newPassword)
        let key = "teacher:" + (account.emailKey ?? account.id)
        try throttle.check([key])
        guard try await hasher.verify(body.currentPassword, against: account.passwordHash) else {
            throttle.recordFailure([key])
            throw AccountError.wrongCredentials
        }
        _ = try await accounts.setPasswordHash(accountID: account.id, try await hasher.hash(body.newPassword))
        try await accounts.deleteSessions(accountID: account.id, except: session.id)
        return try JSONBody.response(SignedInJSON(account))
    }

    /// The client a failed sign-in is counted against: its address as the rate limits see it, so
    /// behind the documented nginx (`--trusted-proxy`) one pupil's wrong passwords do not lock out
    /// every client of the proxy (the per-account count still applies).
    func clientKey(_ request: Request, _ context: Context) -> String {
        "client:" + clients.address(of: request, peer: (context as? any RemoteAddressRequestContext)?.remoteAddress)
    }
}
