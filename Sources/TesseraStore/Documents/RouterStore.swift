import Foundation
import RouterKit

/// A level made in the editor or imported from Rapid Router, kept beside ours.
package struct StoredLevel: StoredDocument {
    package enum Source: String, Codable, Sendable {
        case custom, imported
    }

    package var id: String { level.id }
    package var level: Level
    package var source: Source
    /// The Rapid Router fixture's primary key an imported level came from.
    package var sourcePk: Int?

    package init(level: Level, source: Source, sourcePk: Int? = nil) {
        self.level = level
        self.source = source
        self.sourcePk = sourcePk
    }
}

/// One player's results (RouterKit's `PlayerProgress`: the kit records runs, the stores keep the
/// document as it codes itself, one per player).
extension PlayerProgress: StoredDocument {}

/// Where custom and imported levels are kept, and players' progress: document stores like every
/// app's (in memory for tests, SQLite by default; see `SQLiteRouterStore.swift`).
package typealias RouterLevelStore = DocumentStore<StoredLevel>
package typealias RouterProgressStore = DocumentStore<PlayerProgress>
