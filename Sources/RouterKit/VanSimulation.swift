/// The van on a level: Rapid Router's engine rules (reference §4), driven one action at a time by
/// the interpreter. The van is a directed edge (previous → current); every check happens at
/// `current`, the tile it is about to cross. Everything is precomputed into per-square tables
/// (square = y·10 + x) so `perform` is O(lights) — at most 40 — and queries are O(1).
public struct VanSimulation: Sendable {
    // MARK: The level, fixed for the run

    /// Per square: one bit per heading with a road connection (see `bit(_:)`).
    private let links: [UInt8]
    private let destinations: [Coordinate]
    /// Per square: index into `destinations`, or −1.
    private let destinationAt: [Int]
    private let lightDefinitions: [TrafficLight]
    /// Per (square, heading) = square·4 + slot: the light controlling that move, or −1.
    private let lightAt: [Int]
    public let maxFuel: Int
    /// The electric van's tank is a battery: only the wording changes.
    private let electric: Bool

    // MARK: The run

    public private(set) var previousCoordinate: Coordinate
    public private(set) var currentCoordinate: Coordinate
    /// Always the direction previous → current.
    public private(set) var heading: Heading
    /// Starts at `maxFuel`; the original checks for `fuel < 0` *before* spending, so it may end at −1.
    public private(set) var fuel: Int
    private var lightStates: [(colour: LightColour, time: Int)]
    /// Per square: the cow standing there (every potential square gets one), nil once it has left.
    private var cows: [CowKind?]
    private var delivered: [Bool]
    private var deliveryOrder: [Coordinate] = []
    /// Starts [origin, first tile]; every move that changes tile appends the new one.
    public private(set) var visitedNodes: [Coordinate]
    public private(set) var events: [RunEvent] = []
    /// `perform` calls so far, successful actions so far, and the animation clock.
    private var step = 0
    private var actions = 0
    private var clock = 0
    /// Set when the run is over (failure, `stop` or `finish`).
    public private(set) var outcome: RunOutcome?
    /// What the outcome's message says, kept so it can be said in another language
    /// (`RunResult.told(in:)`); the outcome and the last event carry it in English.
    public private(set) var words: Words?

    public var hasFailed: Bool { outcome.map { !$0.success } ?? false }
    public var isOver: Bool { outcome != nil }
    public var lightColours: [LightColour] { lightStates.map(\.colour) }

    public init(level: Level) throws {
        try level.validate()
        guard let start = level.road.first else { throw LevelError.noRoad }
        let cellCount = Coordinate.columns * Coordinate.rows
        var links = [UInt8](repeating: 0, count: cellCount)
        for node in level.road {
            guard let here = Self.cell(node.coordinate) else { continue }
            for target in node.connections where level.road.indices.contains(target) {
                if let way = Self.heading(from: node.coordinate, to: level.road[target].coordinate) {
                    links[here] |= Self.bit(way)
                }
            }
        }
        var destinationAt = [Int](repeating: -1, count: cellCount)
        for (index, house) in level.destinations.enumerated() {
            if let square = Self.cell(house) { destinationAt[square] = index }
        }
        var lightAt = [Int](repeating: -1, count: cellCount * 4)
        for (index, light) in level.trafficLights.enumerated() {
            if let square = Self.cell(light.source) { lightAt[square * 4 + Self.slot(light.direction)] = index }
        }
        var cows = [CowKind?](repeating: nil, count: cellCount)
        for group in level.cows {
            for square in group.potentialCoordinates.compactMap(Self.cell) where cows[square] == nil {
                cows[square] = group.kind
            }
        }
        self.links = links
        self.destinations = level.destinations
        self.destinationAt = destinationAt
        self.lightDefinitions = level.trafficLights
        self.lightAt = lightAt
        self.maxFuel = level.maxFuel
        self.electric = level.character.lowercased().contains("electric")
        previousCoordinate = start.coordinate
        currentCoordinate = start.coordinate.moved(level.originHeading)
        heading = level.originHeading
        fuel = level.maxFuel
        lightStates = level.trafficLights.map { ($0.startingState, $0.startTime) }
        self.cows = cows
        delivered = Array(repeating: false, count: level.destinations.count)
        visitedNodes = [previousCoordinate, currentCoordinate]
    }

    // MARK: Queries (no fuel, no ticks)

    public func roadExists(_ direction: RelativeDirection) -> Bool {
        let way = switch direction {
        case .forward: heading
        case .left: heading.left
        case .right: heading.right
        }
        return isLinked(currentCoordinate, way)
    }

    public var atDestination: Bool {
        guard let index = destinationIndex(currentCoordinate) else { return false }
        return !delivered[index]
    }

    public var atDeadEnd: Bool { linksAt(currentCoordinate).nonzeroBitCount == 1 }

    public func trafficLight(_ colour: LightColour) -> Bool {
        guard let light = controllingLight else { return false }
        return lightStates[light].colour == colour
    }

    public var cowCrossing: Bool { cowAt(currentCoordinate) != nil }

    // MARK: Actions

    public mutating func perform(_ action: VanAction, block: BlockID?) -> Bool {
        guard outcome == nil else { return false }
        step += 1
        switch action {
        case .moveForwards: return drive(action, towards: heading, block: block)
        case .turnLeft: return drive(action, towards: heading.left, block: block)
        case .turnRight: return drive(action, towards: heading.right, block: block)
        case .turnAround: return drive(action, towards: heading.reversed, block: block)
        case .wait: return drive(action, towards: nil, block: block)
        case .soundHorn:
            // The horn sends the cow on the current tile away first, then counts as a wait.
            if let square = Self.cell(currentCoordinate), let kind = cows[square] {
                cows[square] = nil
                record(.cowLeaves(.init(at: currentCoordinate, kind: kind)), block: block)
            }
            return drive(action, towards: nil, block: block)
        case .deliver: return deliver(block: block)
        }
    }

    /// One fuel-using move (`towards` nil: wait or horn, staying put), with the checks in the
    /// original's order: cow, no road, fuel, red light.
    private mutating func drive(_ action: VanAction, towards way: Heading?, block: BlockID?) -> Bool {
        let here = currentCoordinate
        // A waiting van checks the tile behind it; every other action the tile it is on.
        let watched = action == .wait ? previousCoordinate : here
        if let kind = cowAt(watched) {
            return crash(.collisionWithCow, action: action, into: watched,
                         message: .run(.cow(kind, movesDone: movesDone)), block: block)
        }
        if let way, !isLinked(here, way) {
            let message = Words.run(.crash(action: action, movesDone: movesDone))
            return crash(.crash, action: action, into: here.moved(way), message: message, block: block)
        }
        guard fuel >= 0 else {
            let idle = Swift.max(0, maxFuel - fuel - movesDone)
            let message = Words.run(.fuel(movesDone: movesDone, idle: idle, distance: nearestWaitingHouse(), electric: electric))
            return fail(.outOfFuel, message: message, block: block)
        }
        if way != nil, let light = controllingLight, lightStates[light].colour == .red {
            return fail(.throughRedLight, message: .run(.redLight(movesDone: movesDone)), block: block)
        }
        fuel -= 1
        actions += 1
        clock += 1
        if let way {
            let target = here.moved(way)
            let before = heading
            previousCoordinate = here
            currentCoordinate = target
            heading = way
            visitedNodes.append(target)
            record(.move(.init(action: action, from: here, to: target, fromHeading: before, heading: way,
                               fuel: fuel, fuelPercent: fuelPercent)), block: block)
        } else {
            let stay = RunEvent.Stay(at: here, heading: heading, fuel: fuel, fuelPercent: fuelPercent)
            record(action == .soundHorn ? .horn(stay) : .wait(stay), block: block)
        }
        tickLights(block: block)
        return true
    }

    /// Delivering uses no fuel and makes no move checks, but it takes time: the lights tick.
    private mutating func deliver(block: BlockID?) -> Bool {
        let here = currentCoordinate
        guard let index = destinationIndex(here), !delivered[index] else {
            let again = destinationIndex(here) != nil
            let message = Words.run(.deliver(again: again, distance: nearestWaitingHouse()))
            return fail(.deliverAtNonDestination, message: message, block: block)
        }
        markDelivered(index, block: block)
        actions += 1
        tickLights(block: block)
        return true
    }

    private mutating func markDelivered(_ index: Int, block: BlockID?) {
        delivered[index] = true
        deliveryOrder.append(destinations[index])
        clock += 1
        let remaining = delivered.lazy.filter { !$0 }.count
        record(.deliver(.init(at: destinations[index], destination: index, remaining: remaining)), block: block)
    }

    /// One tick: t += 1; a red light whose time reached its red duration turns green (t = 0), and
    /// likewise green → red.
    private mutating func tickLights(block: BlockID?) {
        for index in lightStates.indices {
            let definition = lightDefinitions[index]
            lightStates[index].time += 1
            let state = lightStates[index]
            let next: LightColour? = switch state.colour {
            case .red: state.time >= definition.redDuration ? .green : nil
            case .green: state.time >= definition.greenDuration ? .red : nil
            }
            guard let next else { continue }
            lightStates[index] = (next, 0)
            record(.light(.init(light: index, source: definition.source, direction: definition.direction, colour: next)),
                   block: block)
        }
    }

    // MARK: Ending

    /// Ends the run for a reason the interpreter found. Does nothing if the run is already over.
    public mutating func stop(_ failure: RunFailure, message: Words? = nil, block: BlockID?) {
        guard outcome == nil else { return }
        _ = fail(failure, message: message ?? .run(.standard(failure)), block: block)
    }

    /// The program has run out. One house: success iff the van stopped on it (no `deliver`
    /// needed). Several: success iff every one was delivered to. Returns the stored outcome if the
    /// run was already over.
    public mutating func finish() -> RunOutcome {
        if let outcome { return outcome }
        if destinations.count == 1, let house = destinations.first {
            if currentCoordinate == house {
                if delivered.first == false { markDelivered(0, block: nil) }
                return succeed(message: .run(.delivered(houses: 1)))
            }
            let passed = visitedNodes.contains(house)
            let message = Words.run(.end(movesDone: movesDone, distance: nearestWaitingHouse(), passed: passed))
            _ = fail(.outOfInstructions, message: message, block: nil)
        } else {
            let waiting = destinations.indices.filter { !delivered[$0] }.map { destinations[$0] }
            if waiting.isEmpty { return succeed(message: .run(.delivered(houses: destinations.count))) }
            let passed = waiting.filter { visitedNodes.dropLast().contains($0) }.count
            let message = Words.run(.undelivered(waiting: waiting.count, total: destinations.count, passed: passed,
                                                 distance: nearestWaitingHouse()))
            _ = fail(.undeliveredDestinations, message: message, block: nil)
        }
        return outcome ?? makeOutcome(failure: .outOfInstructions, message: "", block: nil)
    }

    private mutating func succeed(message: Words) -> RunOutcome {
        words = message
        let result = makeOutcome(failure: nil, message: message.english, block: nil)
        outcome = result
        record(.end(.init(success: true, failure: nil, message: result.message)), block: nil)
        return result
    }

    private mutating func crash(_ failure: RunFailure, action: VanAction, into: Coordinate, message: Words,
                                block: BlockID?) -> Bool {
        clock += 1
        let towards = switch action {
        case .moveForwards: heading
        case .turnLeft: heading.left
        case .turnRight: heading.right
        case .turnAround: heading.reversed
        case .wait, .soundHorn, .deliver: heading
        }
        record(.crash(.init(failure: failure, action: action, at: currentCoordinate, heading: towards, into: into,
                            fuel: fuel, fuelPercent: fuelPercent)), block: block)
        return fail(failure, message: message, block: block)
    }

    /// Records the failure as the outcome and the last event; always returns false.
    private mutating func fail(_ failure: RunFailure, message: Words, block: BlockID?) -> Bool {
        words = message
        let english = message.english
        outcome = makeOutcome(failure: failure, message: english, block: block)
        record(.end(.init(success: false, failure: failure, message: english)), block: block)
        return false
    }

    private func makeOutcome(failure: RunFailure?, message: String, block: BlockID?) -> RunOutcome {
        RunOutcome(success: failure == nil, failure: failure, message: message, failingBlock: block, fuelLeft: fuel,
                   maxFuel: maxFuel, actions: actions, position: currentCoordinate, delivered: deliveryOrder)
    }

    private mutating func record(_ kind: RunEvent.Kind, block: BlockID?) {
        events.append(RunEvent(step: step, time: clock, block: block, kind: kind))
    }

    // MARK: Where the van is, in the map's terms (for the messages)

    /// Moves that took the van to a new square so far (turns count; waits and the horn do not).
    private var movesDone: Int { visitedNodes.count - 2 }

    /// The nearest house still waiting, along the road from the square the van is about to cross,
    /// and whether a shortest road there carries on without turning back. nil when none is
    /// waiting or none can be reached. Two breadth-first searches over at most 80 squares, run
    /// only when a run ends.
    func nearestWaitingHouse() -> HouseDistance? {
        let waiting = destinations.indices.filter { !delivered[$0] }.map { destinations[$0] }
        guard !waiting.isEmpty, let any = roadDistance(to: waiting, turningBack: true) else { return nil }
        let ahead = roadDistance(to: waiting, turningBack: false)
        return HouseDistance(squares: any, onTheWay: ahead == any, waiting: waiting.count)
    }

    /// Squares from `currentCoordinate` to the nearest of `targets` along the road graph;
    /// `turningBack` false forbids the first step back to `previousCoordinate`.
    private func roadDistance(to targets: [Coordinate], turningBack: Bool) -> Int? {
        guard let start = Self.cell(currentCoordinate) else { return nil }
        let goals = Set(targets.compactMap(Self.cell))
        let behind = Self.cell(previousCoordinate)
        var distance = [Int](repeating: -1, count: links.count)
        distance[start] = 0
        var queue = [start], head = 0
        while head < queue.count {
            let square = queue[head]
            head += 1
            if goals.contains(square) { return distance[square] }
            for way in Heading.allCases where links[square] & Self.bit(way) != 0 {
                let next = Coordinate(x: square % Coordinate.columns, y: square / Coordinate.columns).moved(way)
                guard let cell = Self.cell(next), distance[cell] < 0 else { continue }
                if !turningBack, square == start, cell == behind { continue }
                distance[cell] = distance[square] + 1
                queue.append(cell)
            }
        }
        return nil
    }

    // MARK: Tables

    private var fuelPercent: Int { fuel <= 0 ? 0 : min(100, fuel * 100 / Swift.max(1, maxFuel)) }

    /// The light controlling the move previous → current (the van's heading from previous).
    private var controllingLight: Int? {
        guard let square = Self.cell(previousCoordinate) else { return nil }
        let light = lightAt[square * 4 + Self.slot(heading)]
        return light >= 0 ? light : nil
    }

    private func linksAt(_ coordinate: Coordinate) -> UInt8 { Self.cell(coordinate).map { links[$0] } ?? 0 }
    private func isLinked(_ coordinate: Coordinate, _ way: Heading) -> Bool { linksAt(coordinate) & Self.bit(way) != 0 }
    private func cowAt(_ coordinate: Coordinate) -> CowKind? { Self.cell(coordinate).flatMap { cows[$0] } }

    private func destinationIndex(_ coordinate: Coordinate) -> Int? {
        guard let square = Self.cell(coordinate) else { return nil }
        let index = destinationAt[square]
        return index >= 0 ? index : nil
    }

    private static func cell(_ coordinate: Coordinate) -> Int? {
        coordinate.isOnGrid ? coordinate.y * Coordinate.columns + coordinate.x : nil
    }

    private static func slot(_ heading: Heading) -> Int {
        switch heading {
        case .north: 0
        case .east: 1
        case .south: 2
        case .west: 3
        }
    }

    private static func bit(_ heading: Heading) -> UInt8 { 1 << UInt8(slot(heading)) }

    /// The heading from a square to a neighbouring one (both on the grid), if they are neighbours.
    private static func heading(from a: Coordinate, to b: Coordinate) -> Heading? {
        guard a.isOnGrid, b.isOnGrid else { return nil }
        return Heading.allCases.first { a.moved($0) == b }
    }
}
