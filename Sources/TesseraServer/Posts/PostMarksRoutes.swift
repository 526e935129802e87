import Foundation
import Hummingbird
import PostsKit
import TesseraStore

/// `/api/posts/marks` and `/api/posts/{id}/read|star`: what the reader has read and starred, one
/// state per server (see `PostMarksStore`). PUT sets a mark and DELETE clears it, so sending one
/// twice changes nothing: a page that queued them offline can send them again safely.
struct PostMarksRoutes<Context: CallerRequestContext>: Sendable {
    let posts: any PostsStore
    let marks: any PostMarksStore

    /// The marks of the posts stored now (marks of posts deleted since are kept, not listed).
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let stored = Set(try await posts.summaries().map(\.id))
        let marks = try await marks.marks()
        return try JSONBody.response(PostMarksJSON(read: marks.read.intersection(stored).sorted(),
                                                   starred: marks.starred.intersection(stored).sorted()))
    }

    @Sendable func markRead(_ request: Request, context: Context) async throws -> Response { try await set(.read, true, context) }
    @Sendable func markUnread(_ request: Request, context: Context) async throws -> Response { try await set(.read, false, context) }
    @Sendable func star(_ request: Request, context: Context) async throws -> Response { try await set(.starred, true, context) }
    @Sendable func unstar(_ request: Request, context: Context) async throws -> Response { try await set(.starred, false, context) }

    private func set(_ kind: PostMarks.Kind, _ on: Bool, _ context: Context) async throws -> Response {
        let id = try PostsRoutes<Context>.id(context, notFound: "posts.errors.notFound.postAny")
        guard try await posts.detail(postID: id) != nil else {
            throw APIError.notFound("posts.errors.notFound.post", ["id": .text(String(id))])
        }
        return try JSONBody.response(try await marks.set(kind, on, postID: id))
    }
}

/// `GET /api/posts/marks`: the ids of read and of starred posts, each sorted.
struct PostMarksJSON: Encodable {
    let read: [Int]
    let starred: [Int]
}
