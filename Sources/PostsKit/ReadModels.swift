import GridKit

/// What the reader shows, built from stored records: titles and bodies start with a capital
/// letter (the origin's are lower case), and every list is sorted by id.

public struct PostSummary: Hashable, Sendable, Identifiable {
    public let id: Int
    public let title: String
    public let body: String
    public let author: Author
    /// How many comments the post has.
    public let comments: Int

    public init(_ post: Post, author: Author, comments: Int = 0) {
        id = post.id
        title = post.title.capitalizingFirstLetter
        body = post.body.capitalizingFirstLetter
        self.author = author
        self.comments = comments
    }

    /// The original's search, and the body too: the lower-cased query is a substring of the title,
    /// the body or the author's email. An empty query matches everything.
    public func matches(_ query: String) -> Bool {
        let needle = query.lowercased()
        return needle.isEmpty || title.lowercased().contains(needle) || author.email.lowercased().contains(needle)
            || body.lowercased().contains(needle)
    }
}

/// A comment as the reader shows it: its text starts with a capital letter, like a post's.
public struct CommentSummary: Encodable, Hashable, Sendable, Identifiable {
    public let id: Int
    public let name: String
    public let email: String
    public let body: String

    public init(_ comment: Comment) {
        id = comment.id
        name = comment.name.capitalizingFirstLetter
        email = comment.email
        body = comment.body.capitalizingFirstLetter
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
    /// The post's comments, by id.
    public let comments: [CommentSummary]

    public init(_ post: Post, author: Author, albums: [AlbumSummary], comments: [Comment] = []) {
        id = post.id
        title = post.title.capitalizingFirstLetter
        body = post.body.capitalizingFirstLetter
        self.author = author
        self.albums = albums.sorted { $0.id < $1.id }
        self.comments = comments.sorted { $0.id < $1.id }.map(CommentSummary.init)
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, body, author = "user", albums, comments
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
/// listed, each with its number of comments and, when the search is in its body, the part of the
/// body around the first match (`excerpt`).
public struct PostListing: Encodable, Hashable, Sendable {
    public let total: Int
    public let matching: Int
    public let posts: [Item]

    public struct Item: Encodable, Hashable, Sendable {
        public let id: Int
        public let title: String
        public let user: Author
        public let comments: Int
        public let excerpt: String?

        private enum CodingKeys: String, CodingKey { case id, title, user, comments, excerpt }

        public func encode(to encoder: any Encoder) throws {
            var json = encoder.container(keyedBy: CodingKeys.self)
            try json.encode(id, forKey: .id)
            try json.encode(title, forKey: .title)
            try json.encode(user, forKey: .user)
            try json.encode(comments, forKey: .comments)
            try json.encodeIfPresent(excerpt, forKey: .excerpt)  // only when the body matched
        }
    }

    public init(_ summaries: [PostSummary], search: String) {
        let found = summaries.filter { $0.matches(search) }
        total = summaries.count
        matching = found.count
        posts = found.map {
            Item(id: $0.id, title: $0.title, user: $0.author, comments: $0.comments,
                 excerpt: search.isEmpty ? nil : SearchExcerpt.around(search, in: $0.body))
        }
    }

    /// The original's feedback line: "Filtering X of Y Posts", or "No Search Results".
    public func feedback(search: String) -> String? {
        guard !search.isEmpty else { return nil }
        return matching == 0 ? "No Search Results" : "Filtering \(matching) of \(total) Posts"
    }
}
