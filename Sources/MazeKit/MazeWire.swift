/// The maze API's wire format, written once for the server and every Swift client: the paths,
/// the latency header and the request and response bodies beside `RoomResponse`.
public enum MazeWire {
    public static let start = "/api/maze/start"
    public static let mazes = "/api/maze/mazes"
    /// Followed by the room id.
    public static let rooms = "/api/maze/rooms/"
    public static let unlock = "/api/maze/unlock"
    public static let tiles = "/api/maze/tiles"
    /// Every generator with its description (`?lang=` for the language).
    public static let algorithms = "/api/maze/algorithms"
    /// The carving steps of one maze (see `MazeCarving`).
    public static let carving = "/api/maze/carving"
    /// A request may ask a Tessera server for a `LatencyPreset` with this header.
    public static let latencyHeader = "X-Maze-Latency"
}

/// The body of `POST /api/maze/mazes`; every field is optional (the server picks the rest at random).
public struct NewMazeRequest: Codable, Hashable, Sendable {
    /// A decimal string, because a 64-bit seed does not fit a JavaScript number.
    public var seed: String?
    public var width: Int?
    public var height: Int?
    public var algorithm: MazeAlgorithm?

    public init(seed: UInt64? = nil, width: Int? = nil, height: Int? = nil, algorithm: MazeAlgorithm? = nil) {
        self.seed = seed.map(String.init)
        self.width = width
        self.height = height
        self.algorithm = algorithm
    }
}

/// One entry of `GET /api/maze/algorithms`: a generator's name and what its mazes are like.
public struct MazeAlgorithmInfo: Codable, Hashable, Sendable {
    public let name: String
    public let description: String
    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }
}

/// `{"id": …}`: what `start`, `mazes` (with the parameters beside it) and `unlock` answer.
public struct RoomID: Codable, Hashable, Sendable {
    public let id: String
    public init(id: String) { self.id = id }
}

/// The body of `POST /api/maze/unlock`.
public struct UnlockRequest: Codable, Hashable, Sendable {
    public let lock: String
    public init(lock: String) { self.lock = lock }
}

/// Named latency presets a client can ask for per request (`X-Maze-Latency` header or `latency`
/// query item), so a page or benchmark can pick conditions without restarting the server.
public enum LatencyPreset: String, CaseIterable, Sendable, Codable {
    /// The original server's delays and failure injection.
    case original
    /// Barely noticeable: 1 ms fetches, 20 ms unlocks, no failures.
    case fast
    /// The benchmark's conditions: exactly 20 ms fetches and 300 ms unlocks, no failures.
    case slow
    /// No waiting at all.
    case none

    public var conditions: SimulatedConditions {
        switch self {
        case .original: .original
        case .fast: fixed(fetch: .milliseconds(1), unlock: .milliseconds(20))
        case .slow: fixed(fetch: .milliseconds(20), unlock: .milliseconds(300))
        case .none: .instant
        }
    }

    private func fixed(fetch: Duration, unlock: Duration) -> SimulatedConditions {
        SimulatedConditions(fetchDelay: fetch...fetch, unlockDelay: unlock...unlock)
    }
}
