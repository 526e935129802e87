/// The reader's data as plain tables in memory, with the same rules as the SQLite store: a user
/// owns posts and albums, an album owns photos, and deleting an owner deletes what it owns. The
/// server's in-memory store (unit tests) is one of these; an app can keep one offline too. A post
/// owns its comments.
public struct PostsTables: Hashable, Sendable {
    public private(set) var users: [Int: Author] = [:]
    public private(set) var posts: [Int: Post] = [:]
    public private(set) var albums: [Int: Album] = [:]
    public private(set) var photos: [Int: Photo] = [:]
    public private(set) var comments: [Int: Comment] = [:]

    public init() {}

    /// Everything, each list sorted by id.
    public var snapshot: PostsSnapshot {
        PostsSnapshot(users: users.values.sorted { $0.id < $1.id }, posts: posts.values.sorted { $0.id < $1.id },
                      albums: albums.values.sorted { $0.id < $1.id }, photos: photos.values.sorted { $0.id < $1.id },
                      comments: comments.values.sorted { $0.id < $1.id })
    }

    /// Applies a plan made against `snapshot`: deletions first (owners take what they own with
    /// them), then inserts and updates, owners before what they own.
    public mutating func apply(_ plan: MergePlan) {
        plan.comments.deletes.forEach { comments[$0] = nil }
        plan.photos.deletes.forEach { photos[$0] = nil }
        deleteAlbums(Set(plan.albums.deletes))
        deletePosts(Set(plan.posts.deletes))
        deleteUsers(Set(plan.users.deletes))
        for user in plan.users.inserts + plan.users.updates { users[user.id] = user }
        for post in plan.posts.inserts + plan.posts.updates { posts[post.id] = post }
        for album in plan.albums.inserts + plan.albums.updates { albums[album.id] = album }
        for photo in plan.photos.inserts + plan.photos.updates { photos[photo.id] = photo }
        for comment in plan.comments.inserts + plan.comments.updates { comments[comment.id] = comment }
    }

    /// Deletes one post and its comments; `false` when there is none with this id.
    public mutating func deletePost(id: Int) -> Bool {
        guard posts[id] != nil else { return false }
        deletePosts([id])
        return true
    }

    private mutating func deletePosts(_ ids: Set<Int>) {
        guard !ids.isEmpty else { return }
        ids.forEach { posts[$0] = nil }
        comments = comments.filter { !ids.contains($0.value.postId) }
    }

    private mutating func deleteUsers(_ ids: Set<Int>) {
        guard !ids.isEmpty else { return }
        ids.forEach { users[$0] = nil }
        deletePosts(Set(posts.values.filter { ids.contains($0.userId) }.map(\.id)))
        deleteAlbums(Set(albums.values.filter { ids.contains($0.userId) }.map(\.id)))
    }

    private mutating func deleteAlbums(_ ids: Set<Int>) {
        guard !ids.isEmpty else { return }
        ids.forEach { albums[$0] = nil }
        photos = photos.filter { !ids.contains($0.value.albumId) }
    }

    // MARK: What the reader shows

    public var summaries: [PostSummary] {
        let counts = Dictionary(grouping: comments.values, by: \.postId).mapValues(\.count)
        return posts.values.sorted { $0.id < $1.id }.compactMap { post in
            users[post.userId].map { PostSummary(post, author: $0, comments: counts[post.id] ?? 0) }
        }
    }

    public func detail(postID: Int) -> PostDetail? {
        guard let post = posts[postID], let author = users[post.userId] else { return nil }
        let counts = Dictionary(grouping: photos.values, by: \.albumId).mapValues(\.count)
        let owned = albums.values.filter { $0.userId == author.id }
        return PostDetail(post, author: author, albums: owned.map { AlbumSummary($0, photoCount: counts[$0.id] ?? 0) },
                          comments: comments.values.filter { $0.postId == postID })
    }

    public func album(id: Int) -> AlbumPhotos? {
        guard let album = albums[id] else { return nil }
        let owned = photos.values.filter { $0.albumId == id }.sorted { $0.id < $1.id }
        return AlbumPhotos(album: AlbumSummary(album, photoCount: owned.count), photos: owned.map(PhotoSummary.init))
    }

    public var counts: PostsCounts {
        PostsCounts(users: users.count, posts: posts.count, albums: albums.count, photos: photos.count,
                    comments: comments.count)
    }
}

/// An album and its photos, by id.
public struct AlbumPhotos: Hashable, Sendable {
    public let album: AlbumSummary
    public let photos: [PhotoSummary]

    public init(album: AlbumSummary, photos: [PhotoSummary]) {
        self.album = album
        self.photos = photos
    }
}

/// How many records of each kind are stored.
public struct PostsCounts: Hashable, Sendable, Codable {
    public var users: Int
    public var posts: Int
    public var albums: Int
    public var photos: Int
    public var comments: Int

    public init(users: Int, posts: Int, albums: Int, photos: Int, comments: Int = 0) {
        self.users = users
        self.posts = posts
        self.albums = albums
        self.photos = photos
        self.comments = comments
    }
}
