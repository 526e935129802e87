import Foundation
import PostsClient
import PostsKit
import TesseraStore

/// The reader's storage opened outside the server, for `tessera posts …`: the same store and
/// the same sync as `tessera serve` uses, so the CLI and a running server can share a data folder
/// (SQLite in WAL mode takes both) or a PostgreSQL database.
struct PostsLibrary: Sendable {
    enum Progress: Sendable {
        case started(origin: String)
        case fetched(list: String, count: Int)
    }

    private let store: any PostsStore
    private let marks: any PostMarksStore
    private let sync: PostsSync

    /// The reader's part of `stores`; syncs read `originURL`, one at a time across every process
    /// on the same storage (the server's own sync included).
    init(stores: AppStores, originURL: String) {
        self.store = stores.posts
        marks = stores.postMarks
        sync = PostsSync(store: stores.posts, lock: stores.postsSyncLock) { (HTTPPostsOrigin(baseURL: originURL), originURL) }
    }

    func sync(progress: @escaping @Sendable (Progress) -> Void = { _ in }) async throws -> PostsSyncReport {
        try await sync.sync { step in
            switch step {
            case let .started(origin): progress(.started(origin: origin))
            case let .fetched(list, count): progress(.fetched(list: list, count: count))
            case .joined: break
            }
        }
    }

    /// Every stored post counted, those matching `search` (like the page's search box) listed;
    /// with a filter of the page's (unread, starred, one author), only the posts it keeps.
    func posts(search: String = "", unread: Bool = false, starred: Bool = false, authorID: Int? = nil) async throws -> PostListing {
        var summaries = try await store.summaries()
        if unread || starred || authorID != nil {
            summaries = try await marks.marks().filter(summaries, unread: unread, starred: starred, authorID: authorID)
        }
        return PostListing(summaries, search: search)
    }

    func post(id: Int) async throws -> PostDetail? { try await store.detail(postID: id) }
    func counts() async throws -> PostsCounts { try await store.counts() }
}
