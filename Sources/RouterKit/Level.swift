/// A Rapid Router level in Tessera's own JSON form (our levels in `Levels/*.json` use it, the API
/// and the editor exchange it, and imported Rapid Router levels are converted into it). The grid
/// is 10×8: x 0…9 left to right, y 0…7 **north up** (y+1 is north), like the original.

/// A square of the grid; JSON `[x, y]`.
public struct Coordinate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static let columns = 10
    public static let rows = 8
    public var isOnGrid: Bool { (0..<Self.columns).contains(x) && (0..<Self.rows).contains(y) }
    public func moved(_ heading: Heading) -> Coordinate { Coordinate(x: x + heading.dx, y: y + heading.dy) }
    public static func < (a: Coordinate, b: Coordinate) -> Bool { (a.y, a.x) < (b.y, b.x) }
    public var description: String { "(\(x), \(y))" }
}

extension Coordinate: Codable {
    public init(from decoder: any Decoder) throws {
        var pair = try decoder.unkeyedContainer()
        x = try pair.decode(Int.self)
        y = try pair.decode(Int.self)
        guard pair.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: pair, debugDescription: "a coordinate is [x, y]")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var pair = encoder.unkeyedContainer()
        try pair.encode(x)
        try pair.encode(y)
    }
}

/// A compass heading; JSON "N", "E", "S", "W".
public enum Heading: String, Codable, Sendable, CaseIterable {
    case north = "N", east = "E", south = "S", west = "W"

    public var dx: Int { self == .east ? 1 : self == .west ? -1 : 0 }
    public var dy: Int { self == .north ? 1 : self == .south ? -1 : 0 }
    /// 90° anticlockwise / clockwise / 180°.
    public var left: Heading { [.west, .north, .east, .south][index] }
    public var right: Heading { [.east, .south, .west, .north][index] }
    public var reversed: Heading { [.south, .west, .north, .east][index] }
    private var index: Int { Heading.allCases.firstIndex(of: self) ?? 0 }
}

/// One road tile and the indices (into `Level.road`) of the tiles it connects to.
public struct RoadNode: Hashable, Codable, Sendable {
    public var coordinate: Coordinate
    public var connections: [Int]

    public init(_ coordinate: Coordinate, connections: [Int]) {
        self.coordinate = coordinate
        self.connections = connections
    }
}

public enum LightColour: String, Codable, Sendable {
    case red = "RED", green = "GREEN"
}

/// A light controlling the move from `source` towards `direction` (source → source + direction).
public struct TrafficLight: Hashable, Codable, Sendable {
    public var source: Coordinate
    public var direction: Heading
    public var startingState: LightColour
    /// Ticks already spent in the starting state.
    public var startTime: Int
    public var redDuration: Int
    public var greenDuration: Int

    public init(source: Coordinate, direction: Heading, startingState: LightColour, startTime: Int = 0,
                redDuration: Int, greenDuration: Int) {
        self.source = source
        self.direction = direction
        self.startingState = startingState
        self.startTime = startTime
        self.redDuration = redDuration
        self.greenDuration = greenDuration
    }
}

public enum CowKind: String, Codable, Sendable {
    case white = "WHITE", brown = "BROWN", pigeon = "PIGEON"
}

/// Cows that may stand on road squares: at run time every potential square gets one (the original
/// ignores min/max when it runs a program; they are kept for the editor and for import).
public struct CowGroup: Hashable, Codable, Sendable {
    public var kind: CowKind
    public var minCows: Int
    public var maxCows: Int
    public var potentialCoordinates: [Coordinate]

    public init(kind: CowKind, minCows: Int = 1, maxCows: Int = 1, potentialCoordinates: [Coordinate]) {
        self.kind = kind
        self.minCows = minCows
        self.maxCows = maxCows
        self.potentialCoordinates = potentialCoordinates
    }
}

/// Every block type a toolbox may offer, named as Rapid Router names them.
public enum BlockType: String, Codable, Sendable, CaseIterable {
    case start
    case moveForwards = "move_forwards", turnLeft = "turn_left", turnRight = "turn_right"
    case turnAround = "turn_around", wait, deliver, soundHorn = "sound_horn"
    case controlsRepeat = "controls_repeat", controlsRepeatWhile = "controls_repeat_while"
    case controlsRepeatUntil = "controls_repeat_until", controlsIf = "controls_if"
    case logicNegate = "logic_negate", atDestination = "at_destination", roadExists = "road_exists"
    case deadEnd = "dead_end", trafficLight = "traffic_light", cowCrossing = "cow_crossing"
    case declareProc = "declare_proc", callProc = "call_proc"
    case variablesNumericSet = "variables_numeric_set", variablesIncrement = "variables_increment"
    case variablesGet = "variables_get", mathNumber = "math_number", mathArithmetic = "math_arithmetic"
    case logicCompare = "logic_compare"
}

/// A block the level offers, with an optional cap on how many may be used.
public struct ToolboxEntry: Hashable, Codable, Sendable {
    public var block: BlockType
    public var limit: Int?

    public init(_ block: BlockType, limit: Int? = nil) {
        self.block = block
        self.limit = limit
    }
}

/// How a level is scored (see the reference §5). `routeMax` is 20, 10 or 0 (disabled);
/// `algorithmMax` is 10 or 0; `modelSolutions` are the acceptable block counts.
public struct LevelScoring: Hashable, Codable, Sendable {
    public var routeMax: Int
    public var algorithmMax: Int
    public var modelSolutions: [Int]

    public init(routeMax: Int, algorithmMax: Int, modelSolutions: [Int]) {
        self.routeMax = routeMax
        self.algorithmMax = algorithmMax
        self.modelSolutions = modelSolutions
    }

    public var max: Int { routeMax + algorithmMax }
}

public enum Theme: String, Codable, Sendable, CaseIterable {
    case grass, snow, farm, city
}

/// A decoration drawn on a tile (never on the road): a tree, a bush, a pond…
public struct Decor: Hashable, Codable, Sendable {
    public var name: String
    public var coordinate: Coordinate

    public init(name: String, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}

public struct Level: Hashable, Codable, Sendable, Identifiable {
    /// Ours: "1" … ; custom levels: "custom-<id>"; imported: "import-<id>".
    public var id: String
    public var name: String
    /// Episode number for our levels; nil for custom and imported ones.
    public var episode: Int?
    /// What the child reads before starting, and the hint behind the hint button.
    public var lesson: String
    public var hint: String
    public var theme: Theme
    public var character: String
    /// `road[0]` is where the van starts.
    public var road: [RoadNode]
    public var originHeading: Heading
    public var destinations: [Coordinate]
    public var trafficLights: [TrafficLight]
    public var cows: [CowGroup]
    public var maxFuel: Int
    public var toolbox: [ToolboxEntry]
    public var scoring: LevelScoring
    public var blocklyEnabled: Bool
    public var pythonEnabled: Bool
    public var pythonViewEnabled: Bool
    public var decor: [Decor]

    public var origin: Coordinate? { road.first?.coordinate }

    public init(id: String, name: String, episode: Int? = nil, lesson: String = "", hint: String = "",
                theme: Theme = .grass, character: String = "van", road: [RoadNode], originHeading: Heading,
                destinations: [Coordinate], trafficLights: [TrafficLight] = [], cows: [CowGroup] = [],
                maxFuel: Int = 50, toolbox: [ToolboxEntry], scoring: LevelScoring,
                blocklyEnabled: Bool = true, pythonEnabled: Bool = false, pythonViewEnabled: Bool = false,
                decor: [Decor] = []) {
        self.id = id; self.name = name; self.episode = episode; self.lesson = lesson; self.hint = hint
        self.theme = theme; self.character = character; self.road = road; self.originHeading = originHeading
        self.destinations = destinations; self.trafficLights = trafficLights; self.cows = cows
        self.maxFuel = maxFuel; self.toolbox = toolbox; self.scoring = scoring
        self.blocklyEnabled = blocklyEnabled; self.pythonEnabled = pythonEnabled
        self.pythonViewEnabled = pythonViewEnabled; self.decor = decor
    }
}
