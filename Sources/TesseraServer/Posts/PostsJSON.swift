import Foundation
import GridKit
import PostsKit
import TesseraStore

/// The reader API's JSON shapes beyond the kit's read models (`PostListing`, `PostDetail` and
/// `AlbumSummary` are encoded as they are): an album's photos with this server's copies.
struct AlbumPhotosJSON: Encodable {
    let album: AlbumSummary
    let photos: [PhotoJSON]

    /// `thumbnail` and `image` are this server's copies (cached, so they work with the origin
    /// down); `url` and `thumbnailUrl` are the origin's, as it sent them.
    struct PhotoJSON: Encodable {
        let id: Int
        let title: String
        let url: String
        let thumbnailUrl: String
        let thumbnail: String
        let image: String
    }

    init(_ album: AlbumPhotos) {
        self.album = album.album
        photos = album.photos.map { photo in
            PhotoJSON(id: photo.id, title: photo.title, url: photo.url, thumbnailUrl: photo.thumbnailUrl,
                      thumbnail: PostsRoutesPaths.photo(photo.id, size: .thumbnail),
                      image: PostsRoutesPaths.photo(photo.id, size: .full))
        }
    }
}

struct PostsStatusJSON: Encodable {
    let origin: String
    let posts: Int
    let users: Int
    let albums: Int
    let photos: Int
    let comments: Int
    @Nullable var lastSync: String?
    let syncing: Bool

    init(origin: String, counts: PostsCounts, lastSync: Date?, syncing: Bool) {
        self.origin = origin
        posts = counts.posts
        users = counts.users
        albums = counts.albums
        photos = counts.photos
        comments = counts.comments
        self.lastSync = lastSync.map { $0.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) }  // two syncs may end within a second
        self.syncing = syncing
    }
}

/// One server-sent event of `POST /api/posts/sync`: `started`, `fetched` per list, `joined` when
/// another sync was already running, then `finished` with the report or `failed`.
enum SyncEventJSON: Encodable {
    case progress(PostsSync.Progress)
    case finished(PostsSyncReport)
    case failed(code: String, message: String)

    private enum Key: String, CodingKey { case type, origin, list, count, report, code, message }

    func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: Key.self)
        switch self {
        case let .progress(.started(origin)):
            try json.encode("started", forKey: .type)
            try json.encode(origin, forKey: .origin)
        case let .progress(.fetched(list, count)):
            try json.encode("fetched", forKey: .type)
            try json.encode(list, forKey: .list)
            try json.encode(count, forKey: .count)
        case .progress(.joined):
            try json.encode("joined", forKey: .type)
        case let .finished(report):
            try json.encode("finished", forKey: .type)
            try json.encode(report, forKey: .report)
        case let .failed(code, message):
            try json.encode("failed", forKey: .type)
            try json.encode(code, forKey: .code)
            try json.encode(message, forKey: .message)
        }
    }
}
