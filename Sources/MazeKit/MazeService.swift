import GridKit
import Synchronization

/// Answers the three API calls from ids alone: pure and `Sendable`, so any server process holding
/// the same secret can serve any room. Mazes are regenerated from their parameters on demand and
/// kept in a small LRU because exploring one maze asks for its rooms a thousand times in a row.
public struct MazeService: Sendable {
    public let codec: RoomCodec
    /// Path prefix of tile images; a room's `tileUrl` is `"\(tileBasePath)/\(pattern.name).svg"`.
    public let tileBasePath: String
    private let cache: MazeCache

    public init(secret: MazeSecret, tileBasePath: String = MazeWire.tiles, cacheCapacity: Int = 8) {
        codec = RoomCodec(secret: secret)
        self.tileBasePath = tileBasePath
        cache = MazeCache(capacity: cacheCapacity)
    }

    /// The maze for `parameters`, from the cache or freshly generated.
    public func maze(for parameters: MazeParameters) -> Maze {
        if let cached = cache[parameters] { return cached }
        // Generated outside the lock: two racing requests may both generate, which is harmless
        // (the result is identical) and cheaper than making every other maze wait.
        let maze = MazeGenerator.generate(parameters)
        cache[parameters] = maze
        return maze
    }

    /// The start room's id of a new maze. Throws `invalidSize` for sizes outside `MazeParameters`' rules.
    public func startRoom(seed: UInt64, width: Int, height: Int, algorithm: MazeAlgorithm = .hybrid) throws(MazeError) -> String {
        startRoom(for: try MazeParameters(seed: seed, width: width, height: height, algorithm: algorithm))
    }

    public func startRoom(for parameters: MazeParameters) -> String {
        codec.roomID(for: RoomAddress(parameters: parameters, square: maze(for: parameters).start))
    }

    /// The room JSON for an id; `unknownRoom` for malformed or forged ids and for ids naming a wall.
    public func room(id: String) throws(MazeError) -> RoomResponse {
        let address = try codec.address(ofRoomID: id)
        let maze = maze(for: address.parameters)
        let tile = maze.tile(at: address.square)
        guard tile.isRoom else { throw .unknownRoom(id) }
        var links = RoomLinks()
        for side in Direction.allCases {
            let neighbour = RoomAddress(parameters: address.parameters, square: address.square.moved(side))
            switch maze.tile(at: neighbour.square) {
            case .wall: continue
            case .door: links[side] = .lock(codec.lockToken(forDoor: neighbour))
            case .empty, .exit: links[side] = .room(codec.roomID(for: neighbour))
            }
        }
        return RoomResponse(id: id, tileUrl: tileURL(for: maze.tilePattern(at: address.square)),
                            type: Self.roomType(tile), rooms: links)
    }

    /// The id of the door room a lock guards; `invalidLock` for malformed or forged tokens.
    public func unlock(lock: String) throws(MazeError) -> String {
        let address = try codec.address(ofLock: lock)
        guard maze(for: address.parameters).tile(at: address.square) == .door else { throw .invalidLock(lock) }
        return codec.roomID(for: address)
    }

    /// The whole maze a room belongs to, for the debug map endpoint.
    public func maze(containingRoom id: String) throws(MazeError) -> Maze {
        let address = try codec.address(ofRoomID: id)
        let maze = maze(for: address.parameters)
        guard maze.isRoom(address.square) else { throw .unknownRoom(id) }
        return maze
    }

    public func tileURL(for pattern: TilePattern) -> String { "\(tileBasePath)/\(pattern.name).svg" }

    static func roomType(_ tile: MazeTile) -> RoomType {
        switch tile {
        case .door: .door
        case .exit: .exit
        case .empty, .wall: .empty
        }
    }
}

/// A lock-protected LRU of generated mazes. A few entries suffice: explorations of one maze are
/// bursts of requests, and a miss only costs a regeneration of about a millisecond.
final class MazeCache: Sendable {
    private let entries: Mutex<BoundedCache<MazeParameters, Maze>>

    init(capacity: Int) { entries = Mutex(BoundedCache(countLimit: max(1, capacity))) }

    subscript(parameters: MazeParameters) -> Maze? {
        get { entries.withLock { $0.value(forKey: parameters) } }
        set {
            entries.withLock { entries in
                if let newValue { entries.insert(newValue, forKey: parameters) } else { entries.removeValue(forKey: parameters) }
            }
        }
    }
}
