import ClassroomKit
import Foundation

/// `POST /api/auth/teachers`: `{"name","email","password"}`, each a string, nothing null.
struct TeacherSignUpRequest: Decodable {
    let name: String
    let email: String
    let password: String
}

/// `POST /api/auth/login`: a teacher's `{"email","password"}` or a pupil's
/// `{"classCode","name","password"}` (with `email` present it is a teacher's).
struct LoginRequest: Decodable {
    enum Who {
        case teacher(email: String)
        case pupil(classCode: String, name: String)
    }
    let who: Who
    let password: String

    private enum CodingKeys: String, CodingKey { case email, classCode, name, password }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        password = try container.decode(String.self, forKey: .password)
        guard password.unicodeScalars.count <= AccountRules.passwordMaxCharacters else { throw AccountError.passwordTooLong }
        if let email = try container.decodeUnlessNull(String.self, forKey: .email) {
            who = .teacher(email: try Self.bounded(email, "email", maxCharacters: AccountRules.emailMaxCharacters))
        } else if let code = try container.decodeUnlessNull(String.self, forKey: .classCode) {
            let name = try container.decode(String.self, forKey: .name)
            who = .pupil(classCode: try Self.bounded(code, "classCode", maxCharacters: 32),
                         name: try Self.bounded(name, "name", maxCharacters: AccountRules.nameMaxCharacters))
        } else {
            throw APIError.badRequest("Send `email` and `password` (a teacher), or `classCode`, `name` and `password` (a pupil).")
        }
    }

    private static func bounded(_ text: String, _ field: String, maxCharacters: Int) throws -> String {
        guard text.unicodeScalars.count <= maxCharacters else {
            throw APIError.badRequest("`\(field)` may be at most \(maxCharacters) characters.")
        }
        return text
    }
}

/// `PUT /api/auth/password`: `{"currentPassword","newPassword"}`.
struct PasswordChangeRequest: Decodable {
    let currentPassword: String
    let newPassword: String

    private enum CodingKeys: String, CodingKey { case currentPassword, newPassword }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        currentPassword = try container.decode(String.self, forKey: .currentPassword)
        newPassword = try container.decode(String.self, forKey: .newPassword)
        guard currentPassword.unicodeScalars.count <= AccountRules.passwordMaxCharacters else { throw AccountError.passwordTooLong }
    }
}

/// `{"user": {"id","name","role"}}`: who is signed in (never a password or its hash).
struct SignedInJSON: Encodable {
    struct User: Encodable {
        let id: String
        let name: String
        let role: Account.Role
    }
    let user: User

    init(_ account: Account) {
        user = User(id: account.id, name: account.name, role: account.role)
    }
}
