import Foundation
import GridKit
import Testing
@testable import PostsKit

/// The generated origin data: jsonplaceholder's counts, ids, relations and field order, our own
/// words, and the same bytes for the same seed.
@Suite struct OriginDatasetTests {
    let data = OriginDataset.standard

    @Test func countsAndIdsAreJsonplaceholders() {
        #expect(data.posts.map(\.id) == Array(1...100))
        #expect(data.comments.map(\.id) == Array(1...500))
        #expect(data.albums.map(\.id) == Array(1...100))
        #expect(data.photos.map(\.id) == Array(1...5000))
        #expect(data.users.map(\.id) == Array(1...10))
        #expect(data.todos.map(\.id) == Array(1...200))
        for resource in OriginResource.allCases {
            #expect(data.records(resource).count == resource.count, "\(resource)")
        }
        #expect(OriginResource.allCases.map(\.singular) == ["post", "comment", "album", "photo", "user", "todo"])
    }

    @Test func relationsAreJsonplaceholders() {
        #expect(data.posts.allSatisfy { $0.userId == ($0.id - 1) / 10 + 1 })
        #expect(data.albums.allSatisfy { $0.userId == ($0.id - 1) / 10 + 1 })
        #expect(data.photos.allSatisfy { $0.albumId == ($0.id - 1) / 50 + 1 })
        #expect(data.comments.allSatisfy { $0.postId == ($0.id - 1) / 5 + 1 })
        #expect(data.todos.allSatisfy { $0.userId == ($0.id - 1) / 20 + 1 })
        // Every user has 10 posts and 10 albums; every album 50 photos.
        for user in 1...10 {
            #expect(data.posts.filter { $0.userId == user }.count == 10)
            #expect(data.albums.filter { $0.userId == user }.count == 10)
        }
        #expect(Set(data.photos.map(\.albumId)).count == 100)
    }

    @Test func recordsKeepJsonplaceholdersFieldOrder() {
        func keys(_ value: JSONValue?) -> [String] {
            if case .object(let object)? = value { return object.keys }
            return []
        }
        #expect(keys(data.records(.posts).first) == ["userId", "id", "title", "body"])
        #expect(keys(data.records(.comments).first) == ["postId", "id", "name", "email", "body"])
        #expect(keys(data.records(.albums).first) == ["userId", "id", "title"])
        #expect(keys(data.records(.photos).first) == ["albumId", "id", "title", "url", "thumbnailUrl"])
        #expect(keys(data.records(.todos).first) == ["userId", "id", "title", "completed"])
        let user = data.records(.users).first
        #expect(keys(user) == ["id", "name", "username", "email", "address", "phone", "website", "company"])
        #expect(keys(user?.value(at: ["address"])) == ["street", "suite", "city", "zipcode", "geo"])
        #expect(keys(user?.value(at: ["address", "geo"])) == ["lat", "lng"])
        #expect(keys(user?.value(at: ["company"])) == ["name", "catchPhrase", "bs"])
    }

    @Test func theSameSeedGivesTheSameDataAndAnotherSeedOtherData() {
        let again = OriginDataset(seed: OriginDataset.defaultSeed)
        #expect(again.posts == data.posts && again.users == data.users && again.photos == data.photos)
        #expect(again.comments == data.comments && again.albums == data.albums && again.todos == data.todos)
        let other = OriginDataset(seed: 42)
        #expect(other.posts != data.posts)
        #expect(other.photos.map(\.url) != data.photos.map(\.url))
        // Pinned: clients and benchmarks may rely on these bytes, so a change must be deliberate.
        #expect(data.posts[0].title == "gentle maze and the tile")
        #expect(data.photos[2].url == "/origin/placeholder/600/7afe74")
    }

    @Test func photoURLsNameTheirColourAtBothSizes() throws {
        let base = "http://127.0.0.1:8080"
        let photos = data.photos(base: base)
        for photo in photos {
            let colour = OriginDataset.colour(photo: photo.id)
            #expect(photo.url == "\(base)/origin/placeholder/600/\(colour)")
            #expect(photo.thumbnailUrl == "\(base)/origin/placeholder/150/\(colour)")
        }
        let colours = data.photos.map { String($0.url.suffix(6)) }
        #expect(colours.allSatisfy { $0.count == 6 && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        // 24 random bits each: jsonplaceholder has 4996 distinct colours among 5000.
        #expect(Set(colours).count >= 4990)
        #expect(data.records(.photos)[0].value(at: ["url"]) == .relative(data.photos[0].url))
    }

    @Test func textLooksLikeJsonplaceholdersInOurOwnWords() {
        #expect(data.posts.allSatisfy { $0.title == $0.title.lowercased() && !$0.title.isEmpty })
        #expect(data.posts.allSatisfy { $0.body.split(separator: "\n").count == 4 && $0.body == $0.body.lowercased() })
        #expect(data.comments.allSatisfy { $0.email.contains("@") })
        // Reserved top-level domains only, so no address or website belongs to anyone.
        let reserved = [".example", ".test", ".invalid"]
        #expect((data.users.map(\.email) + data.comments.map(\.email) + data.users.map(\.website))
            .allSatisfy { address in reserved.contains { address.hasSuffix($0) } })
        #expect(data.users.allSatisfy { $0.address.geo.lat.contains(".") && $0.address.geo.lng.contains(".") })
        #expect(Set(data.todos.map(\.completed)) == [true, false])
        #expect(Set(data.posts.map(\.title)).count > 80)
    }
}
