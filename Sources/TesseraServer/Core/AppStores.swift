import PentominoKit
import TicTacToeKit

/// Every app's store, built for the configured backend. This is the one place that knows which
/// implementation each protocol gets; routes only ever see the protocols. (A PostgreSQL backend
/// adds a case here and one implementation per protocol.)
struct AppStores: Sendable {
    let games: any TicTacToeStore
    let puzzles: any PuzzleStore
    let posts: any PostsStore
    let routerLevels: any RouterLevelStore
    let routerProgress: any RouterProgressStore

    static func make(_ backend: StorageBackend) throws -> AppStores {
        switch backend {
        case .sqlite(let directory):
            let database = try TesseraDatabase(directory: directory)
            return AppStores(games: try DocumentTable<Match>(database: database),
                             puzzles: try DocumentTable<PentominoPuzzle>(database: database),
                             posts: try SQLitePostsStore(database: database),
                             routerLevels: try DocumentTable<StoredLevel>(database: database),
                             routerProgress: try DocumentTable<PlayerProgress>(database: database))
        case .memory:
            return AppStores(games: InMemoryDocumentStore<Match>(), puzzles: InMemoryDocumentStore<PentominoPuzzle>(),
                             posts: InMemoryPostsStore(), routerLevels: InMemoryDocumentStore<StoredLevel>(),
                             routerProgress: InMemoryDocumentStore<PlayerProgress>())
        }
    }
}

/// Where apps keep their data.
public enum StorageBackend: Sendable, Equatable {
    /// One SQLite file, `tessera.sqlite`, in this folder (the default: `./tessera-data`).
    case sqlite(directory: String)
    /// Nothing is kept after the process ends (the unit tests).
    case memory
}
