import Foundation

/// A teacher's class. Pupils sign in with its `code`, their name and the password their teacher
/// gave them; the teacher sees the class's scoreboard and decides what it may play.
public struct SchoolClass: Codable, Equatable, Sendable {
    public var id: String
    public var teacherID: String
    public var name: String
    /// Six characters from `ClassRules.codeAlphabet`, unique among all classes.
    public var code: String
    /// An archived class keeps its pupils and progress but is hidden from the teacher's list and
    /// its pupils cannot sign in.
    public var archived: Bool
    public var createdAt: Date
    /// How its pupils sign in: typed passwords, or two pictures.
    public var signIn: SignInMode
    /// Whether a level a pupil shares with the class waits for a teacher's approval (the default).
    public var levelApproval: Bool
    /// Whether its pupils may share their levels by an unlisted public link (off by default).
    public var pupilLinks: Bool

    public init(id: String, teacherID: String, name: String, code: String, archived: Bool = false, createdAt: Date = Date(),
                signIn: SignInMode = .words, levelApproval: Bool = true, pupilLinks: Bool = false) {
        self.id = id
        self.teacherID = teacherID
        self.name = name
        self.code = code
        self.archived = archived
        self.createdAt = createdAt
        self.signIn = signIn
        self.levelApproval = levelApproval
        self.pupilLinks = pupilLinks
    }
}

/// The rules for classes and pupils.
public enum ClassRules {
    /// Capitals and digits a child cannot misread: no 0/O, 1/I/L, 2/Z, 5/S, 8/B.
    public static let codeAlphabet = Array("ACDEFGHJKMNPQRTUVWXY34679")
    public static let codeLength = 6
    public static let maxPupilsPerClass = 60
    public static let maxClassesPerTeacher = 50

    /// A fresh class code (about 28 bits; the store refuses a duplicate and the caller draws again).
    public static func newCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<codeLength).map { _ in codeAlphabet.randomElement(using: &generator) ?? "A" })
    }

    /// A code as a pupil might type it (lower case, spaces, a dash) in its stored form, or `nil`
    /// when it cannot be one.
    public static func normalizedCode(_ typed: String) -> String? {
        let code = String(typed.uppercased().filter { !$0.isWhitespace && $0 != "-" })
        guard code.count == codeLength, code.allSatisfy(codeAlphabet.contains) else { return nil }
        return code
    }

    /// The form a pupil's name is unique by within a class (and looked up by at sign-in).
    public static func nameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// A name as a child might type it: capitals, accents and repeated spaces do not matter, so
    /// "chloe  d" finds "Chloé D". Used only when the exact `nameKey` finds nobody.
    public static func looseNameKey(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The one pupil of `pupils` whose name `typed` names loosely; `nil` when none or several do
    /// ("Zoé A" and "Zoe A" in one class must be typed exactly).
    public static func pupil(looselyNamed typed: String, among pupils: [Account]) -> Account? {
        let key = looseNameKey(typed)
        let matches = pupils.filter { looseNameKey($0.name) == key }
        return matches.count == 1 ? matches.first : nil
    }

    /// The names a teacher typed for a new set of pupils: each checked like any account name,
    /// none twice (ignoring capitals), at most `room` of them.
    public static func checkPupilNames(_ names: [String], room: Int) throws(AccountError) -> [String] {
        guard !names.isEmpty, names.count <= room else { throw .tooManyPupils }
        var seen: Set<String> = []
        var checked: [String] = []
        for name in names {
            let name = try AccountRules.checkName(name)
            guard seen.insert(nameKey(name)).inserted else { throw .pupilNameTaken(name) }
            checked.append(name)
        }
        return checked
    }
}
