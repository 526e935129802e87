/// Where the reader's data comes from: any jsonplaceholder-compatible origin. The sync reads
/// exactly five lists — `GET {origin}/posts`, `/comments`, `/users`, `/albums` and `/photos` — and relies on
/// nothing else (no paging, filters or nested routes), so jsonplaceholder itself, a plain
/// json-server over the same data, or Tessera's own `/origin` all work.
public protocol PostsOrigin: Sendable {
    func posts() async throws -> [Post]
    func users() async throws -> [Author]
    func albums() async throws -> [Album]
    func photos() async throws -> [Photo]
    func comments() async throws -> [Comment]
}

/// Why a sync could not read the origin. Any of them fails the whole sync and changes nothing.
public enum PostsOriginError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The origin could not be reached at all (refused, timed out, bad address).
    case unreachable(String, reason: String)
    /// The origin answered with a status other than 2xx.
    case status(String, code: Int)
    /// The answer was not a JSON list of the expected records.
    case undecodable(String, reason: String)
    /// The answer was larger than a reader should accept.
    case tooLarge(String, limit: Int)

    /// A stable snake_case code for clients.
    public var code: String {
        switch self {
        case .unreachable: "origin_unreachable"
        case .status: "origin_status"
        case .undecodable: "origin_undecodable"
        case .tooLarge: "origin_too_large"
        }
    }

    public var description: String {
        switch self {
        case let .unreachable(list, reason): "the origin could not be reached for /\(list) (\(reason))"
        case let .status(list, code): "the origin answered /\(list) with HTTP \(code)"
        case let .undecodable(list, reason): "the origin's /\(list) is not a list of \(list) (\(reason))"
        case let .tooLarge(list, limit): "the origin's /\(list) is larger than \(limit / 1_000_000) MB"
        }
    }
}

/// The five lists of one fetch, taken together: a sync merges all of them or none.
public struct PostsSnapshot: Hashable, Sendable {
    public var users: [Author]
    public var posts: [Post]
    public var albums: [Album]
    public var photos: [Photo]
    public var comments: [Comment]

    public init(users: [Author] = [], posts: [Post] = [], albums: [Album] = [], photos: [Photo] = [],
                comments: [Comment] = []) {
        self.users = users
        self.posts = posts
        self.albums = albums
        self.photos = photos
        self.comments = comments
    }

    /// Reads the five lists in parallel; the first failure fails the whole fetch (the others are
    /// cancelled), so a half-read origin never reaches the store. `arrived` hears each list's
    /// name and record count as it comes in.
    public static func fetch(from origin: some PostsOrigin,
                             arrived: @escaping @Sendable (String, Int) -> Void = { _, _ in }) async throws -> PostsSnapshot {
        func reading<Record>(_ name: String, _ read: () async throws -> [Record]) async throws -> [Record] {
            let records = try await read()
            arrived(name, records.count)
            return records
        }
        async let users = reading("users") { try await origin.users() }
        async let posts = reading("posts") { try await origin.posts() }
        async let albums = reading("albums") { try await origin.albums() }
        async let photos = reading("photos") { try await origin.photos() }
        async let comments = reading("comments") { try await origin.comments() }
        return try await PostsSnapshot(users: users, posts: posts, albums: albums, photos: photos, comments: comments)
    }

    public var recordCount: Int { users.count + posts.count + albums.count + photos.count + comments.count }

    /// Without the posts `ids` and their comments: what a sync merges when those posts were deleted
    /// here while it fetched, so the merge neither brings them back nor calls them restored.
    public func removingPosts(_ ids: Set<Int>) -> PostsSnapshot {
        guard !ids.isEmpty else { return self }
        var copy = self
        copy.posts.removeAll { ids.contains($0.id) }
        copy.comments.removeAll { ids.contains($0.postId) }
        return copy
    }
}
