import GridKit

/// What a tile of the maze grid is. Every tile that is not a wall is a room the API serves.
public enum MazeTile: UInt8, Sendable, Hashable, CaseIterable {
    case wall, empty, door, exit

    public var isRoom: Bool { self != .wall }

    /// The character used by the debug map and the terminal rendering.
    public var symbol: Character {
        switch self {
        case .wall: "#"
        case .empty: "."
        case .door: "D"
        case .exit: "E"
        }
    }
}

/// Everything that determines a maze. The same parameters always give the same maze, on any
/// process, which is what lets room ids be stateless.
///
/// Sizes count tiles including the outer wall and must be odd (a thick-wall maze has cells on odd
/// rows and columns) and within `MazeParameters.sizeRange` (5…201); `defaultSizeRange` (31…63) is what
/// `random(seed:)` picks from, like the original server.
public struct MazeParameters: Hashable, Sendable, CustomStringConvertible {
    public static let sizeRange: ClosedRange<Int> = 5...201
    public static let defaultSizeRange: ClosedRange<Int> = 31...63

    public let seed: UInt64
    public let width: Int
    public let height: Int
    public let algorithm: MazeAlgorithm

    /// Throws `MazeError.invalidSize` unless both sides are odd and within `sizeRange`.
    public init(seed: UInt64, width: Int, height: Int, algorithm: MazeAlgorithm = .hybrid) throws(MazeError) {
        guard Self.isValidSide(width), Self.isValidSide(height) else {
            throw .invalidSize(width: width, height: height)
        }
        self.seed = seed
        self.width = width
        self.height = height
        self.algorithm = algorithm
    }

    /// A maze whose size is derived from the seed (odd, within `defaultSizeRange`), as the original
    /// server did, so a fresh random seed alone yields a varied maze.
    public static func random(seed: UInt64, algorithm: MazeAlgorithm = .hybrid) -> MazeParameters {
        var random = SeededRandom(seed: seed ^ 0x5349_5A45_5349_5A45)
        let choices = (defaultSizeRange.upperBound - defaultSizeRange.lowerBound) / 2 + 1
        let width = defaultSizeRange.lowerBound + 2 * random.below(choices)
        let height = defaultSizeRange.lowerBound + 2 * random.below(choices)
        return MazeParameters(unchecked: seed, width: width, height: height, algorithm: algorithm)
    }

    public static func isValidSide(_ side: Int) -> Bool {
        sizeRange.contains(side) && side % 2 == 1
    }

    init(unchecked seed: UInt64, width: Int, height: Int, algorithm: MazeAlgorithm) {
        self.seed = seed
        self.width = width
        self.height = height
        self.algorithm = algorithm
    }

    public var description: String { "\(algorithm) \(width)×\(height) seed \(seed)" }
}

/// The kit's one error type for the server side. `code` is a stable string for error JSON; the
/// server maps `unknownRoom` and `invalidLock` to 404 and `invalidSize` to 400.
public enum MazeError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidSize(width: Int, height: Int)
    /// Malformed, forged, or naming a wall: the three are deliberately indistinguishable.
    case unknownRoom(String)
    /// Malformed, forged, or not naming a door.
    case invalidLock(String)

    public var code: String {
        switch self {
        case .invalidSize: "invalid_size"
        case .unknownRoom: "unknown_room"
        case .invalidLock: "invalid_lock"
        }
    }

    public var description: String {
        switch self {
        case let .invalidSize(width, height):
            "maze size \(width)×\(height) is invalid: sides must be odd and within "
                + "\(MazeParameters.sizeRange.lowerBound)…\(MazeParameters.sizeRange.upperBound)"
        case let .unknownRoom(id): "no room with id \(id)"
        case let .invalidLock(lock): "no door with lock \(lock)"
        }
    }
}

extension SeededRandom {
    /// Uniform in `0..<bound`, by Lemire's multiply-and-reject. Written here rather than using
    /// `Int.random(in:using:)` because the standard library does not promise that algorithm stays the
    /// same across releases, and mazes must not change when the toolchain does.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let range = UInt64(bound)
        let threshold = (0 &- range) % range
        while true {
            let (high, low) = next().multipliedFullWidth(by: range)
            if low >= threshold { return Int(high) }
        }
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) * 0x1.0p-53 < probability
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}
