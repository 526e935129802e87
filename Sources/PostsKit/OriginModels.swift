/// The records of a jsonplaceholder-compatible origin, with jsonplaceholder's field names and
/// types, declared in its field order. (Foundation's JSONEncoder on Linux does not keep that order,
/// so the origin writes its JSON itself — see `OriginDataset` and the server's `OriginJSON`.) Ids
/// are small positive integers; relations go through `userId`, `albumId` and `postId`.

public struct Post: Codable, Hashable, Sendable, Identifiable {
    public var userId: Int
    public var id: Int
    public var title: String
    public var body: String

    public init(userId: Int, id: Int, title: String, body: String) {
        self.userId = userId
        self.id = id
        self.title = title
        self.body = body
    }
}

public struct User: Codable, Hashable, Sendable, Identifiable {
    public struct Geo: Codable, Hashable, Sendable {
        public var lat: String
        public var lng: String
        public init(lat: String, lng: String) { self.lat = lat; self.lng = lng }
    }

    public struct Address: Codable, Hashable, Sendable {
        public var street: String
        public var suite: String
        public var city: String
        public var zipcode: String
        public var geo: Geo
        public init(street: String, suite: String, city: String, zipcode: String, geo: Geo) {
            self.street = street; self.suite = suite; self.city = city; self.zipcode = zipcode; self.geo = geo
        }
    }

    public struct Company: Codable, Hashable, Sendable {
        public var name: String
        public var catchPhrase: String
        public var bs: String
        public init(name: String, catchPhrase: String, bs: String) {
            self.name = name; self.catchPhrase = catchPhrase; self.bs = bs
        }
    }

    public var id: Int
    public var name: String
    public var username: String
    public var email: String
    public var address: Address
    public var phone: String
    public var website: String
    public var company: Company

    public init(id: Int, name: String, username: String, email: String, address: Address,
                phone: String, website: String, company: Company) {
        self.id = id; self.name = name; self.username = username; self.email = email
        self.address = address; self.phone = phone; self.website = website; self.company = company
    }
}

public struct Album: Codable, Hashable, Sendable, Identifiable {
    public var userId: Int
    public var id: Int
    public var title: String

    public init(userId: Int, id: Int, title: String) {
        self.userId = userId
        self.id = id
        self.title = title
    }
}

public struct Photo: Codable, Hashable, Sendable, Identifiable {
    public var albumId: Int
    public var id: Int
    public var title: String
    public var url: String
    public var thumbnailUrl: String

    public init(albumId: Int, id: Int, title: String, url: String, thumbnailUrl: String) {
        self.albumId = albumId
        self.id = id
        self.title = title
        self.url = url
        self.thumbnailUrl = thumbnailUrl
    }
}

public struct Comment: Codable, Hashable, Sendable, Identifiable {
    public var postId: Int
    public var id: Int
    public var name: String
    public var email: String
    public var body: String

    public init(postId: Int, id: Int, name: String, email: String, body: String) {
        self.postId = postId; self.id = id; self.name = name; self.email = email; self.body = body
    }
}

public struct Todo: Codable, Hashable, Sendable, Identifiable {
    public var userId: Int
    public var id: Int
    public var title: String
    public var completed: Bool

    public init(userId: Int, id: Int, title: String, completed: Bool) {
        self.userId = userId; self.id = id; self.title = title; self.completed = completed
    }
}

/// What the reader keeps of a user: the sync decodes only these four fields, so it works with any
/// origin whose users carry them (the address, phone and company are the origin's business).
public struct Author: Codable, Hashable, Sendable, Identifiable {
    public var id: Int
    public var name: String
    public var username: String
    public var email: String

    public init(id: Int, name: String, username: String, email: String) {
        self.id = id; self.name = name; self.username = username; self.email = email
    }
}
