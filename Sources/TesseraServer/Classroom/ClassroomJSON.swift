import ClassroomKit
import Foundation
import GridKit

/// `POST /api/auth/teachers`: `{"name","email","password"}`, each a string, nothing null.
struct TeacherSignUpRequest: Decodable {
    let name: String
    let email: String
    let password: String
    /// A school's invitation token: the new teacher joins that school.
    let invite: String?
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
        // One of the contract's two forms, each checked whole: the teacher's (`email`, at most 254
        // characters) or else the pupil's (`classCode` up to 32, `name` up to 80).
        let email = (try? container.decode(String.self, forKey: .email)).flatMap {
            $0.unicodeScalars.count <= AccountRules.emailMaxCharacters ? $0 : nil
        }
        let code = (try? container.decode(String.self, forKey: .classCode)).flatMap { $0.unicodeScalars.count <= 32 ? $0 : nil }
        let name = (try? container.decode(String.self, forKey: .name)).flatMap {
            $0.unicodeScalars.count <= AccountRules.nameMaxCharacters ? $0 : nil
        }
        if let email {
            who = .teacher(email: email)
        } else if let code, let name {
            who = .pupil(classCode: code, name: name)
        } else {
            throw APIError.badRequest("Send `email` (up to 254 characters) and `password` as a teacher, or `classCode` "
                                      + "(up to 32), `name` (up to 80) and `password` as a pupil.")
        }
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
        /// A teacher's school and whether they are one of its admins (absent: no school).
        var school: String?
        var schoolAdmin: Bool?
    }
    let user: User

    init(_ account: Account) {
        user = User(id: account.id, name: account.name, role: account.role, school: account.schoolID,
                    schoolAdmin: account.schoolID == nil ? nil : account.schoolAdmin)
    }
}

/// `POST /api/classes`: `{"name"}`.
struct ClassNameRequest: Decodable {
    let name: String
}

/// `PATCH /api/classes/{id}`: `{"name"?, "archived"?}` (at least one).
struct ClassChangeRequest: Decodable {
    let name: String?
    let archived: Bool?

    private enum CodingKeys: String, CodingKey { case name, archived }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeUnlessNull(String.self, forKey: .name)
        archived = try container.decodeUnlessNull(Bool.self, forKey: .archived)
        guard name != nil || archived != nil else { throw APIError.badRequest("Send `name`, `archived` or both.") }
    }
}

/// `POST /api/classes/{id}/pupils`: `{"names": [1–60 names]}`.
struct AddPupilsRequest: Decodable {
    let names: [String]

    private enum CodingKeys: String, CodingKey { case names }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        names = try container.decode([String].self, forKey: .names)
        guard (1...ClassRules.maxPupilsPerClass).contains(names.count) else {
            throw APIError.badRequest("`names` holds 1 to \(ClassRules.maxPupilsPerClass) names.")
        }
    }
}

/// `POST /api/classes/{id}/pupils/{pupil}/move`: `{"toClass"}`.
struct MovePupilRequest: Decodable {
    let toClass: String
}

struct ClassJSON: Encodable {
    let id: String
    let name: String
    let code: String
    let archived: Bool
    let pupilCount: Int
    /// The reader's own class (false: they co-teach it).
    let mine: Bool

    init(_ schoolClass: SchoolClass, pupilCount: Int, mine: Bool = true) {
        id = schoolClass.id
        name = schoolClass.name
        code = schoolClass.code
        archived = schoolClass.archived
        self.pupilCount = pupilCount
        self.mine = mine
    }
}

struct ClassListJSON: Encodable {
    let classes: [ClassJSON]
}

/// A pupil; `password` only in the answers that make one (explicit `null` elsewhere).
struct PupilJSON: Encodable {
    let id: String
    let name: String
    @Nullable var password: String?
    /// Too many wrong passwords on devices the pupil has not used: the teacher may unlock them.
    let locked: Bool

    init(_ pupil: Account, password: String?, locked: Bool = false) {
        id = pupil.id
        name = pupil.name
        self.password = password
        self.locked = locked
    }
}

struct PupilListJSON: Encodable {
    let pupils: [PupilJSON]
}
