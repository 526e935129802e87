import Languages

/// Checking a level before anything runs on it. The simulation, the scoring and the editor all
/// rely on these guarantees (every index valid, every square on the 10×8 grid, symmetric roads
/// between neighbouring squares, lights on road connections), so nothing downstream needs to trap
/// or guess. `problems()` lists everything wrong (the editor shows them all); `validate()` throws
/// the first.

/// The parts of a level whose size is bounded.
public enum LevelPart: String, Hashable, Codable, Sendable {
    case roadTiles = "road tiles", destinations, trafficLights = "traffic lights", cowSquares = "cow squares"
    case decor = "decorations", toolbox = "toolbox blocks", modelSolutions = "model solutions"
}

/// One thing wrong with a level. `code` is stable for API clients; `description` names what is
/// wrong and where, in words an editor user understands.
public enum LevelError: Error, Hashable, Sendable, CustomStringConvertible {
    case noRoad
    case tooMany(LevelPart, count: Int, limit: Int)
    case tileOffGrid(tile: Int, at: Coordinate)
    case duplicateTile(tile: Int, at: Coordinate, sameAs: Int)
    case tooManyConnections(tile: Int, at: Coordinate, count: Int)
    case unknownConnection(tile: Int, at: Coordinate, to: Int)
    case connectionToItself(tile: Int, at: Coordinate)
    case repeatedConnection(tile: Int, at: Coordinate, to: Int)
    case notNeighbours(tile: Int, at: Coordinate, to: Int, toAt: Coordinate)
    case oneWayConnection(tile: Int, at: Coordinate, to: Int, toAt: Coordinate)
    case noRoadFromOrigin(origin: Coordinate, heading: Heading)
    case noDestination
    case destinationOffRoad(Coordinate)
    case duplicateDestination(Coordinate)
    case unreachableDestination(Coordinate)
    case lightOffRoad(light: Int, at: Coordinate)
    case lightNotOnRoad(light: Int, at: Coordinate, heading: Heading)
    case duplicateLight(light: Int, at: Coordinate, heading: Heading)
    case badLightTiming(light: Int, at: Coordinate, field: String, value: Int)
    case emptyCowGroup(group: Int)
    case badCowCount(group: Int, min: Int, max: Int)
    case cowOffRoad(group: Int, at: Coordinate)
    case badFuel(Int)
    case emptyToolbox
    case duplicateToolboxBlock(BlockType)
    case badToolboxLimit(BlockType, Int)
    case badRouteMax(Int)
    case badAlgorithmMax(Int)
    case badModelSolution(Int)
    case decorOffGrid(name: String, at: Coordinate)

    public var code: String {
        switch self {
        case .noRoad: "no_road"
        case .tooMany: "too_many"
        case .tileOffGrid: "tile_off_grid"
        case .duplicateTile: "duplicate_tile"
        case .tooManyConnections: "too_many_connections"
        case .unknownConnection: "unknown_connection"
        case .connectionToItself: "connection_to_itself"
        case .repeatedConnection: "repeated_connection"
        case .notNeighbours: "not_neighbours"
        case .oneWayConnection: "one_way_connection"
        case .noRoadFromOrigin: "no_road_from_origin"
        case .noDestination: "no_destination"
        case .destinationOffRoad: "destination_off_road"
        case .duplicateDestination: "duplicate_destination"
        case .unreachableDestination: "unreachable_destination"
        case .lightOffRoad: "light_off_road"
        case .lightNotOnRoad: "light_not_on_road"
        case .duplicateLight: "duplicate_light"
        case .badLightTiming: "bad_light_timing"
        case .emptyCowGroup: "empty_cow_group"
        case .badCowCount: "bad_cow_count"
        case .cowOffRoad: "cow_off_road"
        case .badFuel: "bad_fuel"
        case .emptyToolbox: "empty_toolbox"
        case .duplicateToolboxBlock: "duplicate_toolbox_block"
        case .badToolboxLimit: "bad_toolbox_limit"
        case .badRouteMax: "bad_route_max"
        case .badAlgorithmMax: "bad_algorithm_max"
        case .badModelSolution: "bad_model_solution"
        case .decorOffGrid: "decor_off_grid"
        }
    }

    public var description: String { words.english }

    /// What is wrong, as catalogue words (`program.level.<case>`): said in any language, with the
    /// tile, light and group numbers, squares and block names as they are written in the level.
    public var words: Words {
        func say(_ key: String, _ arguments: [String: Words] = [:]) -> Words { .say("program.level." + key, arguments) }
        func tile(_ tile: Int, _ at: Coordinate, _ more: [String: Words] = [:]) -> [String: Words] {
            more.merging(["tile": .number(tile), "at": .code(at)]) { given, _ in given }
        }
        func light(_ light: Int, _ at: Coordinate, _ more: [String: Words] = [:]) -> [String: Words] {
            more.merging(["light": .number(light), "at": .code(at)]) { given, _ in given }
        }
        switch self {
        case .noRoad: return say("noRoad")
        case .tooMany(let part, let count, let limit):
            return say("tooMany", ["parts": say("part." + part.key, ["count": .number(count)]), "limit": .number(limit)])
        case .tileOffGrid(let index, let at): return say("tileOffGrid", tile(index, at))
        case .duplicateTile(let index, let at, let first): return say("duplicateTile", tile(index, at, ["first": .number(first)]))
        case .tooManyConnections(let index, let at, let count):
            return say("tooManyConnections", tile(index, at, ["count": .number(count)]))
        case .unknownConnection(let index, let at, let to): return say("unknownConnection", tile(index, at, ["to": .number(to)]))
        case .connectionToItself(let index, let at): return say("connectionToItself", tile(index, at))
        case .repeatedConnection(let index, let at, let to): return say("repeatedConnection", tile(index, at, ["to": .number(to)]))
        case .notNeighbours(let index, let at, let to, let toAt):
            return say("notNeighbours", tile(index, at, ["to": .number(to), "toAt": .code(toAt)]))
        case .oneWayConnection(let index, let at, let to, let toAt):
            return say("oneWayConnection", tile(index, at, ["to": .number(to), "toAt": .code(toAt)]))
        case .noRoadFromOrigin(let origin, let heading):
            return say("noRoadFromOrigin", ["at": .code(origin), "heading": .code(heading.rawValue)])
        case .noDestination: return say("noDestination")
        case .destinationOffRoad(let at): return say("destinationOffRoad", ["at": .code(at)])
        case .duplicateDestination(let at): return say("duplicateDestination", ["at": .code(at)])
        case .unreachableDestination(let at): return say("unreachableDestination", ["at": .code(at)])
        case .lightOffRoad(let index, let at): return say("lightOffRoad", light(index, at))
        case .lightNotOnRoad(let index, let at, let heading):
            return say("lightNotOnRoad", light(index, at, ["heading": .code(heading.rawValue)]))
        case .duplicateLight(let index, let at, let heading):
            return say("duplicateLight", light(index, at, ["heading": .code(heading.rawValue)]))
        case .badLightTiming(let index, let at, let field, let value):
            // The start time may be 0 (the light starts its cycle at once); durations may not.
            return field == "startTime"
                ? say("lightStartTime", light(index, at, ["value": .number(value), "high": .number(LevelLimits.maxDuration)]))
                : say("lightTiming", light(index, at, ["field": .code(field), "value": .number(value),
                                                        "low": .number(LevelLimits.lightDurationRange.lowerBound),
                                                        "high": .number(LevelLimits.maxDuration)]))
        case .emptyCowGroup(let group): return say("emptyCowGroup", ["group": .number(group)])
        case .badCowCount(let group, let min, let max):
            return say("badCowCount", ["group": .number(group), "min": .number(min), "max": .number(max),
                                       "limit": .number(LevelLimits.cowSquares)])
        case .cowOffRoad(let group, let at): return say("cowOffRoad", ["group": .number(group), "at": .code(at)])
        case .badFuel(let fuel):
            return say("badFuel", ["fuel": .number(fuel), "low": .number(LevelLimits.fuelRange.lowerBound),
                                   "high": .number(LevelLimits.maxFuel)])
        case .emptyToolbox: return say("emptyToolbox")
        case .duplicateToolboxBlock(let block): return say("duplicateToolboxBlock", ["block": .code(block.rawValue)])
        case .badToolboxLimit(let block, let limit):
            return say("badToolboxLimit", ["block": .code(block.rawValue), "limit": .number(limit),
                                           "low": .number(LevelLimits.blockLimitRange.lowerBound),
                                           "high": .number(LevelLimits.maxBlockLimit)])
        case .badRouteMax(let value): return say("badRouteMax", ["value": .number(value)])
        case .badAlgorithmMax(let value): return say("badAlgorithmMax", ["value": .number(value)])
        case .badModelSolution(let value):
            return say("badModelSolution", ["count": .number(value), "high": .number(LevelLimits.maxModelBlocks)])
        case .decorOffGrid(let name, let at): return say("decorOffGrid", ["name": .verbatim(name), "at": .code(at)])
        }
    }
}

extension LevelPart {
    /// The catalogue's name for the part (`program.level.part.<key>`): the raw value is the API's.
    var key: String {
        switch self {
        case .roadTiles: "roadTiles"
        case .destinations: "destinations"
        case .trafficLights: "trafficLights"
        case .cowSquares: "cowSquares"
        case .decor: "decorations"
        case .toolbox: "toolboxBlocks"
        case .modelSolutions: "modelSolutions"
        }
    }
}

/// The bounds `validate()` enforces (a 10×8 grid holds at most 80 road tiles).
public enum LevelLimits {
    public static let roadTiles = Coordinate.columns * Coordinate.rows
    /// The route score tries every order of houses (Held–Karp): 16 take ~40 ms, 20 would take
    /// ~0.8 s and 56 MB per score. The original's levels have at most a handful.
    public static let destinations = 16
    public static let trafficLights = 40
    public static let cowSquares = 80
    public static let decor = 100
    public static let toolbox = 30
    public static let modelSolutions = 20
    public static let maxFuel = 999
    public static let maxDuration = 999
    public static let maxBlockLimit = 999
    public static let maxModelBlocks = 999
    /// The fuel tank holds 1…999 moves.
    public static let fuelRange = 1...maxFuel
    /// A traffic light stays red (or green) for 1…999 moves.
    public static let lightDurationRange = 1...maxDuration
    /// A toolbox block may be limited to 1…999 uses (or not limited at all).
    public static let blockLimitRange = 1...maxBlockLimit
    /// A level's name is kept to this many characters (longer names are cut, not refused).
    public static let nameLength = 80

    /// The name a copy of a level is given (`run.copyName`: "Copy of …"), cut to `nameLength`.
    public static func copyName(of name: String, in language: TextLanguage) -> String {
        String(language.text("run.copyName", ["name": .text(name)]).prefix(nameLength))
    }
}

extension Level {
    /// Throws the first problem `problems()` finds.
    public func validate() throws(LevelError) {
        if let first = problems().first { throw first }
    }

    /// Everything wrong with the level, in a fixed order. Oversized parts are reported alone (the
    /// rest is not examined), so a hostile level cannot make this slow.
    public func problems() -> [LevelError] {
        let cowSquareCount = cows.reduce(0) { $0 + $1.potentialCoordinates.count }
        let sizes: [(LevelPart, Int, Int)] = [
            (.roadTiles, road.count, LevelLimits.roadTiles), (.destinations, destinations.count, LevelLimits.destinations),
            (.trafficLights, trafficLights.count, LevelLimits.trafficLights), (.cowSquares, cowSquareCount, LevelLimits.cowSquares),
            (.decor, decor.count, LevelLimits.decor), (.toolbox, toolbox.count, LevelLimits.toolbox),
            (.modelSolutions, scoring.modelSolutions.count, LevelLimits.modelSolutions),
        ]
        let oversized = sizes.filter { $0.1 > $0.2 }.map { LevelError.tooMany($0.0, count: $0.1, limit: $0.2) }
        if !oversized.isEmpty { return oversized }

        var problems: [LevelError] = []
        let roadIsSound = checkRoad(into: &problems)
        // Only on-grid tiles: later checks step from these squares, which must not overflow.
        let tileAt = Dictionary(road.enumerated().filter { $1.coordinate.isOnGrid }.map { ($1.coordinate, $0) },
                                uniquingKeysWith: { first, _ in first })
        if roadIsSound { checkOrigin(tileAt: tileAt, into: &problems) }
        checkDestinations(tileAt: tileAt, roadIsSound: roadIsSound, into: &problems)
        checkLights(tileAt: tileAt, into: &problems)
        checkCows(tileAt: tileAt, into: &problems)
        checkSettings(into: &problems)
        return problems
    }

    /// Tiles on the grid and unique; connections valid, to neighbours, listed once and symmetric.
    /// Returns whether the road graph can be trusted by the later checks.
    private func checkRoad(into problems: inout [LevelError]) -> Bool {
        guard !road.isEmpty else {
            problems.append(.noRoad)
            return false
        }
        let before = problems.count
        var firstTileAt: [Coordinate: Int] = [:]
        for (index, node) in road.enumerated() {
            let at = node.coordinate
            if !at.isOnGrid {
                problems.append(.tileOffGrid(tile: index, at: at))
            } else if let first = firstTileAt[at] {
                problems.append(.duplicateTile(tile: index, at: at, sameAs: first))
            } else {
                firstTileAt[at] = index
            }
        }
        for (index, node) in road.enumerated() {
            let at = node.coordinate
            // Longer lists are necessarily wrong, and not examining them keeps this bounded.
            guard node.connections.count <= 4 else {
                problems.append(.tooManyConnections(tile: index, at: at, count: node.connections.count))
                continue
            }
            var seen: Set<Int> = []
            for target in node.connections {
                guard road.indices.contains(target) else {
                    problems.append(.unknownConnection(tile: index, at: at, to: target))
                    continue
                }
                guard target != index else {
                    problems.append(.connectionToItself(tile: index, at: at))
                    continue
                }
                guard seen.insert(target).inserted else {
                    problems.append(.repeatedConnection(tile: index, at: at, to: target))
                    continue
                }
                let other = road[target].coordinate
                // Off-grid tiles are already reported; comparing them could overflow.
                guard at.isOnGrid, other.isOnGrid else { continue }
                if abs(at.x - other.x) + abs(at.y - other.y) != 1 {
                    problems.append(.notNeighbours(tile: index, at: at, to: target, toAt: other))
                } else if !road[target].connections.contains(index) {
                    problems.append(.oneWayConnection(tile: index, at: at, to: target, toAt: other))
                }
            }
        }
        return problems.count == before
    }

    /// The van starts on road[0] facing along a road (its first "current" tile is origin + heading).
    private func checkOrigin(tileAt: [Coordinate: Int], into problems: inout [LevelError]) {
        guard let start = road.first else { return }
        let ahead = start.coordinate.moved(originHeading)
        let connected = tileAt[ahead].map { start.connections.contains($0) } ?? false
        if !connected { problems.append(.noRoadFromOrigin(origin: start.coordinate, heading: originHeading)) }
    }

    private func checkDestinations(tileAt: [Coordinate: Int], roadIsSound: Bool, into problems: inout [LevelError]) {
        if destinations.isEmpty { problems.append(.noDestination) }
        var seen: Set<Coordinate> = []
        let reachable = roadIsSound ? reachableTiles() : nil
        for house in destinations {
            guard seen.insert(house).inserted else {
                problems.append(.duplicateDestination(house))
                continue
            }
            guard let tile = tileAt[house] else {
                problems.append(.destinationOffRoad(house))
                continue
            }
            if let reachable, !reachable.contains(tile) { problems.append(.unreachableDestination(house)) }
        }
    }

    /// Tiles reachable from road[0]; the van can reach exactly these (it may turn around anywhere).
    private func reachableTiles() -> Set<Int> {
        var reached: Set<Int> = [0]
        var queue = [0]
        var next = 0
        while next < queue.count {
            let tile = queue[next]
            next += 1
            for neighbour in road[tile].connections where reached.insert(neighbour).inserted {
                queue.append(neighbour)
            }
        }
        return reached
    }

    private func checkLights(tileAt: [Coordinate: Int], into problems: inout [LevelError]) {
        var controlled: Set<ControlledMove> = []
        for (index, light) in trafficLights.enumerated() {
            let at = light.source
            guard let source = tileAt[at] else {
                problems.append(.lightOffRoad(light: index, at: at))
                continue
            }
            let connected = tileAt[at.moved(light.direction)].map { road[source].connections.contains($0) } ?? false
            if !connected {
                problems.append(.lightNotOnRoad(light: index, at: at, heading: light.direction))
            } else if !controlled.insert(ControlledMove(source: at, direction: light.direction)).inserted {
                problems.append(.duplicateLight(light: index, at: at, heading: light.direction))
            }
            let timings = [("startTime", light.startTime, 0...LevelLimits.maxDuration),
                           ("redDuration", light.redDuration, LevelLimits.lightDurationRange),
                           ("greenDuration", light.greenDuration, LevelLimits.lightDurationRange)]
            for (field, value, range) in timings where !range.contains(value) {
                problems.append(.badLightTiming(light: index, at: at, field: field, value: value))
            }
        }
    }

    private func checkCows(tileAt: [Coordinate: Int], into problems: inout [LevelError]) {
        for (index, group) in cows.enumerated() {
            if group.potentialCoordinates.isEmpty { problems.append(.emptyCowGroup(group: index)) }
            if group.minCows < 0 || group.minCows > group.maxCows || group.maxCows > LevelLimits.cowSquares {
                problems.append(.badCowCount(group: index, min: group.minCows, max: group.maxCows))
            }
            for square in group.potentialCoordinates where tileAt[square] == nil {
                problems.append(.cowOffRoad(group: index, at: square))
            }
        }
    }

    private func checkSettings(into problems: inout [LevelError]) {
        if !LevelLimits.fuelRange.contains(maxFuel) { problems.append(.badFuel(maxFuel)) }
        if toolbox.isEmpty { problems.append(.emptyToolbox) }
        var offered: Set<BlockType> = []
        for entry in toolbox {
            if !offered.insert(entry.block).inserted { problems.append(.duplicateToolboxBlock(entry.block)) }
            if let limit = entry.limit, !LevelLimits.blockLimitRange.contains(limit) {
                problems.append(.badToolboxLimit(entry.block, limit))
            }
        }
        if ![0, 10, 20].contains(scoring.routeMax) { problems.append(.badRouteMax(scoring.routeMax)) }
        if ![0, 10].contains(scoring.algorithmMax) { problems.append(.badAlgorithmMax(scoring.algorithmMax)) }
        for count in scoring.modelSolutions where !(1...LevelLimits.maxModelBlocks).contains(count) {
            problems.append(.badModelSolution(count))
        }
        for item in decor where !item.coordinate.isOnGrid {
            problems.append(.decorOffGrid(name: item.name, at: item.coordinate))
        }
    }
}

/// A light is identified by the move it controls: (source, direction).
private struct ControlledMove: Hashable {
    var source: Coordinate
    var direction: Heading
}
