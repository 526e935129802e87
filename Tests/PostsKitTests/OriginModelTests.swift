import Foundation
import Testing
@testable import PostsKit

/// The sync reads only what the reader keeps of each record.
@Suite struct OriginModelTests {
    @Test func anAuthorIsReadFromAFullUserIgnoringTheRest() throws {
        let user = User(id: 3, name: "N", username: "u", email: "e@x.org",
                        address: .init(street: "s", suite: "su", city: "c", zipcode: "z", geo: .init(lat: "1", lng: "2")),
                        phone: "p", website: "w", company: .init(name: "n", catchPhrase: "cp", bs: "bs"))
        let author = try JSONDecoder().decode(Author.self, from: JSONEncoder().encode(user))
        #expect(author == Author(id: 3, name: "N", username: "u", email: "e@x.org"))
    }
}
