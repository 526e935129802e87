import Crypto
import Foundation

/// A school: the teachers who share it, one or more of them its admins. A teacher with no school
/// works exactly as before; one in a school may teach a colleague's class beside them
/// (co-teachers), and its admins see every class and teacher, invite colleagues and help them in.
public struct School: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var createdAt: Date

    public init(id: String, name: String, createdAt: Date = Date()) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }
}

/// A one-time invitation to join a school. The link carries a random token; only its SHA-256
/// (`id`) is stored, so a copy of the database invites nobody. Opening it (signed in, or signing
/// up from it) uses it up.
public struct SchoolInvite: Codable, Equatable, Sendable {
    public var id: String
    public var schoolID: String
    /// The admin who made it.
    public var createdBy: String
    public var expiresAt: Date

    public init(id: String, schoolID: String, createdBy: String, expiresAt: Date) {
        self.id = id
        self.schoolID = schoolID
        self.createdBy = createdBy
        self.expiresAt = expiresAt
    }
}

public enum SchoolRules {
    /// How long an invitation link works.
    public static let inviteLifetime: TimeInterval = 7 * 24 * 3600
    /// Open invitations per school at once (each is one colleague).
    public static let maxOpenInvites = 50
    public static let maxTeachersPerSchool = 200
    /// Teachers of one class: its own and co-teachers.
    public static let maxTeachersPerClass = 10

    /// A new invitation's token (what the link carries) and the invite to store.
    public static func newInvite(schoolID: String, by adminID: String, now: Date = Date()) -> (token: String, invite: SchoolInvite) {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
        return (token, SchoolInvite(id: inviteID(token), schoolID: schoolID, createdBy: adminID, expiresAt: now + inviteLifetime))
    }

    /// The stored id of an invitation token.
    public static func inviteID(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A token as links carry it: 64 hex digits, else nil (no lookup for anything else).
    public static func checkedToken(_ text: String) -> String? {
        let token = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard token.utf8.count == 64, token.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return token
    }
}
