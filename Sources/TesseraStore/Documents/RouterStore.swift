import Foundation
import RouterKit

/// A level made in the editor or imported from Rapid Router, kept beside ours.
package struct StoredLevel: StoredDocument {
    package enum Source: String, Codable, Sendable {
        case custom, imported
    }

    /// Who may see a level besides its owner: the classes it is shared with (their pupils and
    /// teacher), and with `link`, anyone who has its id (still never listed).
    package struct Shares: Codable, Equatable, Sendable {
        package var classes: [String]
        package var link: Bool
        /// Classes among `classes` where the level waits for a teacher's approval: their pupils do
        /// not see it yet; their teachers do, in a queue. (Absent in levels shared before approval.)
        package var waiting: [String]

        package init(classes: [String] = [], link: Bool = false, waiting: [String] = []) {
            self.classes = classes
            self.link = link
            self.waiting = waiting
        }

        package init(from decoder: any Decoder) throws {
            let json = try decoder.container(keyedBy: CodingKeys.self)
            classes = try json.decode([String].self, forKey: .classes)
            link = try json.decode(Bool.self, forKey: .link)
            waiting = try json.decodeIfPresent([String].self, forKey: .waiting) ?? []
        }

        /// The classes whose pupils see it.
        package var approved: [String] { classes.filter { !waiting.contains($0) } }
    }

    package var id: String { level.id }
    package var level: Level
    package var source: Source
    /// The Rapid Router fixture's primary key an imported level came from.
    package var sourcePk: Int?
    /// `acct-<account id>` or `anon-<hash of the browser's owner key>`; `nil` for levels stored
    /// before levels had owners, which stay reachable by id and are never listed.
    package var owner: String?
    package var shares: Shares
    /// The answer its maker saved (a run request's `program` object as JSON text, one that
    /// delivered when saved), shown to teachers only; dropped when the level changes.
    package var solution: String?

    package init(level: Level, source: Source, sourcePk: Int? = nil, owner: String? = nil, shares: Shares = Shares(),
                 solution: String? = nil) {
        self.level = level
        self.source = source
        self.sourcePk = sourcePk
        self.owner = owner
        self.shares = shares
        self.solution = solution
    }

    private enum CodingKeys: String, CodingKey { case level, source, sourcePk, owner, shares, solution }

    /// Rows written before ownership have neither `owner` nor `shares`.
    package init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: CodingKeys.self)
        level = try json.decode(Level.self, forKey: .level)
        source = try json.decode(Source.self, forKey: .source)
        sourcePk = try json.decodeIfPresent(Int.self, forKey: .sourcePk)
        owner = try json.decodeIfPresent(String.self, forKey: .owner)
        shares = try json.decodeIfPresent(Shares.self, forKey: .shares) ?? Shares()
        solution = try json.decodeIfPresent(String.self, forKey: .solution)
    }

    /// Listed under its owner, each class that sees it, and each class whose teachers it waits for
    /// (`newest(listedUnder:)`).
    package var listingKeys: Set<String> {
        Set(owner.map { [Self.ownerKey($0)] } ?? []).union(shares.approved.map(Self.classKey))
            .union(shares.waiting.map(Self.waitingKey))
    }

    package static func ownerKey(_ owner: String) -> String { "owner:" + owner }
    package static func classKey(_ classID: String) -> String { "class:" + classID }
    package static func waitingKey(_ classID: String) -> String { "waiting:" + classID }
}

/// One player's results (RouterKit's `PlayerProgress`: the kit records runs, the stores keep the
/// document as it codes itself, one per player).
extension PlayerProgress: StoredDocument {}

/// Where custom and imported levels are kept, and players' progress: document stores like every
/// app's (in memory for tests, SQLite by default; tables in `DocumentTables.swift`).
package typealias RouterLevelStore = DocumentStore<StoredLevel>
package typealias RouterProgressStore = DocumentStore<PlayerProgress>
