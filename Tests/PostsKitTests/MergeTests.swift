import Testing
@testable import PostsKit

/// The merge writes exactly what changed, mirrors deletions with their cascade, and never stores
/// a record whose owner is missing.
@Suite struct MergeTests {
    static func snapshot(users: Int = 2, postsPerUser: Int = 2, albumsPerUser: Int = 2, photosPerAlbum: Int = 3) -> PostsSnapshot {
        var snapshot = PostsSnapshot()
        for user in 1...users {
            snapshot.users.append(Author(id: user, name: "User \(user)", username: "user\(user)", email: "user\(user)@example.org"))
            for index in 1...postsPerUser {
                let id = (user - 1) * postsPerUser + index
                snapshot.posts.append(Post(userId: user, id: id, title: "post \(id)", body: "body \(id)"))
            }
            for index in 1...albumsPerUser {
                let album = (user - 1) * albumsPerUser + index
                snapshot.albums.append(Album(userId: user, id: album, title: "album \(album)"))
                for photo in 1...photosPerAlbum {
                    let id = (album - 1) * photosPerAlbum + photo
                    snapshot.photos.append(Photo(albumId: album, id: id, title: "photo \(id)",
                                                 url: "http://o/600/\(id)", thumbnailUrl: "http://o/150/\(id)"))
                }
            }
        }
        return snapshot
    }

    @Test func aFirstSyncInsertsEverythingAndASecondWritesNothing() {
        var tables = PostsTables()
        let fetched = Self.snapshot()
        let first = MergePlan(stored: tables.snapshot, fetched: fetched)
        #expect(first.users.inserts.count == 2 && first.posts.inserts.count == 4)
        #expect(first.albums.inserts.count == 4 && first.photos.inserts.count == 12)
        tables.apply(first)
        #expect(tables.snapshot == fetched)
        let second = MergePlan(stored: tables.snapshot, fetched: fetched)
        #expect(second.writes == 0)
        #expect(second.posts.unchanged == 4 && second.photos.unchanged == 12)
    }

    @Test func onlyChangedRecordsAreUpdated() {
        var tables = PostsTables()
        var fetched = Self.snapshot()
        tables.apply(MergePlan(stored: tables.snapshot, fetched: fetched))
        fetched.posts[0].title = "a new title"
        fetched.users[1].email = "new@example.org"
        let plan = MergePlan(stored: tables.snapshot, fetched: fetched)
        #expect(plan.posts.updates.map(\.id) == [1] && plan.users.updates.map(\.id) == [2])
        #expect(plan.writes == 2)
        tables.apply(plan)
        #expect(tables.posts[1]?.title == "a new title")
    }

    @Test func aUserMissingFromTheFetchTakesTheirPostsAlbumsAndPhotosWithThem() {
        var tables = PostsTables()
        var fetched = Self.snapshot()
        tables.apply(MergePlan(stored: tables.snapshot, fetched: fetched))
        // The origin drops user 2 but (inconsistently) still lists one of their albums.
        fetched.users.removeAll { $0.id == 2 }
        fetched.posts.removeAll { $0.userId == 2 }
        fetched.photos.removeAll { $0.albumId == 4 }
        fetched.albums.removeAll { $0.id == 4 }
        let plan = MergePlan(stored: tables.snapshot, fetched: fetched)
        #expect(plan.users.deletes == [2] && plan.posts.deletes == [3, 4])
        #expect(plan.albums.skipped == 1, "album 3 names a user who is gone")
        tables.apply(plan)
        #expect(tables.users.keys.sorted() == [1])
        #expect(tables.posts.values.allSatisfy { $0.userId == 1 })
        #expect(tables.albums.keys.sorted() == [1, 2], "the cascade removed album 3 too")
        #expect(tables.photos.values.allSatisfy { [1, 2].contains($0.albumId) })
    }

    @Test func recordsWhoseOwnerIsMissingAreSkippedAndCounted() {
        var fetched = Self.snapshot(users: 1)
        fetched.posts.append(Post(userId: 99, id: 50, title: "stray", body: "no author"))
        fetched.photos.append(Photo(albumId: 77, id: 500, title: "stray", url: "u", thumbnailUrl: "t"))
        let plan = MergePlan(stored: PostsSnapshot(), fetched: fetched)
        #expect(plan.posts.skipped == 1 && plan.photos.skipped == 1)
        #expect(!plan.posts.inserts.contains { $0.id == 50 })
    }

    @Test func aDeletedPostComesBackWithTheNextSync() {
        var tables = PostsTables()
        let fetched = Self.snapshot()
        tables.apply(MergePlan(stored: tables.snapshot, fetched: fetched))
        let deleted = tables.deletePost(id: 1)
        let again = tables.deletePost(id: 1)
        #expect(deleted && !again, "the second delete finds nothing")
        let plan = MergePlan(stored: tables.snapshot, fetched: fetched)
        #expect(plan.posts.inserts.map(\.id) == [1] && plan.writes == 1)
        tables.apply(plan)
        #expect(tables.posts[1] != nil)
    }

    @Test func theReaderShowsCapitalisedTitlesSortedAndSearchesTitlesAndEmails() throws {
        var tables = PostsTables()
        tables.apply(MergePlan(stored: tables.snapshot, fetched: Self.snapshot()))
        let summaries = tables.summaries
        #expect(summaries.map(\.id) == [1, 2, 3, 4])
        #expect(summaries.first?.title == "Post 1")
        #expect(summaries.filter { $0.matches("POST 3") }.map(\.id) == [3])
        #expect(summaries.filter { $0.matches("user2@") }.map(\.id) == [3, 4])
        let detail = try #require(tables.detail(postID: 3))
        #expect(detail.body == "Body 3" && detail.author.id == 2)
        #expect(detail.albums.map(\.id) == [3, 4] && detail.albums.allSatisfy { $0.photoCount == 3 })
        #expect(tables.album(id: 3)?.photos.map(\.id) == [7, 8, 9])
    }

    @Test func theListingCountsEverythingAndSaysWhatTheSearchFound() {
        var tables = PostsTables()
        tables.apply(MergePlan(stored: tables.snapshot, fetched: Self.snapshot()))
        let all = PostListing(tables.summaries, search: "")
        #expect(all.total == 4 && all.matching == 4 && all.feedback(search: "") == nil)
        let some = PostListing(tables.summaries, search: "user1@")
        #expect(some.posts.map(\.id) == [1, 2] && some.feedback(search: "user1@") == "Filtering 2 of 4 Posts")
        #expect(PostListing(tables.summaries, search: "nothing").feedback(search: "nothing") == "No Search Results")
    }
}
