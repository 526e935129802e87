import GridKit

/// What the reader shows, built from stored records: titles and bodies start with a capital
/// letter (the origin's are lower case), and every list is sorted by id.

public struct PostSummary: Hashable, Sendable, Identifiable {
    public let id: Int
    public let title: String
    public let author: Author

    public init(_ post: Post, author: Author) {
        id = post.id
        title = post.title.capitalizingFirstLetter
        self.author = author
    }

    /// The original's search: the lower-cased query is a substring of the title or of the
    /// author's email. An empty query matches everything.
    public func matches(_ query: String) -> Bool {
        let needle = query.lowercased()
        return needle.isEmpty || title.lowercased().contains(needle) || author.email.lowercased().contains(needle)
    }
}

public struct AlbumSummary: Encodable, Hashable, Sendable, Identifiable {
    public let id: Int
    public let title: String
    public let photoCount: Int

    public init(_ album: Album, photoCount: Int) {
        id = album.id
        title = album.title.capitalizingFirstLetter
        self.photoCount = photoCount
    }
}

/// Encoded as the reader API sends it: the author is `user`, the original's word.
public struct PostDetail: Encodable, Hashable, Sendable, Identifiable {
    public let id: Int
    public let title: String
    public let body: String
    public let author: Author
    /// The author's albums, by id.
    public let albums: [AlbumSummary]

    public init(_ post: Post, author: Author, albums: [AlbumSummary]) {
        id = post.id
        title = post.title.capitalizingFirstLetter
        body = post.body.capitalizingFirstLetter
        self.author = author
        self.albums = albums.sorted { $0.id < $1.id }
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, body, author = "user", albums
    }
}

public struct PhotoSummary: Hashable, Sendable, Identifiable {
    public let id: Int
    public let title: String
    public let url: String
    public let thumbnailUrl: String

    public init(_ photo: Photo) {
        id = photo.id
        title = photo.title.capitalizingFirstLetter
        url = photo.url
        thumbnailUrl = photo.thumbnailUrl
    }
}

/// The list as the reader shows it, and its one JSON form (the API's `GET /api/posts` and
/// `tessera posts list --json`): every post is counted in `total`, those matching the search are
/// listed.
public struct PostListing: Encodable, Hashable, Sendable {
    public let total: Int
    public let matching: Int
    public let posts: [Item]

    public struct Item: Encodable, Hashable, Sendable {
        public let id: Int
        public let title: String
        public let user: Author
    }

    public init(_ summaries: [PostSummary], search: String) {
        let found = summaries.filter { $0.matches(search) }
        total = summaries.count
        matching = found.count
        posts = found.map { Item(id: $0.id, title: $0.title, user: $0.author) }
    }

    /// The original's feedback line: "Filtering X of Y Posts", or "No Search Results".
    public func feedback(search: String) -> String? {
        guard !search.isEmpty else { return nil }
        return matching == 0 ? "No Search Results" : "Filtering \(matching) of \(total) Posts"
    }
}
