import Foundation
import RouterKit

/// A level made in the editor or imported from Rapid Router, kept beside ours.
struct StoredLevel: StoredDocument {
    enum Source: String, Codable, Sendable {
        case custom, imported
    }

    var id: String { level.id }
    var level: Level
    var source: Source
    /// The Rapid Router fixture's primary key an imported level came from.
    var sourcePk: Int?
}

/// One player's results (RouterKit's `PlayerProgress`: the kit records runs, the stores keep the
/// document as it codes itself, one per player).
extension PlayerProgress: StoredDocument {}

/// Where custom and imported levels are kept, and players' progress: document stores like every
/// app's (in memory for tests, SQLite by default; see `SQLiteRouterStore.swift`).
typealias RouterLevelStore = DocumentStore<StoredLevel>
typealias RouterProgressStore = DocumentStore<PlayerProgress>
