import ClassroomKit
import Foundation
import Hummingbird
import TesseraStore

/// `/api/auth/totp…`: a teacher's optional two-step sign-in with an authenticator app. Turning it
/// on is two requests (the secret, then a code from the app that proves it was added), so a
/// mistyped secret never locks anyone out; turning it off asks for the password again.
extension AuthRoutes {
    /// `GET /api/auth/totp` → `{"on","recoveryCodesLeft"}`.
    @Sendable func twoStepStatus(_ request: Request, context: Context) async throws -> Response {
        let teacher = try context.caller.teacher()
        let twoStep = try await accounts.twoStep(accountID: teacher.id)
        return try JSONBody.response(TwoStepStatusJSON(on: twoStep?.isOn ?? false, recoveryCodesLeft: twoStep?.isOn == true ? twoStep?.recoveryCodesLeft ?? 0 : 0))
    }

    /// `POST /api/auth/totp` `{"password"}` → 201 `{"secret","uri"}`: a new secret for the app,
    /// not asked for at sign-in until confirmed. 409 `two_step_on` when it is on already.
    @Sendable func beginTwoStep(_ request: Request, context: Context) async throws -> Response {
        let (teacher, session) = try context.caller.signedIn()
        guard teacher.role == .teacher else { throw AccountError.teachersOnly }
        let body = try await JSONBody.decode(PasswordRequest.self, from: request)
        try await confirmPassword(body.password, of: teacher, session: session, request: request, context: context)
        let totp = TOTP.random()
        guard try await accounts.beginTwoStep(accountID: teacher.id, totp: totp, at: Date()) else { throw Self.alreadyOn }
        return try JSONBody.response(TwoStepSecretJSON(secret: totp.base32, uri: totp.uri(account: teacher.email ?? teacher.name)),
                                     status: .created)
    }

    /// `POST /api/auth/totp/confirm` `{"code"}` → `{"recoveryCodes"}` (ten, shown this once): the
    /// code the app shows turns two-step sign-in on, and the teacher's other sessions end.
    @Sendable func confirmTwoStep(_ request: Request, context: Context) async throws -> Response {
        let (teacher, session) = try context.caller.signedIn()
        guard teacher.role == .teacher else { throw AccountError.teachersOnly }
        let body = try await JSONBody.decode(CodeRequest.self, from: request)
        guard let pending = try await accounts.twoStep(accountID: teacher.id) else {
            throw APIError(.conflict, code: "no_two_step_setup", say: "classroom.errors.twoStep.notStarted")
        }
        guard !pending.isOn else { throw Self.alreadyOn }
        guard let step = pending.totp.step(of: body.code, at: Date()) else {
            throw APIError(.unprocessableContent, code: "wrong_code", say: "classroom.errors.twoStep.wrongSetupCode")
        }
        let codes = RecoveryCodes.make()
        guard try await accounts.confirmTwoStep(accountID: teacher.id, recoveryHashes: codes.compactMap(RecoveryCodes.key).map(RecoveryCodes.hash),
                                                step: step, at: Date()) else { throw Self.alreadyOn }
        try await accounts.deleteSessions(accountID: teacher.id, except: session.id)
        return try JSONBody.response(RecoveryCodesJSON(recoveryCodes: codes))
    }

    /// `POST /api/auth/totp/off` `{"password"}` → 204: two-step sign-in off, secret and codes forgotten.
    @Sendable func turnOffTwoStep(_ request: Request, context: Context) async throws -> Response {
        let (teacher, session) = try context.caller.signedIn()
        guard teacher.role == .teacher else { throw AccountError.teachersOnly }
        let body = try await JSONBody.decode(PasswordRequest.self, from: request)
        try await confirmPassword(body.password, of: teacher, session: session, request: request, context: context)
        try await accounts.deleteTwoStep(accountID: teacher.id)
        return Response(status: .noContent)
    }

    /// A sign-in's second step, after a right password: a code from the app not used before, or an
    /// unused recovery code. A missing code is asked for (401 `code_required`, nothing counted); a
    /// wrong one counts as a failed sign-in, so the per-account limit guards the code too.
    func secondStep(_ typed: String?, twoStep: TwoStep, account: Account, attempt: SignInAttempt) async throws {
        guard let typed, !typed.allSatisfy(\.isWhitespace) else {
            throw APIError(.unauthorized, code: "code_required", say: "classroom.errors.twoStep.codeRequired")
        }
        let accepted = switch SecondStepCode(typed, totp: twoStep.totp, at: Date()) {
        case .app(let step): try await accounts.useTwoStepCode(accountID: account.id, step: step)
        case .recovery(let hash): try await accounts.useRecoveryCode(accountID: account.id, hash: hash)
        case .wrong: false
        }
        guard accepted else {
            throttle.recordFailure(attempt)
            throw APIError(.unauthorized, code: "wrong_code", say: "classroom.errors.twoStep.wrongCode")
        }
    }

    static var alreadyOn: APIError {
        APIError(.conflict, code: "two_step_on", say: "classroom.errors.twoStep.alreadyOn")
    }
}

/// `{"password"}`: a signed-in teacher's password, asked again.
struct PasswordRequest: Decodable {
    let password: String

    private enum CodingKeys: String, CodingKey { case password }

    init(from decoder: any Decoder) throws {
        password = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .password)
        guard password.unicodeScalars.count <= AccountRules.passwordMaxCharacters else { throw AccountError.passwordTooLong }
    }
}

/// `{"code"}`: a code from the authenticator app.
struct CodeRequest: Decodable {
    let code: String

    private enum CodingKeys: String, CodingKey { case code }

    init(from decoder: any Decoder) throws {
        code = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .code)
        guard code.unicodeScalars.count <= 32 else { throw APIError.badRequest("classroom.errors.json.codeLength", ["limit": .number(32)]) }
    }
}

struct TwoStepStatusJSON: Encodable {
    let on: Bool
    let recoveryCodesLeft: Int
}

struct TwoStepSecretJSON: Encodable {
    let secret: String
    let uri: String
}

struct RecoveryCodesJSON: Encodable {
    let recoveryCodes: [String]
}
