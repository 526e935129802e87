import GridKit

/// The `type` field of a room, as the original API spelled it.
public enum RoomType: String, Codable, Hashable, Sendable {
    case empty = "EMPTY"
    case door = "DOOR"
    case exit = "EXIT"
}

/// One open side of a room: either the neighbour's id, or a lock to unlock into that id.
/// Encoded as `{"room": id}` or `{"lock": token}`.
public enum RoomLink: Codable, Hashable, Sendable {
    case room(String)
    case lock(String)

    private enum CodingKeys: String, CodingKey { case room, lock }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let id = try container.decodeIfPresent(String.self, forKey: .room) {
            self = .room(id)
        } else if let token = try container.decodeIfPresent(String.self, forKey: .lock) {
            self = .lock(token)
        } else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath, debugDescription: "a link needs a \"room\" or a \"lock\""))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .room(id): try container.encode(id, forKey: .room)
        case let .lock(token): try container.encode(token, forKey: .lock)
        }
    }
}

/// The `rooms` object: a key only for each open side (synthesised coding skips nil sides).
/// Sides are GridKit directions; north is the API's y+1, drawn up (see `Maze`).
public struct RoomLinks: Codable, Hashable, Sendable {
    public var north: RoomLink?
    public var east: RoomLink?
    public var south: RoomLink?
    public var west: RoomLink?

    public init(north: RoomLink? = nil, east: RoomLink? = nil, south: RoomLink? = nil, west: RoomLink? = nil) {
        self.north = north
        self.east = east
        self.south = south
        self.west = west
    }

    public subscript(side: Direction) -> RoomLink? {
        get {
            switch side {
            case .north: north
            case .east: east
            case .south: south
            case .west: west
            }
        }
        set {
            switch side {
            case .north: north = newValue
            case .east: east = newValue
            case .south: south = newValue
            case .west: west = newValue
            }
        }
    }

    /// Sides with a link, in `Direction.allCases` order.
    public var openSides: [Direction] { Direction.allCases.filter { self[$0] != nil } }
}

/// A room as the API returns it, in the original shape:
/// `{"id": …, "tileUrl": …, "type": "EMPTY"|"DOOR"|"EXIT", "rooms": {"north": {"room": …}, …}}`.
/// Encode with `.sortedKeys` for byte-stable output.
public struct RoomResponse: Codable, Hashable, Sendable {
    public var id: String
    public var tileUrl: String
    public var type: RoomType
    public var rooms: RoomLinks

    public init(id: String, tileUrl: String, type: RoomType, rooms: RoomLinks) {
        self.id = id
        self.tileUrl = tileUrl
        self.type = type
        self.rooms = rooms
    }
}
