import ClassroomKit
import Foundation
import Hummingbird
import NIOCore
import TesseraStore
import Languages

/// `/api/auth/…`: teachers sign up; teachers and pupils sign in and out; who am I; a teacher
/// changes their password (which ends their other sessions).
struct AuthRoutes<Context: CallerRequestContext>: Sendable {
    let accounts: any AccountStore
    let classes: any ClassStore
    let sessions: Sessions
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    /// Joining a school from an invitation at sign-up.
    let schools: any SchoolStore
    /// Who may sign up as a teacher (`tessera serve --teacher-signup`).
    let signUpMode: TeacherSignUp

    @Sendable func signUp(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(TeacherSignUpRequest.self, from: request)
        let name = try AccountRules.checkName(body.name)
        let email = try AccountRules.checkEmail(body.email)
        try AccountRules.checkPassword(body.password)
        if let invite = body.invite, SchoolRules.checkedToken(invite) == nil { throw SchoolRoutes<Context>.noInvite }
        switch signUpMode {
        case .open: break
        case .invite where body.invite != nil: break
        case .invite, .closed:
            throw APIError(.forbidden, code: "sign_up_closed",
                           say: signUpMode == .closed ? "classroom.errors.signUpClosed" : "classroom.errors.signUpByInvite")
        }
        // Checked before the costly hash, and again by the store's unique index when two race.
        guard try await accounts.teacher(email: email) == nil else { throw AccountError.emailTaken }
        let account = Account(id: Secrets.id(), role: .teacher, name: name, email: email,
                              passwordHash: try await hasher.hash(body.password, client: context.caller.address))
        do {
            try await accounts.insert(account)
        } catch StoreError.emailTaken {
            throw AccountError.emailTaken
        }
        var joined = account
        if let invite = body.invite {
            // Signed up either way: a link used up meanwhile shows as no `school` in the answer.
            if let school = try? await SchoolRoutes<Context>.join(account, token: invite, schools: schools) { joined.schoolID = school.id }
        }
        var response = try JSONBody.response(SignedInJSON(joined), status: .created)
        try await sessions.start(for: account, on: &response, request: request)
        sessions.rememberDevice(for: account, on: &response, request: request)
        return response
    }

    /// A sign-in, counted by `LoginThrottle` as `SignInAttempt` says: the account is found first (a
    /// read), so the throttle knows whether this browser is a device it has used before.
    @Sendable func login(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decode(LoginRequest.self, from: request)
        let account: Account?
        let typed: String
        switch body.who {
        case .teacher(let email):
            typed = "teacher:" + Account.emailKey(email)
            account = try await accounts.teacher(email: email)
        case .pupil(let classCode, let name):
            let code = ClassRules.normalizedCode(classCode)
            typed = "pupil:" + (code ?? classCode.uppercased()) + "/" + ClassRules.looseNameKey(name)
            account = try await pupil(code: code, name: name)
        }
        let attempt = SignInAttempt(
            account: account.map { SignInAttempt.accountKey(id: $0.id, passwordHash: $0.passwordHash) } ?? "name:" + typed,
            knownDevice: account.flatMap { account in
                sessions.device(of: request).flatMap { $0.vouches(for: account.id, key: sessions.deviceKey) ? $0.id : nil }
            },
            address: context.caller.address)
        let isPupil = if case .pupil = body.who { true } else { false }
        try throttle.check(attempt, pupil: isPupil)
        // The same answer, after the same work, for an unknown user and a wrong password.
        guard try await hasher.verify(body.password, against: account?.passwordHash), let account else {
            throttle.recordFailure(attempt)
            throw isPupil ? AccountError.wrongPupilCredentials : AccountError.wrongCredentials
        }
        if account.role == .teacher, let twoStep = try await accounts.twoStep(accountID: account.id), twoStep.isOn {
            try await secondStep(body.code, twoStep: twoStep, account: account, attempt: attempt)
        }
        throttle.recordSuccess(attempt)
        var response = try JSONBody.response(SignedInJSON(account))
        try await sessions.start(for: account, on: &response, request: request)
        sessions.rememberDevice(for: account, on: &response, request: request)
        return response
    }

    /// The pupil a class code and name stand for: the name as typed, else the one pupil it names
    /// ignoring capitals, accents and spaces. An archived class's pupils cannot sign in; to them it
    /// looks like a wrong code.
    private func pupil(code: String?, name: String) async throws -> Account? {
        guard let code, let schoolClass = try await classes.schoolClass(code: code), !schoolClass.archived else { return nil }
        if let exact = try await classes.pupil(classID: schoolClass.id, name: name) { return exact }
        return ClassRules.pupil(looselyNamed: name, among: try await classes.pupils(classID: schoolClass.id))
    }

    /// `GET /api/auth/classes/{code}`: a picture class's name, its pupils' names and the pictures,
    /// for its sign-in page (`/c/CODE`), where the youngest tap their name instead of typing it.
    /// A class that signs in with typed passwords (or no class) answers 404: its names stay private.
    @Sendable func pictureClass(_ request: Request, context: Context) async throws -> Response {
        let text = try context.parameters.require("code")
        guard text.utf8.count <= 32, let code = ClassRules.normalizedCode(text), let schoolClass = try await classes.schoolClass(code: code),
              !schoolClass.archived, schoolClass.signIn == .pictures else {
            throw APIError.notFound("classroom.errors.notFound.pictureClass", ["code": .sent(text, limit: 32)])
        }
        return try JSONBody.response(PictureClassJSON(code: schoolClass.code, name: schoolClass.name, signIn: schoolClass.signIn,
                                                      pupils: try await classes.pupils(classID: schoolClass.id).map(\.name),
                                                      pictures: PicturePassword.pictures))
    }

    /// `GET /c/{code}`: the short address printed on a picture class's cards opens its sign-in page.
    @Sendable func classLink(_ request: Request, context: Context) async throws -> Response {
        let text = try context.parameters.require("code")
        // Only something shaped like a code goes on (the page asks whether a picture class has it).
        guard text.utf8.count <= 32, let code = ClassRules.normalizedCode(text) else {
            throw APIError.notFound("classroom.errors.notFound.classCode", ["code": .sent(text, limit: 32)])
        }
        return Response(status: .found, headers: [.location: "/classroom/pictures.html?code=" + code])
    }

    @Sendable func logout(_ request: Request, context: Context) async throws -> Response {
        var response = Response(status: .noContent)
        try await sessions.end(context.caller.session, on: &response, request: request)
        return response
    }

    /// Who is signed in; when nobody is (the session ended elsewhere, or 30 days passed), the 401
    /// also clears the browser's stale cookies so its pages stop asking.
    @Sendable func me(_ request: Request, context: Context) async throws -> Response {
        if let problem = context.caller.lookupProblem { throw problem }
        guard let account = context.caller.account else {
            var response = try AccountError.signInRequired.apiError.response(from: request, context: context)
            if request.cookies[Sessions.sessionCookie] != nil || request.cookies[Sessions.csrfCookie] != nil {
                try await sessions.end(nil, on: &response, request: request)
            }
            return response
        }
        return try JSONBody.response(SignedInJSON(account))
    }

    @Sendable func changePassword(_ request: Request, context: Context) async throws -> Response {
        let account = try context.caller.teacher()
        let session = try context.caller.signedIn().session
        let body = try await JSONBody.decode(PasswordChangeRequest.self, from: request)
        try AccountRules.checkPassword(body.newPassword)
        try await confirmPassword(body.currentPassword, of: account, session: session, request: request, context: context)
        _ = try await accounts.setPasswordHash(accountID: account.id, try await hasher.hash(body.newPassword, client: account.id))
        try await accounts.deleteSessions(accountID: account.id, except: session.id)
        return try JSONBody.response(SignedInJSON(account))
    }

    /// Checks a signed-in teacher's password again before a change that matters (a new password,
    /// two-step sign-in on or off). Counted as a sign-in on this device: a stolen session cannot
    /// guess the password faster.
    func confirmPassword(_ typed: String, of account: Account, session: Session, request: Request, context: Context) async throws {
        let attempt = SignInAttempt(account: SignInAttempt.accountKey(id: account.id, passwordHash: account.passwordHash),
                                    knownDevice: sessions.device(of: request)?.id ?? "session-\(session.id.prefix(16))",
                                    address: context.caller.address)
        try throttle.check(attempt)
        guard try await hasher.verify(typed, against: account.passwordHash, lane: .other, client: account.id) else {
            throttle.recordFailure(attempt)
            throw AccountError.wrongCredentials
        }
    }
}
