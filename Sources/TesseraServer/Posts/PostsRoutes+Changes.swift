import Hummingbird
import PostsKit

/// `GET /api/posts/changes`: what the last syncs changed, newest first, from the store, so every
/// node shares them (the page's "what changed" panel).
extension PostsRoutes {
    @Sendable func changes(_ request: Request, context: Context) async throws -> Response {
        try JSONBody.response(PostsChangesJSON(syncs: try await store.changes()))
    }
}

/// The answer of `GET /api/posts/changes`: at most `PostsSyncChanges.kept` syncs.
struct PostsChangesJSON: Encodable {
    let syncs: [PostsSyncChanges]
}
