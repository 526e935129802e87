import ClassroomKit
import Foundation
import GridKit
import Languages

/// `POST /api/auth/teachers`: `{"name","email","password"}`, each a string, nothing null.
struct TeacherSignUpRequest: Decodable {
    let name: String
    let email: String
    let password: String
    /// A school's invitation token: the new teacher joins that school.
    let invite: String?
}

/// `POST /api/auth/login`: a teacher's `{"email","password"}` or a pupil's
/// `{"classCode","name","password"}` (with `email` present it is a teacher's); a teacher with
/// two-step sign-in adds `code` (from the app, or a recovery code).
struct LoginRequest: Decodable {
    enum Who {
        case teacher(email: String)
        case pupil(classCode: String, name: String)
    }
    let who: Who
    let password: String
    /// The second step's code, when the teacher has been asked for it.
    let code: String?

    private enum CodingKeys: String, CodingKey { case email, classCode, name, password, pictures, code }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // A picture class's pupil sends the two pictures they tapped instead of a password.
        if !container.contains(.password), let pictures = try? container.decode([String].self, forKey: .pictures) {
            guard let text = PicturePassword.text(pictures) else {
                throw APIError.badRequest("classroom.errors.json.pictures", ["pictures": .text(PicturePassword.pictures.joined(separator: ", "))])
            }
            password = text
        } else {
            password = try container.decode(String.self, forKey: .password)
        }
        guard password.unicodeScalars.count <= AccountRules.passwordMaxCharacters else { throw AccountError.passwordTooLong }
        code = try container.decodeIfPresent(String.self, forKey: .code)
        if let code, code.unicodeScalars.count > 32 { throw APIError.badRequest("classroom.errors.json.codeLength", ["limit": .number(32)]) }
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
            throw APIError.badRequest("classroom.errors.json.signIn")
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
    let signIn: SignInMode?
    let levelApproval: Bool?
    let pupilLinks: Bool?

    private enum CodingKeys: String, CodingKey { case name, archived, signIn, levelApproval, pupilLinks }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeUnlessNull(String.self, forKey: .name)
        archived = try container.decodeUnlessNull(Bool.self, forKey: .archived)
        levelApproval = try container.decodeUnlessNull(Bool.self, forKey: .levelApproval)
        pupilLinks = try container.decodeUnlessNull(Bool.self, forKey: .pupilLinks)
        guard let mode = try container.decodeUnlessNull(String.self, forKey: .signIn) else {
            signIn = nil
            guard name != nil || archived != nil || levelApproval != nil || pupilLinks != nil else {
                throw APIError.badRequest("classroom.errors.json.classChange")
            }
            return
        }
        guard let known = SignInMode(rawValue: mode) else { throw APIError.badRequest("classroom.errors.json.signInMode") }
        signIn = known
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
            throw APIError.badRequest("classroom.errors.json.names", ["limit": .number(ClassRules.maxPupilsPerClass)])
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
    /// How its pupils sign in: `words` or `pictures`.
    let signIn: SignInMode
    /// Pupils' shared levels wait for a teacher's approval; pupils may share by public link.
    let levelApproval: Bool
    let pupilLinks: Bool
    /// After a change of `signIn` only: every pupil's new password, for new login cards.
    var pupils: [PupilJSON]?

    init(_ schoolClass: SchoolClass, pupilCount: Int, mine: Bool = true, pupils: [PupilJSON]? = nil) {
        id = schoolClass.id
        name = schoolClass.name
        code = schoolClass.code
        archived = schoolClass.archived
        self.pupilCount = pupilCount
        self.mine = mine
        signIn = schoolClass.signIn
        levelApproval = schoolClass.levelApproval
        pupilLinks = schoolClass.pupilLinks
        self.pupils = pupils
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
    /// A picture class's new password as its two pictures (with `password` saying them in words).
    var pictures: [String]?
    /// Too many wrong passwords on devices the pupil has not used: the teacher may unlock them.
    let locked: Bool

    init(_ pupil: Account, password: String?, locked: Bool = false) {
        id = pupil.id
        name = pupil.name
        self.password = password
        self.locked = locked
    }

    init(_ pupil: Account, secret: PupilSecret) {
        self.init(pupil, password: secret.shown)
        pictures = secret.pictures
    }
}

/// A pupil's new password of their class's kind: what is hashed, what the teacher is shown, and
/// for a picture class the two pictures.
struct PupilSecret {
    let hashed: String
    let shown: String
    let pictures: [String]?

    static func new(for mode: SignInMode) -> PupilSecret {
        switch mode {
        case .words:
            let password = PasswordHashing.readablePassword(groups: 2)
            return PupilSecret(hashed: password, shown: password, pictures: nil)
        case .pictures:
            let pictures = PicturePassword.random()
            return PupilSecret(hashed: PicturePassword.text(pictures) ?? "", shown: pictures.joined(separator: " "), pictures: pictures)
        }
    }
}

/// `GET /api/auth/classes/{code}`: a picture class's name and pupils, for its sign-in page.
struct PictureClassJSON: Encodable {
    let code: String
    let name: String
    let signIn: SignInMode
    let pupils: [String]
    let pictures: [String]
}

struct PupilListJSON: Encodable {
    let pupils: [PupilJSON]
}
