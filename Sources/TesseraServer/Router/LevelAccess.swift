import ClassroomKit
import Foundation
import HTTPTypes
import Hummingbird
import TesseraStore

/// Who is asking about a stored level, and what they may do with it. A level belongs to a
/// signed-in account (`acct-<id>`) or to an anonymous browser, which proves it is the same browser
/// with a secret key it keeps and sends in `X-Tessera-Owner-Key`; only the key's hash is stored,
/// so a copy of the database cannot act as that browser.
struct LevelCaller: Sendable {
    static let ownerKeyHeader = HTTPField.Name("X-Tessera-Owner-Key")!
    static let anonymousPrefix = "anon-"

    /// The signed-in account, if any.
    let account: Account?
    /// Everything this caller owns under: their account first, then their browser's key. A child
    /// who made levels before signing in still finds them on the same browser.
    let owners: [String]
    /// The classes whose shared levels this caller sees: a pupil's own class, a teacher's classes.
    let classes: [SchoolClass]
    var classIDs: Set<String> { Set(classes.map(\.id)) }

    init(account: Account?, owners: [String], classes: [SchoolClass]) {
        self.account = account
        self.owners = owners
        self.classes = classes
    }

    /// Who new levels belong to: the account when signed in, else the browser's key.
    var owner: String? { owners.first }

    /// The level caller of a request's `Caller`: no store calls (the middleware read the account
    /// and its classes). A malformed owner key is a 400 rather than silently ignored: a page that
    /// sends one expects its levels to be kept under it.
    init(_ caller: Caller) throws {
        if let problem = caller.ownerKeyProblem { throw problem }
        var owners: [String] = []
        if let account = caller.account { owners.append(account.playerID) }
        if let anonymous = caller.anonymousOwner { owners.append(anonymous) }
        self.init(account: caller.account, owners: owners, classes: caller.classes)
    }

    /// `anon-` and the first 32 hex digits of the key's SHA-256 (the key: 32 to 64 hex digits).
    static func anonymousOwner(_ key: String) throws -> String {
        let key = key.trimmingCharacters(in: .whitespaces)
        guard (32...64).contains(key.utf8.count), key.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) })
        else {
            throw APIError.badRequest("router.errors.ownerKey", code: "invalid_owner_key")
        }
        return anonymousPrefix + String(Secrets.hash(key.lowercased()).prefix(32))
    }

    /// The owner for something new, or 400 saying how to be one.
    func requireOwner() throws -> String {
        guard let owner else {
            throw APIError.badRequest("router.errors.ownerRequired", code: "owner_required")
        }
        return owner
    }

    func owns(_ level: StoredLevel) -> Bool { level.owner.map(owners.contains) ?? false }

    /// A member of a class the level is shared with: a teacher of it (also while it waits for
    /// their approval), or a pupil of it once it is approved.
    func isInSharedClass(_ level: StoredLevel) -> Bool {
        !classIDs.isDisjoint(with: account?.role == .teacher ? level.shares.classes : level.shares.approved)
    }

    /// Owner, link-shared, a class it is shared with, or stored before levels had owners.
    func mayRead(_ level: StoredLevel) -> Bool {
        level.owner == nil || level.shares.link || owns(level) || isInSharedClass(level)
    }

    /// The owner, or (moderation) the teacher of a class the level is shared with.
    func mayDelete(_ level: StoredLevel) -> Bool {
        owns(level) || (account?.role == .teacher && isInSharedClass(level))
    }

    /// The level for reading, or 404 to anyone who may not know it exists.
    func readable(_ level: StoredLevel?, id: String) throws -> StoredLevel {
        guard let level, mayRead(level) else { throw APIError.notFound("router.errors.notFound.level", ["id": .sent(id)]) }
        return level
    }

    /// The listing keys of levels "shared with me": each of the caller's classes (for a teacher,
    /// also what waits for their approval there).
    var sharedKeys: Set<String> {
        Set(classIDs.map(StoredLevel.classKey)).union(account?.role == .teacher ? classIDs.map(StoredLevel.waitingKey) : [])
    }
    var ownKeys: Set<String> { Set(owners.map(StoredLevel.ownerKey)) }
}
