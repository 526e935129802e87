/// What a sync must write to make the local store equal the fetched snapshot, computed in one
/// pass over each list (O(n) with dictionaries): rows that are new or changed are upserted, rows
/// the fetch no longer has are deleted, and unchanged rows are not touched at all, so a second
/// sync with nothing new writes nothing.
///
/// The original deleted only posts and users that vanished (albums and photos went with their
/// user). We also delete albums and photos that vanished while their user stayed — otherwise they
/// would linger forever. A fetched row whose parent is not in the fetch (a post of an unknown user)
/// cannot be stored under the foreign keys and is skipped, and counted.
public struct MergePlan: Hashable, Sendable {
    public struct Changes<Record: Hashable & Sendable>: Hashable, Sendable {
        public var inserts: [Record] = []
        public var updates: [Record] = []
        public var deletes: [Int] = []
        public var unchanged = 0
        public var skipped = 0

        public var writes: Int { inserts.count + updates.count + deletes.count }
    }

    public var users = Changes<Author>()
    public var posts = Changes<Post>()
    public var albums = Changes<Album>()
    public var photos = Changes<Photo>()
    /// A post's comments follow it as its photos follow an album: a comment of a post that is not
    /// stored after this merge is skipped, and a post's deletion takes its comments.
    public var comments = Changes<Comment>()

    public var writes: Int { users.writes + posts.writes + albums.writes + photos.writes + comments.writes }

    /// `stored` is what the store holds now; `fetched` is what the origin answered.
    public init(stored: PostsSnapshot, fetched: PostsSnapshot) {
        let userIDs = Set(fetched.users.map(\.id))
        let albumIDs = Set(fetched.albums.filter { userIDs.contains($0.userId) }.map(\.id))
        let postIDs = Set(fetched.posts.filter { userIDs.contains($0.userId) }.map(\.id))
        users = Self.diff(stored.users, fetched.users) { _ in true }
        posts = Self.diff(stored.posts, fetched.posts) { userIDs.contains($0.userId) }
        albums = Self.diff(stored.albums, fetched.albums) { userIDs.contains($0.userId) }
        photos = Self.diff(stored.photos, fetched.photos) { albumIDs.contains($0.albumId) }
        comments = Self.diff(stored.comments, fetched.comments) { postIDs.contains($0.postId) }
    }

    public init() {}

    /// Later duplicates of an id in a fetch win, like a database upsert would.
    private static func diff<Record: Identifiable<Int> & Hashable & Sendable>(
        _ stored: [Record], _ fetched: [Record], keep: (Record) -> Bool
    ) -> Changes<Record> {
        var changes = Changes<Record>()
        var old = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        var seen = Set<Int>()
        var latest: [Int: Record] = [:]
        var order: [Int] = []
        for record in fetched {
            guard keep(record) else { changes.skipped += 1; continue }
            if latest.updateValue(record, forKey: record.id) == nil { order.append(record.id) }
        }
        for id in order {
            guard let record = latest[id] else { continue }
            seen.insert(id)
            switch old.removeValue(forKey: id) {
            case nil: changes.inserts.append(record)
            case let previous? where previous != record: changes.updates.append(record)
            default: changes.unchanged += 1
            }
        }
        changes.deletes = old.keys.filter { !seen.contains($0) }.sorted()
        return changes
    }
}
