import Foundation

/// A person who signs in: a teacher (by email) or a pupil (by class code and name). Anonymous
/// play needs no account; an account is what lets progress, programs and levels follow a person
/// from device to device and lets a teacher see their class.
public struct Account: Codable, Equatable, Sendable {
    public enum Role: String, Codable, Sendable {
        case teacher, pupil
    }

    public var id: String
    public var role: Role
    public var name: String
    /// A teacher's email as they typed it (shown back to them); `nil` for pupils.
    public var email: String?
    /// The bcrypt hash of the password; the password itself is never kept.
    public var passwordHash: String
    /// The class a pupil belongs to; `nil` for teachers.
    public var classID: String?
    public var createdAt: Date
    /// The school a teacher belongs to (`nil`: none, as every teacher before schools).
    public var schoolID: String?
    /// Whether the teacher is one of their school's admins.
    public var schoolAdmin: Bool

    /// What an account's Rapid Router progress, programs and levels are kept under: `acct-<id>`.
    /// Anonymous pages make ids without a dash, so the two never meet.
    public static let playerPrefix = "acct-"
    public static func playerID(_ accountID: String) -> String { playerPrefix + accountID }
    public var playerID: String { Self.playerID(id) }

    public init(id: String, role: Role, name: String, email: String? = nil, passwordHash: String,
                classID: String? = nil, createdAt: Date = Date(), schoolID: String? = nil, schoolAdmin: Bool = false) {
        self.id = id
        self.role = role
        self.name = name
        self.email = email
        self.passwordHash = passwordHash
        self.classID = classID
        self.createdAt = createdAt
        self.schoolID = schoolID
        self.schoolAdmin = schoolAdmin
    }

    /// The form an email is looked up and kept unique by: trimmed and lower-cased, so
    /// "Ann@School.org" and "ann@school.org " are one teacher.
    public static func emailKey(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    public var emailKey: String? { email.map(Self.emailKey) }
}

/// A signed-in browser. The cookie carries a random token; only the token's SHA-256 (`id`) is
/// stored, so a copy of the database signs nobody in.
public struct Session: Codable, Equatable, Sendable {
    public var id: String
    public var accountID: String
    public var createdAt: Date
    /// Moved forward as the session is used (at most once per `AccountRules.touchInterval`).
    public var lastSeenAt: Date

    public init(id: String, accountID: String, createdAt: Date = Date(), lastSeenAt: Date? = nil) {
        self.id = id
        self.accountID = accountID
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt ?? createdAt
    }

    /// Whether a session last seen then is still good now (30 days idle ends it).
    public func isLive(at now: Date) -> Bool {
        now.timeIntervalSince(lastSeenAt) < AccountRules.sessionIdleLimit
    }

    /// Whether using the session now should move `lastSeenAt` (not on every request: a write each
    /// time would make every signed-in read a write).
    public func needsTouch(at now: Date) -> Bool {
        now.timeIntervalSince(lastSeenAt) >= AccountRules.touchInterval
    }
}
