import Foundation
import GridKit

/// What one sync changed in the reader's posts, for the "what changed" panel and
/// `GET /api/posts/changes`: posts that are new, edited (with the changed words of the title and
/// body marked), deleted, and restored (posts deleted here that the sync brought back), plus how
/// many comments came, changed and went. Made from the merge plan the sync already computed and
/// the rows stored before it, so it costs one pass and a bounded word diff per edited post.
///
/// Bounded whatever the origin sends: each list keeps at most `maxListed` posts (`unlisted`
/// counts the rest) and each diff is bounded by `WordDiff`; a store keeps the last `kept` syncs.
public struct PostsSyncChanges: Codable, Hashable, Sendable {
    public static let maxListed = 50
    public static let kept = 10

    /// A post by id and title (the title as the reader shows it).
    public struct Mention: Codable, Hashable, Sendable {
        public var id: Int
        public var title: String
    }

    /// An edited post: its title now, and the word diffs (empty when that part did not change).
    public struct Edit: Codable, Hashable, Sendable {
        public var id: Int
        public var title: String
        public var titleChanges: [WordDiff.Segment]
        public var bodyChanges: [WordDiff.Segment]
    }

    public struct CommentCounts: Codable, Hashable, Sendable {
        public var added: Int
        public var edited: Int
        public var deleted: Int
    }

    /// When the sync committed (ISO 8601, to the millisecond: the page tells syncs apart by it, and two
    /// syncs can commit within one second).
    public var syncedAt: String
    public var added: [Mention]
    public var edited: [Edit]
    public var deleted: [Mention]
    public var restored: [Mention]
    public var comments: CommentCounts
    /// Changed posts beyond `maxListed` in a list, left out.
    public var unlisted: Int

    /// `stored` is what was stored before the merge, `plan` the merge; `deletedHere` the posts this
    /// reader deleted since (an insert of one of them is a restore).
    public init(stored: PostsSnapshot, plan: MergePlan, deletedHere: Set<Int>, at time: Date) {
        syncedAt = time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        var before: [Int: Post] = [:]
        for post in stored.posts { before[post.id] = post }
        var unlisted = 0
        func bounded<T>(_ items: [T]) -> [T] {
            unlisted += max(0, items.count - Self.maxListed)
            return Array(items.prefix(Self.maxListed))
        }
        let inserts = plan.posts.inserts.sorted { $0.id < $1.id }
        added = bounded(inserts.filter { !deletedHere.contains($0.id) }.map(Mention.init))
        restored = bounded(inserts.filter { deletedHere.contains($0.id) }.map(Mention.init))
        // An update that changed only who wrote it is still an edit, with no words marked.
        let edits = plan.posts.updates.sorted { $0.id < $1.id }.compactMap { post in before[post.id].map { (post, $0) } }
        edited = bounded(edits).map { post, old in
            Edit(id: post.id, title: post.title.capitalizingFirstLetter,
                 titleChanges: WordDiff.changed(old.title, post.title)
                    ? WordDiff.segments(from: old.title.capitalizingFirstLetter, to: post.title.capitalizingFirstLetter) : [],
                 bodyChanges: WordDiff.changed(old.body, post.body)
                    ? WordDiff.segments(from: old.body.capitalizingFirstLetter, to: post.body.capitalizingFirstLetter) : [])
        }
        deleted = bounded(plan.posts.deletes.compactMap { before[$0] }.map(Mention.init))
        comments = CommentCounts(added: plan.comments.inserts.count, edited: plan.comments.updates.count,
                                 deleted: plan.comments.deletes.count)
        self.unlisted = unlisted
    }

    /// Did the sync change any post or comment?
    public var isEmpty: Bool {
        added.isEmpty && edited.isEmpty && deleted.isEmpty && restored.isEmpty && unlisted == 0
            && comments == CommentCounts(added: 0, edited: 0, deleted: 0)
    }

    /// Does this sync take the place of the newest one kept, rather than being kept beside it? Only
    /// when neither changed anything: the entry then says "nothing changed" as of this sync. So a
    /// reader who syncs again and again in a quiet hour still finds the last real changes in the
    /// `kept` syncs, instead of a list of empty ones.
    public func replaces(_ newest: PostsSyncChanges?) -> Bool {
        isEmpty && newest?.isEmpty == true
    }
}

extension PostsSyncChanges.Mention {
    init(_ post: Post) { self.init(id: post.id, title: post.title.capitalizingFirstLetter) }
}
