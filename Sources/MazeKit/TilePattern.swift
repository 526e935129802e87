import GridKit

/// Which sides of a room are walls. The raw value's four bits, most significant first, are
/// north, east, south, west (top, right, bottom, left on screen), so `0b1010` is a room walled
/// at top and bottom: an east–west corridor.
public struct WallMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0b1111 }

    public static let north = WallMask(rawValue: 0b1000)
    public static let east = WallMask(rawValue: 0b0100)
    public static let south = WallMask(rawValue: 0b0010)
    public static let west = WallMask(rawValue: 0b0001)

    public init(_ side: Direction) {
        switch side {
        case .north: self = .north
        case .east: self = .east
        case .south: self = .south
        case .west: self = .west
        }
    }

    public func contains(_ side: Direction) -> Bool { contains(WallMask(side)) }

    /// The walled sides, in `Direction.allCases` order.
    public var sides: [Direction] { Direction.allCases.filter { contains($0) } }
}

/// The name of a tile image: one of 16 wall patterns, or the door or exit art (18 in all).
/// Names are URL-safe: `"1010"` (walls N E S W as 1/0), `"door"`, `"exit"`.
public enum TilePattern: Hashable, Sendable, CustomStringConvertible {
    case room(walls: WallMask)
    case door
    case exit

    public static let all: [TilePattern] =
        (0..<16).map { .room(walls: WallMask(rawValue: UInt8($0))) } + [.door, .exit]

    public var name: String {
        switch self {
        case .door: return "door"
        case .exit: return "exit"
        case let .room(walls):
            return String([WallMask.north, .east, .south, .west].map { walls.contains($0) ? "1" : "0" })
        }
    }

    /// The pattern with this name; nil for anything else (the server answers 404).
    public init?(name: String) {
        switch name {
        case "door": self = .door
        case "exit": self = .exit
        default:
            guard name.count == 4, name.allSatisfy({ $0 == "0" || $0 == "1" }) else { return nil }
            let bits = name.reduce(UInt8(0)) { ($0 << 1) | ($1 == "1" ? 1 : 0) }
            self = .room(walls: WallMask(rawValue: bits))
        }
    }

    public var description: String { name }
}
