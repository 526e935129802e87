/// What the reader has done with posts: read them, starred them. Kept apart from the origin's
/// records (by post id, no foreign key), so a post deleted locally or by a sync and brought back
/// later keeps its marks; marks of posts no longer stored are simply not shown.
public struct PostMarks: Hashable, Sendable, Codable {
    public var read: Set<Int>
    public var starred: Set<Int>

    public init(read: Set<Int> = [], starred: Set<Int> = []) {
        self.read = read
        self.starred = starred
    }

    /// One of the two marks.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case read, starred
    }

    public func has(_ kind: Kind, postID: Int) -> Bool {
        switch kind {
        case .read: read.contains(postID)
        case .starred: starred.contains(postID)
        }
    }

    public mutating func set(_ kind: Kind, _ on: Bool, postID: Int) {
        switch kind {
        case .read: if on { read.insert(postID) } else { read.remove(postID) }
        case .starred: if on { starred.insert(postID) } else { starred.remove(postID) }
        }
    }

    /// One post's marks.
    public func mark(of postID: Int) -> PostMark {
        PostMark(id: postID, read: read.contains(postID), starred: starred.contains(postID))
    }

    /// The posts a filter of the reader keeps: unread ones, starred ones, one author's, or all.
    public func filter(_ posts: [PostSummary], unread: Bool = false, starred onlyStarred: Bool = false,
                       authorID: Int? = nil) -> [PostSummary] {
        posts.filter { post in
            (!unread || !read.contains(post.id)) && (!onlyStarred || starred.contains(post.id))
                && (authorID.map { post.author.id == $0 } ?? true)
        }
    }
}

/// One post's marks, as the API answers a change.
public struct PostMark: Hashable, Sendable, Codable {
    public let id: Int
    public let read: Bool
    public let starred: Bool

    public init(id: Int, read: Bool, starred: Bool) {
        self.id = id
        self.read = read
        self.starred = starred
    }
}
