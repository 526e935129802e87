import Testing
@testable import RouterKit

@Suite struct LevelValidationTests {
    typealias F = EngineFixtures

    /// Level 1 changed by `change`: its problems.
    static func problems(_ change: (inout Level) -> Void, from base: Level = F.level1) -> [LevelError] {
        var level = base
        change(&level)
        return level.problems()
    }

    @Test func soundLevelsHaveNoProblems() throws {
        for level in [F.level1, F.level44, F.junction] {
            #expect(level.problems().isEmpty)
            try level.validate()
        }
    }

    @Test func roadConnectionsMustExistAndBeSymmetric() {
        let unknown = Self.problems { $0.road[1].connections = [0, 2, 9] }
        #expect(unknown == [.unknownConnection(tile: 1, at: F.at(1, 3), to: 9)])
        #expect(unknown.first?.description == "Road tile 1 at (1, 3) connects to tile 9, which does not exist.")
        let oneWay = Self.problems { $0.road[2].connections = [] }
        #expect(oneWay == [.oneWayConnection(tile: 1, at: F.at(1, 3), to: 2, toAt: F.at(2, 3))])
        #expect(oneWay.first?.description == "Road tile 1 at (1, 3) connects to tile 2 at (2, 3), but tile 2 does not connect back.")
        #expect(Self.problems { $0.road[1].connections = [0, 2, 1] } == [.connectionToItself(tile: 1, at: F.at(1, 3))])
        #expect(Self.problems { $0.road[1].connections = [0, 2, 2] } == [.repeatedConnection(tile: 1, at: F.at(1, 3), to: 2)])
        #expect(Self.problems { $0.road[1].connections = [0, 2, 0, 2, 0] } == [.tooManyConnections(tile: 1, at: F.at(1, 3), count: 5)])
    }

    @Test func connectedTilesMustBeNeighbours() {
        let far = Self.problems {
            $0.road[0].connections = [1, 2]
            $0.road[2].connections = [1, 0]
        }
        #expect(far == [.notNeighbours(tile: 0, at: F.at(0, 3), to: 2, toAt: F.at(2, 3)),
                        .notNeighbours(tile: 2, at: F.at(2, 3), to: 0, toAt: F.at(0, 3))])
        #expect(far.first?.description == "Road tile 0 at (0, 3) connects to tile 2 at (2, 3), which is not a neighbouring square.")
    }

    @Test func tilesMustBeOnTheGridAndUnique() {
        let offGrid = Self.problems { $0.road[2].coordinate = F.at(10, 3) }
        #expect(offGrid == [.tileOffGrid(tile: 2, at: F.at(10, 3)), .destinationOffRoad(F.at(2, 3))])
        // Huge coordinates are reported, never computed with.
        let huge = Self.problems { $0.road[1].coordinate = Coordinate(x: Int.max, y: Int.min) }
        #expect(huge.first == .tileOffGrid(tile: 1, at: Coordinate(x: Int.max, y: Int.min)))
        let twice = Self.problems { $0.road.append(RoadNode(F.at(1, 3), connections: [])) }
        #expect(twice == [.duplicateTile(tile: 3, at: F.at(1, 3), sameAs: 1)])
        #expect(Self.problems { $0.road = [] } == [.noRoad, .destinationOffRoad(F.at(2, 3))])
    }

    @Test func theVanMustStartAlongARoad() {
        let problems = Self.problems { $0.originHeading = .north }
        #expect(problems == [.noRoadFromOrigin(origin: F.at(0, 3), heading: .north)])
        #expect(problems.first?.description == "The van starts at (0, 3) facing N, but there is no road from there in that direction.")
    }

    @Test func housesMustBeOnTheRoadOnceAndReachable() {
        #expect(Self.problems { $0.destinations = [] } == [.noDestination])
        #expect(Self.problems { $0.destinations = [F.at(5, 5)] } == [.destinationOffRoad(F.at(5, 5))])
        #expect(Self.problems { $0.destinations = [F.at(2, 3), F.at(2, 3)] } == [.duplicateDestination(F.at(2, 3))])
        let island = Self.problems {
            $0.road.append(RoadNode(F.at(5, 5), connections: []))
            $0.destinations.append(F.at(5, 5))
        }
        #expect(island == [.unreachableDestination(F.at(5, 5))])
    }

    @Test func lightsMustControlARoadMoveWithSensibleTimings() {
        let light = TrafficLight(source: F.at(3, 3), direction: .east, startingState: .red, redDuration: 4, greenDuration: 2)
        func with(_ change: (inout TrafficLight) -> Void) -> [LevelError] {
            var changed = light
            change(&changed)
            return Self.problems({ $0.trafficLights = [changed] }, from: F.level44)
        }
        #expect(with { $0.source = F.at(5, 5) } == [.lightOffRoad(light: 0, at: F.at(5, 5))])
        let sideways = with { $0.direction = .north }
        #expect(sideways == [.lightNotOnRoad(light: 0, at: F.at(3, 3), heading: .north)])
        #expect(sideways.first?.description == "Traffic light 0 at (3, 3) faces N, but there is no road from (3, 3) in that direction.")
        #expect(with { $0.redDuration = 0 } == [.badLightTiming(light: 0, at: F.at(3, 3), field: "redDuration", value: 0)])
        #expect(with { $0.greenDuration = 1000 } == [.badLightTiming(light: 0, at: F.at(3, 3), field: "greenDuration", value: 1000)])
        #expect(with { $0.startTime = -1 } == [.badLightTiming(light: 0, at: F.at(3, 3), field: "startTime", value: -1)])
        let twice = Self.problems({ $0.trafficLights = [light, light] }, from: F.level44)
        #expect(twice == [.duplicateLight(light: 1, at: F.at(3, 3), heading: .east)])
        // The opposite direction is a different move, so a second light there is fine.
        var back = light
        back.direction = .west
        #expect(Self.problems({ $0.trafficLights = [light, back] }, from: F.level44).isEmpty)
    }

    @Test func cowsMustStandOnTheRoad() {
        #expect(Self.problems { $0.cows = [CowGroup(kind: .white, potentialCoordinates: [F.at(1, 3), F.at(5, 5)])] }
                == [.cowOffRoad(group: 0, at: F.at(5, 5))])
        #expect(Self.problems { $0.cows = [CowGroup(kind: .brown, potentialCoordinates: [])] } == [.emptyCowGroup(group: 0)])
        #expect(Self.problems { $0.cows = [CowGroup(kind: .pigeon, minCows: 2, maxCows: 1, potentialCoordinates: [F.at(1, 3)])] }
                == [.badCowCount(group: 0, min: 2, max: 1)])
    }

    @Test func fuelToolboxScoringAndDecorAreChecked() {
        #expect(Self.problems { $0.maxFuel = 0 } == [.badFuel(0)])
        #expect(Self.problems { $0.maxFuel = 1000 } == [.badFuel(1000)])
        #expect(Self.problems { $0.toolbox = [] } == [.emptyToolbox])
        #expect(Self.problems { $0.toolbox.append(ToolboxEntry(.turnLeft, limit: 3)) } == [.duplicateToolboxBlock(.turnLeft)])
        #expect(Self.problems { $0.toolbox.append(ToolboxEntry(.wait, limit: 0)) } == [.badToolboxLimit(.wait, 0)])
        #expect(Self.problems { $0.scoring.routeMax = 15 } == [.badRouteMax(15)])
        #expect(Self.problems { $0.scoring.algorithmMax = 5 } == [.badAlgorithmMax(5)])
        #expect(Self.problems { $0.scoring.modelSolutions = [6, 0] } == [.badModelSolution(0)])
        #expect(Self.problems { $0.decor = [Decor(name: "tree1", coordinate: F.at(3, 8))] }
                == [.decorOffGrid(name: "tree1", at: F.at(3, 8))])
    }

    @Test func oversizedPartsAreReportedAlone() {
        let big = Self.problems {
            $0.road = (0..<81).map { RoadNode(Coordinate(x: $0, y: 0), connections: [99]) }
            $0.toolbox = Array(repeating: ToolboxEntry(.wait), count: 31)
        }
        #expect(big == [.tooMany(.roadTiles, count: 81, limit: 80), .tooMany(.toolbox, count: 31, limit: 30)])
        #expect(big.first?.description == "The level has 81 road tiles; at most 80 are allowed.")
        let herd = Self.problems { $0.cows = [CowGroup(kind: .white, potentialCoordinates: Array(repeating: F.at(1, 3), count: 81))] }
        #expect(herd == [.tooMany(.cowSquares, count: 81, limit: 80)])
        #expect(Self.problems { $0.destinations = Array(repeating: F.at(2, 3), count: 17) } == [.tooMany(.destinations, count: 17, limit: 16)])
        #expect(Self.problems { $0.trafficLights = Array(repeating: F.level44.trafficLights[0], count: 41) }
                == [.tooMany(.trafficLights, count: 41, limit: 40)])
        #expect(Self.problems { $0.decor = Array(repeating: Decor(name: "bush", coordinate: F.at(5, 5)), count: 101) }
                == [.tooMany(.decor, count: 101, limit: 100)])
    }

    @Test func validateThrowsTheFirstProblem() {
        var level = F.level1
        level.destinations = []
        level.maxFuel = 0
        #expect(level.problems() == [.noDestination, .badFuel(0)])
        #expect(throws: LevelError.noDestination) { try level.validate() }
        #expect(LevelError.noDestination.code == "no_destination" && LevelError.badFuel(0).code == "bad_fuel")
    }
}
