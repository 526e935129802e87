import Foundation
import Hummingbird
import Languages
import NIOCore
import PostsKit
import TesseraStore

/// `/api/posts`: the Sherpany reader over the local store. Reads never touch the origin, so a
/// synced reader keeps working when the origin is down; `POST /api/posts/sync` refreshes it.
struct PostsRoutes<Context: CallerRequestContext>: Sendable {
    let store: any PostsStore
    let sync: PostsSync
    let photos: PostsPhotos
    let live: LiveUpdates
    /// The origin the next sync reads (a description for the status; the sync asks for itself).
    let originName: @Sendable () -> String

    /// A search longer than any title or email could match is refused rather than scanned.
    static var maxSearchBytes: Int { 200 }
    static var topic: String { "posts" }

    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let search = request.uri.queryParameters["search"].map(String.init) ?? ""
        guard search.utf8.count <= Self.maxSearchBytes else {
            throw APIError.badRequest("posts.errors.search", ["limit": .number(Self.maxSearchBytes)], code: "invalid_search")
        }
        return try JSONBody.response(PostListing(try await store.summaries(), search: search))
    }

    @Sendable func status(_ request: Request, context: Context) async throws -> Response {
        try JSONBody.response(PostsStatusJSON(origin: originName(), counts: try await store.counts(),
                                              lastSync: try await store.lastSync(), syncing: await sync.isRunning))
    }

    /// The status now, then again whenever a sync finishes or a post is deleted (any tab, any caller).
    @Sendable func events(_ request: Request, context: Context) async throws -> Response {
        try await live.eventStream(Self.topic, client: context.caller.client, closed: context.connectionClosed) { try await statusJSON() }
    }

    /// Runs a sync (or joins the one running) and streams its progress; the last event is
    /// `finished` with the report or `failed` with the reason. The sync goes on if the caller
    /// hangs up, and every caller hears the end, each in their own language.
    @Sendable func startSync(_ request: Request, context: Context) async throws -> Response {
        let language = APIError.language(of: request)
        let (events, continuation) = AsyncStream.makeStream(of: SyncEventJSON.self, bufferingPolicy: .bufferingNewest(32))
        Task { [sync, live] in
            do {
                let report = try await sync.sync { continuation.yield(.progress($0)) }
                continuation.yield(.finished(report))
                await live.publish(Self.topic, payload: try await statusJSON())
            } catch let error as APIError {
                continuation.yield(.failed(code: error.code, message: error.message(in: language)))
            } catch let error as any APIErrorConvertible {
                continuation.yield(.failed(code: error.code, message: error.apiError.message(in: language)))
            } catch {
                let words = Phrase("posts.errors.syncFailed", ["reason": .text(String(describing: error))])
                continuation.yield(.failed(code: "sync_failed", message: Catalogues.current.text(words, language: language)))
            }
            continuation.finish()
        }
        return ServerSentEvents.response { writer in
            for await event in events {
                try await writer.write(ServerSentEvents.frame(String(decoding: try JSONBody.encoder.encode(event), as: UTF8.self)))
            }
        }
    }

    @Sendable func show(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.id(context, notFound: "posts.errors.notFound.postAny")
        return try JSONBody.response(try await store.detail(postID: id).orNotFound("posts.errors.notFound.post", ["id": .text(String(id))]))
    }

    /// Deletes locally only: the post returns with the next sync, as in the original.
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.id(context, notFound: "posts.errors.notFound.postAny")
        guard try await sync.deletePost(id: id) else { throw APIError.notFound("posts.errors.notFound.post", ["id": .text(String(id))]) }
        await live.publish(Self.topic, payload: try await statusJSON())
        return Response(status: .noContent)
    }

    @Sendable func album(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.id(context, notFound: "posts.errors.notFound.albumAny")
        return try JSONBody.response(AlbumPhotosJSON(try await store.album(id: id).orNotFound("posts.errors.notFound.album", ["id": .text(String(id))])))
    }

    /// A photo's image from this server's cache, fetched from the origin the first time.
    @Sendable func photo(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.id(context, notFound: "posts.errors.notFound.photoAny")
        guard let size = PostsPhotos.Size(rawValue: try context.parameters.require("size")) else {
            throw APIError.notFound("posts.errors.notFound.imageSize")
        }
        let priority = try PostsPhotos.priority(request.uri.queryParameters["priority"].map(String.init), size: size)
        let photo = try await store.photo(id: id).orNotFound("posts.errors.notFound.photo", ["id": .text(String(id))])
        let image = try await photos.image(of: photo, size: size, priority: priority)
        return Response(status: .ok,
                        headers: [.contentType: image.contentType, .cacheControl: "private, max-age=86400"],
                        body: .init(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    private func statusJSON() async throws -> String {
        let status = PostsStatusJSON(origin: originName(), counts: try await store.counts(),
                                     lastSync: try await store.lastSync(), syncing: await sync.isRunning)
        return String(decoding: try JSONBody.encoder.encode(status), as: UTF8.self)
    }

    /// Ids are positive whole numbers of at most nine digits; anything else names nothing (404,
    /// said by `notFound`: "That post was not found.").
    static func id(_ context: Context, notFound: String) throws -> Int {
        let text = try context.parameters.require("id")
        guard text.utf8.count <= 9, let id = Int(text), id > 0 else { throw APIError.notFound(notFound) }
        return id
    }
}

/// The reader's paths that answers link to.
enum PostsRoutesPaths {
    static func photo(_ id: Int, size: PostsPhotos.Size) -> String { "/api/posts/photos/\(id)/\(size.rawValue)" }
}
