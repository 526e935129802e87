/// What one sync did, as the API, the page and `tessera posts sync --json` show it.
public struct PostsSyncReport: Hashable, Sendable, Codable {
    /// What is stored after the sync.
    public var posts: Int
    public var users: Int
    public var albums: Int
    public var photos: Int
    public var comments: Int
    /// Rows written, over all five lists; unchanged rows are not written.
    public var inserted: Int
    public var updated: Int
    public var deleted: Int
    public var unchanged: Int
    /// Fetched rows that could not be stored because their owner was not in the fetch.
    public var skipped: Int
    /// Whole sync, and the part spent downloading and decoding the four lists.
    public var seconds: Double
    public var downloadSeconds: Double

    public init(plan: MergePlan, counts: PostsCounts, seconds: Double, downloadSeconds: Double) {
        posts = counts.posts
        users = counts.users
        albums = counts.albums
        photos = counts.photos
        comments = counts.comments
        let parts = [plan.users.counts, plan.posts.counts, plan.albums.counts, plan.photos.counts, plan.comments.counts]
        inserted = parts.map(\.inserted).reduce(0, +)
        updated = parts.map(\.updated).reduce(0, +)
        deleted = parts.map(\.deleted).reduce(0, +)
        unchanged = parts.map(\.unchanged).reduce(0, +)
        skipped = parts.map(\.skipped).reduce(0, +)
        self.seconds = (seconds * 1000).rounded() / 1000
        self.downloadSeconds = (downloadSeconds * 1000).rounded() / 1000
    }
}

extension MergePlan.Changes {
    var counts: (inserted: Int, updated: Int, deleted: Int, unchanged: Int, skipped: Int) {
        (inserts.count, updates.count, deletes.count, unchanged, skipped)
    }
}
