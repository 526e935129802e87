import Foundation
import PostsClient
import PostsKit

/// The reader's data folder opened outside the server, for `tessera posts …`: the same SQLite
/// store and the same sync as `tessera serve` uses, so the CLI and a running server can share a
/// data folder (SQLite in WAL mode takes both).
public struct PostsLibrary: Sendable {
    public enum Progress: Sendable {
        case started(origin: String)
        case fetched(list: String, count: Int)
    }

    private let store: any PostsStore
    private let sync: PostsSync

    /// Opens (and if needed creates) `<dataDirectory>/tessera.sqlite`; syncs read `originURL`.
    public init(dataDirectory: String, originURL: String) throws {
        let store = try SQLitePostsStore(database: TesseraDatabase(directory: dataDirectory))
        self.store = store
        sync = PostsSync(store: store) { (HTTPPostsOrigin(baseURL: originURL), originURL) }
    }

    public func sync(progress: @escaping @Sendable (Progress) -> Void = { _ in }) async throws -> PostsSyncReport {
        try await sync.sync { step in
            switch step {
            case let .started(origin): progress(.started(origin: origin))
            case let .fetched(list, count): progress(.fetched(list: list, count: count))
            case .joined: break
            }
        }
    }

    /// Every stored post counted, those matching `search` (like the page's search box) listed.
    public func posts(search: String = "") async throws -> PostListing {
        PostListing(try await store.summaries(), search: search)
    }

    public func post(id: Int) async throws -> PostDetail? { try await store.detail(postID: id) }
    public func counts() async throws -> PostsCounts { try await store.counts() }
}
