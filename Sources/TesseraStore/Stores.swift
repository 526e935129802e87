import Logging
import PentominoKit
import RouterKit
import ServiceLifecycle
import TicTacToeKit

/// Every app's store, built for the configured backend. This is the one place that knows which
/// implementation each protocol gets; routes only ever see the protocols. Besides the stores, a
/// backend decides how live updates reach other processes, how a Posts sync stays single across
/// them, what `/health` checks, and which background services run with the server.
package struct AppStores: Sendable {
    package let games: any TicTacToeStore
    package let puzzles: any PuzzleStore
    package let posts: any PostsStore
    /// The reader's read and starred marks (one state per server, see `PostMarksStore`).
    package let postMarks: any PostMarksStore
    package let routerLevels: any RouterLevelStore
    package let routerProgress: any RouterProgressStore
    /// Signed-in players' latest and best program per level.
    package let routerPrograms: any RouterProgramStore
    /// What each class's teacher has locked.
    package let classLocks: any ClassLockStore
    /// Teachers' and pupils' accounts and their sessions.
    package let accounts: any AccountStore
    /// Teachers' classes and their pupils (pupils are accounts: the same store).
    package let classes: any ClassStore
    /// Schools, invitations and co-teachers (the same store again).
    package let schools: any SchoolStore
    /// `sqlite`, `postgres` or `memory`, as `/health` reports it.
    package let backendName: String
    /// Carries live updates to other processes (PostgreSQL only).
    package let liveFanOut: PostgresLiveFanOut?
    package let postsSyncLock: any SyncLock
    /// The shared database, when there is one (for `/health` and the services).
    package let postgres: TesseraPostgres?
    /// The SQLite file, when that is the backend (for `/health`'s disk check).
    package let sqlite: TesseraDatabase?

    package static func make(_ backend: StorageBackend, logger: Logger = Logger(label: "tessera"),
                     databaseTimeout: Duration = .seconds(2)) async throws -> AppStores {
        switch backend {
        case .sqlite(let directory):
            let database = try TesseraDatabase(directory: directory)
            let accounts = try SQLiteAccountStore(database: database)
            return AppStores(games: try DocumentTable<Match>(database: database),
                             puzzles: try DocumentTable<PentominoPuzzle>(database: database),
                             posts: try SQLitePostsStore(database: database),
                             postMarks: try SQLitePostMarksStore(database: database),
                             routerLevels: try DocumentTable<StoredLevel>(database: database),
                             routerProgress: try DocumentTable<PlayerProgress>(database: database),
                             routerPrograms: try DocumentTable<SavedPrograms>(database: database),
                             classLocks: try DocumentTable<ClassLocks>(database: database),
                             accounts: accounts, classes: accounts, schools: accounts,
                             backendName: "sqlite", liveFanOut: nil, postsSyncLock: InProcessSyncLock(), postgres: nil,
                             sqlite: database)
        case .postgres(let url, let schema):
            let parsed: PostgresURL
            do { parsed = try PostgresURL(url) } catch { throw StartupError(error.description) }
            let database = try TesseraPostgres(url: parsed, schema: schema, logger: logger, leaseTimeout: databaseTimeout)
            do {
                let accounts = try await PostgresAccountStore(database: database)
                return AppStores(games: try await PostgresDocumentTable<Match>(database: database),
                                 puzzles: try await PostgresDocumentTable<PentominoPuzzle>(database: database),
                                 posts: try await PostgresPostsStore(database: database),
                                 postMarks: try await PostgresPostMarksStore(database: database),
                                 routerLevels: try await PostgresDocumentTable<StoredLevel>(database: database),
                                 routerProgress: try await PostgresDocumentTable<PlayerProgress>(database: database),
                                 routerPrograms: try await PostgresDocumentTable<SavedPrograms>(database: database),
                                 classLocks: try await PostgresDocumentTable<ClassLocks>(database: database),
                                 accounts: accounts, classes: accounts, schools: accounts,
                                 backendName: "postgres", liveFanOut: PostgresLiveFanOut(database: database),
                                 postsSyncLock: PostgresSyncLock(database: database), postgres: database,
                                 sqlite: nil)
            } catch StoreError.unavailable(let reason) {
                // At start-up "try again shortly" is no help: say what to check.
                throw StartupError("Tessera cannot reach the PostgreSQL database at \(database.url.description) (\(reason)). "
                    + "Check that PostgreSQL is running there and that the URL's host, port, user and database are right, then start Tessera again.")
            } catch {
                let reason = (error as? StoreError)?.description ?? "\(error)"
                throw StartupError("Could not prepare the PostgreSQL database at \(database.url.description): \(reason)")
            }
        case .memory:
            // Accounts and classes are SQLite in memory: the real migrations and queries, nothing on disk.
            let accounts = try SQLiteAccountStore(database: TesseraDatabase(directory: nil))
            return AppStores(games: InMemoryDocumentStore<Match>(), puzzles: InMemoryDocumentStore<PentominoPuzzle>(),
                             posts: InMemoryPostsStore(), postMarks: InMemoryPostMarksStore(), routerLevels: InMemoryDocumentStore<StoredLevel>(),
                             routerProgress: InMemoryDocumentStore<PlayerProgress>(),
                             routerPrograms: InMemoryDocumentStore<SavedPrograms>(), classLocks: InMemoryDocumentStore<ClassLocks>(),
                             accounts: accounts, classes: accounts, schools: accounts,
                             backendName: "memory", liveFanOut: nil, postsSyncLock: InProcessSyncLock(), postgres: nil, sqlite: nil)
        }
    }

    /// What runs beside the server: the pool's lifecycle and the live-update listener (PostgreSQL).
    /// `deliver` hands another node's live update to this process's pages.
    package func services(deliver: @escaping @Sendable (_ topic: String, _ payload: String) async -> Void) -> [any Service] {
        guard let postgres, let liveFanOut else { return [] }
        return [postgres, PostgresLiveListener(fanOut: liveFanOut, deliver: deliver)]
    }

    /// `nil` when the database answers now and can be written; else why not (for `/health`'s 503):
    /// PostgreSQL that does not answer, or a SQLite data folder on a full disk.
    package func databaseProblem() async -> (any Error)? {
        if let sqlite { return sqlite.diskProblem() }
        guard let postgres else { return nil }
        return await postgres.ping(timeout: postgres.leaseTimeout / 2)
    }
}

/// Where apps keep their data.
public enum StorageBackend: Sendable, Equatable {
    /// One SQLite file, `tessera.sqlite`, in this folder (the default: `./tessera-data`).
    case sqlite(directory: String)
    /// A shared PostgreSQL database, for several `tessera serve` processes; `schema` keeps one
    /// set of tables apart from others in the same database (the tests use one per app).
    case postgres(url: String, schema: String? = nil)
    /// Nothing is kept after the process ends (the unit tests).
    case memory
}
