import Foundation
import Testing
@testable import PostsKit

/// Comments merge like the other lists and follow their post; a sync's changes name new, edited,
/// deleted and restored posts; the list's search reads the body.
@Suite struct CommentsAndChangesTests {
    static func snapshot() -> PostsSnapshot {
        var snapshot = MergeTests.snapshot()
        snapshot.comments = snapshot.posts.flatMap { post in
            (1...2).map { PostsKit.Comment(postId: post.id, id: post.id * 10 + $0, name: "comment \($0)", email: "c\($0)@example.org",
                                  body: "about post \(post.id)") }
        }
        return snapshot
    }

    @Test func commentsAreMergedLikeTheOtherLists() {
        var tables = PostsTables()
        var fetched = Self.snapshot()
        let first = MergePlan(stored: tables.snapshot, fetched: fetched)
        #expect(first.comments.inserts.count == 8)
        tables.apply(first)
        #expect(tables.snapshot == fetched)
        #expect(MergePlan(stored: tables.snapshot, fetched: fetched).writes == 0)

        fetched.comments[0].body = "edited"
        fetched.comments.removeLast()
        fetched.comments.append(PostsKit.Comment(postId: 1, id: 99, name: "late", email: "l@example.org", body: "new"))
        let plan = MergePlan(stored: tables.snapshot, fetched: fetched)
        #expect(plan.comments.updates.map(\.id) == [11] && plan.comments.deletes == [42] && plan.comments.inserts.map(\.id) == [99])
        #expect(plan.writes == 3)
        tables.apply(plan)
        #expect(tables.detail(postID: 1)?.comments.map(\.id) == [11, 12, 99])
        #expect(tables.detail(postID: 1)?.comments.first?.body == "Edited")
        #expect(tables.summaries.first { $0.id == 1 }?.comments == 3)
    }

    @Test func aCommentOfAPostNotStoredIsSkippedAndADeletedPostTakesItsComments() {
        var tables = PostsTables()
        var fetched = Self.snapshot()
        fetched.comments.append(PostsKit.Comment(postId: 777, id: 1000, name: "orphan", email: "o@example.org", body: "x"))
        let plan = MergePlan(stored: tables.snapshot, fetched: fetched)
        #expect(plan.comments.skipped == 1)
        tables.apply(plan)
        let deleted = tables.deletePost(id: 1)
        #expect(deleted)
        #expect(tables.comments.values.allSatisfy { $0.postId != 1 })
        // User 2 goes: their posts' comments go with them; post 1 comes back with its comments.
        fetched.users.removeAll { $0.id == 2 }
        tables.apply(MergePlan(stored: tables.snapshot, fetched: fetched))
        #expect(Set(tables.comments.values.map(\.postId)) == [1, 2])
        #expect(tables.counts.comments == 4)
    }

    @Test func aSyncsChangesNameNewEditedDeletedAndRestoredPosts() {
        var tables = PostsTables()
        var fetched = Self.snapshot()
        tables.apply(MergePlan(stored: tables.snapshot, fetched: fetched))
        _ = tables.deletePost(id: 2)  // deleted here; the origin still has it
        fetched.posts[0].body = "body one changed here"
        fetched.posts.removeAll { $0.id == 3 }
        fetched.posts.append(Post(userId: 1, id: 50, title: "brand new", body: "hello"))
        let stored = tables.snapshot
        let plan = MergePlan(stored: stored, fetched: fetched)
        let changes = PostsSyncChanges(stored: stored, plan: plan, deletedHere: [2], at: Date(timeIntervalSince1970: 0))
        #expect(changes.added.map(\.id) == [50] && changes.added.first?.title == "Brand new")
        #expect(changes.restored.map(\.id) == [2])
        #expect(changes.deleted.map(\.id) == [3])
        #expect(changes.edited.map(\.id) == [1])
        #expect(changes.edited.first?.titleChanges == [])
        #expect(changes.edited.first?.bodyChanges == [
            WordDiff.Segment(.same, "Body"), WordDiff.Segment(.removed, "1"), WordDiff.Segment(.added, "one changed here")])
        #expect(changes.comments == .init(added: 2, edited: 0, deleted: 2))  // post 2's back, post 3's gone
        #expect(changes.syncedAt == "1970-01-01T00:00:00.000Z")
        #expect(!changes.isEmpty)
        tables.apply(plan)
        let none = PostsSyncChanges(stored: tables.snapshot, plan: MergePlan(stored: tables.snapshot, fetched: fetched),
                                    deletedHere: [], at: Date())
        #expect(none.isEmpty)
    }

    @Test func changesListABoundedNumberOfPosts() {
        let many = (1...120).map { Post(userId: 1, id: $0, title: "t\($0)", body: "b") }
        let fetched = PostsSnapshot(users: [Author(id: 1, name: "A", username: "a", email: "a@x")], posts: many)
        let changes = PostsSyncChanges(stored: PostsSnapshot(), plan: MergePlan(stored: PostsSnapshot(), fetched: fetched),
                                       deletedHere: [], at: Date())
        #expect(changes.added.count == PostsSyncChanges.maxListed && changes.unlisted == 120 - PostsSyncChanges.maxListed)
    }

    @Test func theWordDiffMarksOnlyTheChangedWords() {
        #expect(WordDiff.segments(from: "the quick brown fox", to: "the slow brown fox") == [
            .init(.same, "the"), .init(.removed, "quick"), .init(.added, "slow"), .init(.same, "brown fox")])
        #expect(WordDiff.segments(from: "a b c", to: "a b c d") == [.init(.same, "a b c"), .init(.added, "d")])
        #expect(WordDiff.segments(from: "a  b\nc", to: "a b c") == [.init(.same, "a b c")])
        #expect(!WordDiff.changed("a  b", "a b"))
        // Words moved inside the middle are found by the longest common subsequence.
        #expect(WordDiff.segments(from: "x one two three y", to: "x two three four y") == [
            .init(.same, "x"), .init(.removed, "one"), .init(.same, "two three"), .init(.added, "four"), .init(.same, "y")])
    }

    @Test func theWordDiffIsBoundedOnLongTexts() {
        let words = (1...5000).map { "w\($0)" }
        let old = words.joined(separator: " ")
        var changed = words
        changed[2500] = "CHANGED"
        let segments = WordDiff.segments(from: old, to: changed.joined(separator: " "))
        // Long unchanged runs keep a few words of context around the change and count the rest.
        #expect(segments.map(\.kind) == [.skipped, .same, .removed, .added, .same, .skipped])
        #expect(segments[0].omitted == 2500 - WordDiff.context && segments[5].omitted == 2499 - WordDiff.context)
        // Two unrelated long texts are too large to compare word by word: removed, then added.
        let other = (1...5000).map { "v\($0)" }.joined(separator: " ")
        let replaced = WordDiff.segments(from: old, to: other)
        #expect(replaced.map(\.kind) == [.removed, .added])
        #expect(replaced[0].omitted == 5000 - WordDiff.maxSegmentWords)
    }

    @Test func theSearchReadsTheBodyAndSaysWhere() {
        let author = Author(id: 1, name: "A", username: "a", email: "a@example.org")
        let post = Post(userId: 1, id: 1, title: "a title", body: String(repeating: "lorem ipsum ", count: 20) + "the Needle is here "
                        + String(repeating: "dolor sit ", count: 20))
        let listing = PostListing([PostSummary(post, author: author, comments: 4)], search: "needle")
        #expect(listing.matching == 1 && listing.posts[0].comments == 4)
        let excerpt = try! #require(listing.posts[0].excerpt)
        #expect(excerpt.hasPrefix("…") && excerpt.hasSuffix("…") && excerpt.contains("the Needle is here"))
        #expect(excerpt.count <= SearchExcerpt.before + SearchExcerpt.after + 8)
        #expect(PostListing([PostSummary(post, author: author)], search: "title").posts[0].excerpt == nil)
        #expect(PostListing([PostSummary(post, author: author)], search: "").posts[0].excerpt == nil)
    }
}
