/// What an account must be, checked where a request enters and again here, with messages a
/// teacher can act on.
public enum AccountRules {
    /// A teacher's password: 10 to 200 characters (Unicode scalars, as the API contract counts).
    /// The server hashes its SHA-256 with bcrypt, so bcrypt's 72-byte limit never cuts a long one.
    public static let passwordCharacters = 10
    public static let passwordMaxCharacters = 200
    public static let nameMaxCharacters = 80
    public static let emailMaxCharacters = 254
    /// Sessions end after this long unused (30 days).
    public static let sessionIdleLimit: Double = 30 * 24 * 3600
    /// A session's last use is recorded at most this often.
    public static let touchInterval: Double = 3600

    public static func checkPassword(_ password: String) throws(AccountError) {
        guard password.unicodeScalars.count >= passwordCharacters else { throw .passwordTooShort }
        guard password.unicodeScalars.count <= passwordMaxCharacters else { throw .passwordTooLong }
    }

    /// 1 to 80 characters with something besides spaces and no control characters; kept trimmed.
    public static func checkName(_ name: String) throws(AccountError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, name.unicodeScalars.count <= nameMaxCharacters,
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidName
        }
        return trimmed
    }

    /// A plausible address: `local@domain.tld` with no spaces, one `@`, and a domain of dot-separated
    /// non-empty labels (the contract's pattern); whether it receives mail is not ours to know.
    public static func checkEmail(_ email: String) throws(AccountError) -> String {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.unicodeScalars.count <= emailMaxCharacters, parts.count == 2, !parts[0].isEmpty,
              !email.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else {
            throw .invalidEmail
        }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { throw .invalidEmail }
        return email
    }
}

/// Why an account cannot be made or used, with a stable code.
public enum AccountError: Error, Equatable, Sendable, CustomStringConvertible {
    case passwordTooShort
    case passwordTooLong
    case invalidName
    case invalidEmail
    case emailTaken
    /// A wrong password and an unknown user get this same answer, so it tells nobody who exists.
    case wrongCredentials
    /// The pupil's form of `wrongCredentials` (pupils have no email).
    case wrongPupilCredentials
    case signInRequired
    case teachersOnly
    /// Two pupils of one class would share a name (names are how pupils sign in).
    case pupilNameTaken(String)
    case tooManyPupils
    case tooManyClasses

    public var code: String {
        switch self {
        case .passwordTooShort: "password_too_short"
        case .passwordTooLong: "password_too_long"
        case .invalidName: "invalid_name"
        case .invalidEmail: "invalid_email"
        case .emailTaken: "email_taken"
        case .wrongCredentials, .wrongPupilCredentials: "wrong_credentials"
        case .signInRequired: "sign_in_required"
        case .teachersOnly: "teachers_only"
        case .pupilNameTaken: "pupil_name_taken"
        case .tooManyPupils: "too_many_pupils"
        case .tooManyClasses: "too_many_classes"
        }
    }

    public var description: String {
        switch self {
        case .passwordTooShort: "a password needs at least \(AccountRules.passwordCharacters) characters; a short sentence you can remember works well"
        case .passwordTooLong: "a password may be at most \(AccountRules.passwordMaxCharacters) characters; choose a shorter one"
        case .invalidName: "a name needs 1 to \(AccountRules.nameMaxCharacters) characters"
        case .invalidEmail: "that does not look like an email address; check it for typos"
        case .emailTaken: "an account with this email already exists; sign in instead, or ask the server's operator to reset its password"
        case .wrongCredentials: "that email or password is not right; check them and try again"
        case .wrongPupilCredentials: "the class code, name or password is not right; check your login card or ask your teacher"
        case .signInRequired: "please sign in first"
        case .teachersOnly: "only a teacher's account can do this"
        case .pupilNameTaken(let name): "the class already has a pupil called \(name); add a letter or a number to tell them apart"
        case .tooManyPupils: "a class holds 1 to \(ClassRules.maxPupilsPerClass) pupils; add them in smaller groups or make another class"
        case .tooManyClasses: "a teacher may have up to \(ClassRules.maxClassesPerTeacher) classes; archive one you no longer teach"
        }
    }
}
