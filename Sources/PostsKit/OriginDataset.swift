import GridKit

/// The origin's six collections, in the order `/db` lists them.
public enum OriginResource: String, CaseIterable, Sendable {
    case posts, comments, albums, photos, users, todos

    /// The name json-server puts before `Id` for nested routes (`/posts/1/comments` → `postId=1`).
    public var singular: String { String(rawValue.dropLast()) }

    /// How many records jsonplaceholder has, which the dataset reproduces.
    public var count: Int {
        switch self {
        case .posts, .albums: return 100
        case .comments: return 500
        case .photos: return 5000
        case .users: return 10
        case .todos: return 200
        }
    }
}

/// A jsonplaceholder-shaped dataset with our own words: 100 posts, 500 comments, 100 albums,
/// 5000 photos, 10 users and 200 todos, related as upstream (each user has 10 posts, 10 albums and
/// 20 todos; each post 5 comments; each album 50 photos). The same seed always gives the same
/// bytes: each record draws from its own generator seeded by (seed, collection, id), and nothing
/// depends on hashing order.
public struct OriginDataset: Sendable {
    public static let defaultSeed: UInt64 = 0x7E55_E7A0_2025_0001
    /// The dataset the server answers with, made once.
    public static let standard = OriginDataset(seed: defaultSeed)

    public let posts: [Post]
    public let comments: [Comment]
    public let albums: [Album]
    /// Photos whose `url` and `thumbnailUrl` are paths on the server (`/origin/placeholder/600/1a2b3c`);
    /// `photos(base:)` gives them absolute.
    public let photos: [Photo]
    public let users: [User]
    public let todos: [Todo]

    public init(seed: UInt64 = OriginDataset.defaultSeed) {
        func each<T>(_ resource: OriginResource, _ make: (Int, inout Words) -> T) -> [T] {
            (1...resource.count).map { id in
                var words = Words(seed: seed, stream: UInt64(OriginResource.allCases.firstIndex(of: resource) ?? 0), id: id)
                return make(id, &words)
            }
        }
        posts = each(.posts) { id, w in Post(userId: (id - 1) / 10 + 1, id: id, title: w.title(), body: w.paragraph()) }
        comments = each(.comments) { id, w in
            Comment(postId: (id - 1) / 5 + 1, id: id, name: w.title(), email: w.commenterEmail(), body: w.paragraph())
        }
        albums = each(.albums) { id, w in Album(userId: (id - 1) / 10 + 1, id: id, title: w.title()) }
        photos = each(.photos) { id, w in
            let colour = Self.colour(photo: id, seed: seed)
            return Photo(albumId: (id - 1) / 50 + 1, id: id, title: w.title(),
                         url: Self.placeholderPath(size: 600, colour: colour),
                         thumbnailUrl: Self.placeholderPath(size: 150, colour: colour))
        }
        users = each(.users) { id, w in w.user(id: id) }
        todos = each(.todos) { id, w in Todo(userId: (id - 1) / 20 + 1, id: id, title: w.title(), completed: w.chance(45)) }
    }

    /// The photos with `base` (e.g. `http://127.0.0.1:8080`) put before their URL paths.
    public func photos(base: String) -> [Photo] {
        photos.map { Photo(albumId: $0.albumId, id: $0.id, title: $0.title, url: base + $0.url, thumbnailUrl: base + $0.thumbnailUrl) }
    }

    /// `/origin/placeholder/{size}/{colour}`: where the server draws a solid square of that colour.
    public static func placeholderPath(size: Int, colour: String) -> String {
        "/origin/placeholder/\(size)/\(colour)"
    }

    /// Six lower-case hex digits for a photo, from its id alone (and the seed), so a photo keeps its
    /// colour whatever else changes. 24 random bits: a few of 5000 photos may share one.
    public static func colour(photo id: Int, seed: UInt64 = defaultSeed) -> String {
        var random = SplitMix64(seed: seed ^ 0xC010_0000_0000_0000 ^ UInt64(truncatingIfNeeded: id))
        let hex = String(random.next() & 0xFF_FFFF, radix: 16)
        return String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// A collection as ordered JSON objects in jsonplaceholder's field order; photo URLs are
    /// `.relative` so the caller's base URL is applied when they are read or written.
    public func records(_ resource: OriginResource) -> [JSONValue] {
        switch resource {
        case .posts:
            return posts.map { .object(["userId": .int($0.userId), "id": .int($0.id), "title": .string($0.title), "body": .string($0.body)]) }
        case .comments:
            return comments.map {
                .object(["postId": .int($0.postId), "id": .int($0.id), "name": .string($0.name),
                         "email": .string($0.email), "body": .string($0.body)])
            }
        case .albums:
            return albums.map { .object(["userId": .int($0.userId), "id": .int($0.id), "title": .string($0.title)]) }
        case .photos:
            return photos.map {
                .object(["albumId": .int($0.albumId), "id": .int($0.id), "title": .string($0.title),
                         "url": .relative($0.url), "thumbnailUrl": .relative($0.thumbnailUrl)])
            }
        case .users:
            return users.map { user in
                let address = user.address, company = user.company
                return .object([
                    "id": .int(user.id), "name": .string(user.name), "username": .string(user.username),
                    "email": .string(user.email),
                    "address": .object([
                        "street": .string(address.street), "suite": .string(address.suite), "city": .string(address.city),
                        "zipcode": .string(address.zipcode),
                        "geo": .object(["lat": .string(address.geo.lat), "lng": .string(address.geo.lng)]),
                    ]),
                    "phone": .string(user.phone), "website": .string(user.website),
                    "company": .object(["name": .string(company.name), "catchPhrase": .string(company.catchPhrase),
                                        "bs": .string(company.bs)]),
                ])
            }
        case .todos:
            return todos.map { .object(["userId": .int($0.userId), "id": .int($0.id), "title": .string($0.title), "completed": .bool($0.completed)]) }
        }
    }
}

/// SplitMix64 (Steele, Lea and Flood): tiny, fast and well mixed; kept here so PostsKit needs no
/// other kit. Not for secrets.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (bound > 0; the modulo bias is far below what a dataset could show).
    mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(max(bound, 1)))
    }
}

/// Our own vocabulary (tiles, grids, mazes, puzzles, travel) and the shapes of jsonplaceholder's
/// text: lower-case titles, four-line bodies, names, addresses and companies.
struct Words {
    private var random: SplitMix64

    init(seed: UInt64, stream: UInt64, id: Int) {
        // Mix the three inputs once so neighbouring ids start far apart.
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xA24B_AED4_963E_E407) ^ UInt64(truncatingIfNeeded: id))
        random = SplitMix64(seed: mixer.next())
    }

    mutating func pick(_ list: [String]) -> String { list.isEmpty ? "" : list[random.below(list.count)] }
    mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }
    mutating func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(random.below(10))) }) }

    static let adjectives = ["quiet", "narrow", "hidden", "bright", "tilted", "square", "hollow", "winding", "patient",
                             "amber", "silver", "crooked", "distant", "gentle", "open", "folded", "mirrored", "tiny",
                             "broad", "restless", "careful", "dusty", "northern", "southern", "painted", "glazed",
                             "woven", "scattered", "nested", "lucky", "stubborn", "curious", "weathered", "polished",
                             "faded", "spiral", "sleepy", "endless", "uneven", "clever"]
    static let nouns = ["tile", "grid", "maze", "corridor", "puzzle", "lantern", "compass", "corner", "mosaic", "path",
                        "doorway", "stairway", "map", "border", "pattern", "harbor", "village", "railway", "station",
                        "bridge", "garden", "courtyard", "tower", "crossing", "hallway", "notebook", "pentomino",
                        "board", "traveler", "suitcase", "ticket", "window", "fountain", "market", "valley",
                        "lighthouse", "archway", "atlas", "key", "dead end"]
    static let verbs = ["turns", "waits", "leads", "hides", "glows", "folds", "drifts", "wanders", "opens", "rotates",
                        "fits", "crosses", "guards", "follows", "circles", "remembers", "echoes", "shifts", "settles",
                        "climbs", "returns", "unlocks", "mirrors", "reaches", "loops"]
    static let adverbs = ["slowly", "quietly", "again", "twice", "at dawn", "by night", "without a sound", "in the rain",
                          "before noon", "all week", "at last", "with care", "once more", "each morning", "in silence"]
    static let prepositions = ["past", "beyond", "toward", "beneath", "behind", "along", "inside", "around", "across", "near"]

    /// Titles and sentences from a few shapes, filled with the lists above.
    private static let titleShapes = ["a n v d", "the a n", "n p the a n", "a n and the n", "every n v p the n",
                                      "the n v d", "a a n", "n of the a n"]
    private static let sentenceShapes = ["the a n v p the a n d", "every n v p a a n", "a n v d and the n v d",
                                         "the n of the a n v p the n", "a n v p the n while the a n v d",
                                         "no n v d but the a n v p every n"]

    private mutating func fill(_ shape: String) -> String {
        shape.split(separator: " ").map { slot -> String in
            switch slot {
            case "a": return pick(Self.adjectives)
            case "n": return pick(Self.nouns)
            case "v": return pick(Self.verbs)
            case "d": return pick(Self.adverbs)
            case "p": return pick(Self.prepositions)
            default: return String(slot)
            }
        }.joined(separator: " ")
    }

    mutating func title() -> String { fill(pick(Self.titleShapes)) }

    /// Four lower-case lines joined by "\n", as jsonplaceholder's bodies are.
    mutating func paragraph() -> String { (0..<4).map { _ in fill(pick(Self.sentenceShapes)) }.joined(separator: "\n") }

    static let firstNames = ["Ada", "Bram", "Calla", "Doran", "Esme", "Fenn", "Greta", "Hollis", "Ines", "Jory", "Kestrel",
                             "Linnea", "Marek", "Nell", "Orrin", "Pia", "Quill", "Rosalind", "Soren", "Tamsin", "Ulla",
                             "Vesper", "Wren", "Yara", "Zeno"]
    static let lastNames = ["Ashgrove", "Brightwater", "Cobbleton", "Dunmore", "Evenfield", "Fairweather", "Gravelly",
                            "Hartwell", "Ironwood", "Juniper", "Kettleby", "Larkspur", "Millbrook", "Northcote",
                            "Oakenshaw", "Pemberly", "Quarrington", "Ravensworth", "Stonebridge", "Thistlewood",
                            "Underhill", "Vantage", "Whitlock", "Yarrow"]
    static let domains = ["tilehaven", "latticeworks", "mazepost", "gridmail", "compassbox", "mosaicmail", "lanternpost",
                          "squareroute", "wayfarer", "cornerstone"]
    // Reserved top-level domains, so no generated address can belong to anyone.
    static let topLevels = ["example", "test", "invalid"]
    static let cities = ["Tilehaven", "Gridmouth", "Mazeford", "Lanternbury", "Port Mosaic", "North Quarry",
                         "Cobble Cross", "Harbor Vale", "Stairwick", "Pentabridge", "Lower Lattice", "East Compass"]
    static let streetKinds = ["Lane", "Row", "Walk", "Passage", "Court", "Terrace", "Crescent", "Way", "Steps"]
    static let phraseA = ["modular", "adaptive", "tessellated", "interlocking", "layered", "balanced", "portable",
                          "resilient", "symmetric", "navigable", "hand-cut", "self-aligning"]
    static let phraseB = ["grid", "path", "tiling", "route", "framework", "lattice", "layout", "compass", "network",
                          "mosaic", "itinerary", "wayfinding"]
    static let bsVerbs = ["tessellate", "chart", "assemble", "align", "navigate", "fold", "route", "rotate", "arrange", "map"]
    static let bsAdjectives = ["seamless", "orthogonal", "curated", "scalable", "hand-laid", "weatherproof", "mirrored",
                               "walkable"]
    static let bsNouns = ["floor plans", "itineraries", "corridors", "mosaics", "board games", "journeys", "tile sets",
                          "puzzle boxes", "timetables"]

    mutating func commenterEmail() -> String {
        let first = pick(Self.firstNames), last = pick(Self.lastNames)
        let local = chance(50) ? "\(first)_\(last)" : "\(first.lowercased()).\(last.lowercased())\(digits(2))"
        return "\(local)@\(pick(Self.domains)).\(pick(Self.topLevels))"
    }

    mutating func user(id: Int) -> User {
        let first = pick(Self.firstNames), last = pick(Self.lastNames)
        let domain = "\(pick(Self.domains)).\(pick(Self.topLevels))"
        let username = chance(50) ? "\(first).\(last)" : "\(first.lowercased())_\(digits(2))"
        let street = "\(chance(50) ? pick(Self.lastNames) : pick(Self.adjectives).capitalizingFirstLetter) \(pick(Self.streetKinds))"
        let suite = chance(50) ? "Apt. \(digits(3))" : "Suite \(digits(3))"
        let zipcode = chance(60) ? digits(5) : "\(digits(5))-\(digits(4))"
        let geo = User.Geo(lat: coordinate(limit: 90), lng: coordinate(limit: 180))
        let phone: String
        switch random.below(3) {
        case 0: phone = "1-555-\(digits(3))-\(digits(4)) x\(digits(4))"
        case 1: phone = "(555) \(digits(3))-\(digits(4))"
        default: phone = "555.\(digits(3)).\(digits(4))"
        }
        let companyName: String
        switch random.below(3) {
        case 0: companyName = "\(pick(Self.lastNames)) Tileworks"
        case 1: companyName = "\(pick(Self.lastNames)) & \(pick(Self.lastNames))"
        default: companyName = "\(pick(Self.lastNames))-\(pick(Self.lastNames)) Cartography"
        }
        let company = User.Company(name: companyName,
                                   catchPhrase: "\(pick(Self.phraseA).capitalizingFirstLetter) \(pick(Self.phraseA)) \(pick(Self.phraseB))",
                                   bs: "\(pick(Self.bsVerbs)) \(pick(Self.bsAdjectives)) \(pick(Self.bsNouns))")
        return User(id: id, name: "\(first) \(last)", username: username,
                    email: "\(first.lowercased())@\(domain)",
                    address: .init(street: street, suite: suite, city: pick(Self.cities), zipcode: zipcode, geo: geo),
                    phone: phone, website: domain, company: company)
    }

    /// A signed decimal with four places within ±`limit`, built from integers so no floating-point
    /// formatting can differ between platforms.
    private mutating func coordinate(limit: Int) -> String {
        let scaled = random.below(2 * limit * 10_000 + 1) - limit * 10_000
        let magnitude = abs(scaled)
        let fraction = String(magnitude % 10_000)
        return (scaled < 0 ? "-" : "") + "\(magnitude / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }
}

