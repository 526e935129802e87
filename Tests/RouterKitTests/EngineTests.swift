import Foundation
import Testing
@testable import RouterKit

/// Small levels built in code, shared by the engine, scoring and validation tests.
enum EngineFixtures {
    static func at(_ x: Int, _ y: Int) -> Coordinate { Coordinate(x: x, y: y) }

    static let scoring = LevelScoring(routeMax: 10, algorithmMax: 10, modelSolutions: [5])

    /// A level whose road is the given edges; `start` becomes road[0], the other tiles follow in
    /// order of appearance.
    static func level(start: Coordinate, heading: Heading = .east, edges: [(Coordinate, Coordinate)],
                      destinations: [Coordinate], lights: [TrafficLight] = [], cows: [CowGroup] = [],
                      maxFuel: Int = 50, scoring: LevelScoring = scoring, character: String = "van") -> Level {
        var squares = [start]
        for (a, b) in edges {
            if !squares.contains(a) { squares.append(a) }
            if !squares.contains(b) { squares.append(b) }
        }
        let road = squares.map { square in
            RoadNode(square, connections: edges.compactMap { a, b in
                a == square ? squares.firstIndex(of: b) : b == square ? squares.firstIndex(of: a) : nil
            })
        }
        return Level(id: "test", name: "Test", character: character, road: road, originHeading: heading,
                     destinations: destinations, trafficLights: lights, cows: cows, maxFuel: maxFuel,
                     toolbox: [ToolboxEntry(.moveForwards), ToolboxEntry(.turnLeft), ToolboxEntry(.turnRight)],
                     scoring: scoring)
    }

    /// A straight road from (from, y) to (to, y), starting at the west end facing east.
    static func straight(_ from: Int, _ to: Int, y: Int = 3, destinations: [Coordinate], lights: [TrafficLight] = [],
                         cows: [CowGroup] = [], maxFuel: Int = 50, scoring: LevelScoring = scoring,
                         character: String = "van") -> Level {
        let edges = (from..<to).map { (at($0, y), at($0 + 1, y)) }
        return level(start: at(from, y), edges: edges, destinations: destinations, lights: lights, cows: cows,
                     maxFuel: maxFuel, scoring: scoring, character: character)
    }

    /// Rapid Router's level 1: (0,3)–(1,3)–(2,3), house at (2,3).
    static var level1: Level {
        straight(0, 2, destinations: [at(2, 3)], scoring: LevelScoring(routeMax: 20, algorithmMax: 0, modelSolutions: [1]))
    }

    /// Level 44's shape: (0,3)…(6,3), a light at (3,3) facing E, red 4 / green 2, starting red.
    static var level44: Level {
        straight(0, 6, destinations: [at(6, 3)],
                 lights: [TrafficLight(source: at(3, 3), direction: .east, startingState: .red, redDuration: 4, greenDuration: 2)],
                 scoring: LevelScoring(routeMax: 10, algorithmMax: 10, modelSolutions: [6]))
    }

    /// A T junction: (0,3)–(1,3)–(2,3), and (2,3) joins (2,4) to the north and (2,2) to the south.
    static var junction: Level {
        level(start: at(0, 3), edges: [(at(0, 3), at(1, 3)), (at(1, 3), at(2, 3)), (at(2, 3), at(2, 4)), (at(2, 3), at(2, 2))],
              destinations: [at(2, 4)])
    }

    static func run(_ level: Level, _ actions: [VanAction]) throws -> VanSimulation {
        var van = try VanSimulation(level: level)
        for (index, action) in actions.enumerated() { _ = van.perform(action, block: BlockID("b\(index + 1)")) }
        return van
    }
}

@Suite struct EngineTests {
    typealias F = EngineFixtures

    @Test func theVanStartsOnTheEdgeFromTheOriginAlongItsHeading() throws {
        let van = try VanSimulation(level: F.level1)
        #expect(van.previousCoordinate == F.at(0, 3) && van.currentCoordinate == F.at(1, 3))
        #expect(van.heading == .east && van.fuel == 50)
        #expect(van.visitedNodes == [F.at(0, 3), F.at(1, 3)])
        #expect(van.events.isEmpty && !van.hasFailed && !van.isOver)
    }

    @Test func level1IsSolvedByStoppingOnTheHouseWithoutDelivering() throws {
        var van = try F.run(F.level1, [.moveForwards])
        let outcome = van.finish()
        #expect(outcome.success && outcome.failure == nil && outcome.fuelLeft == 49 && outcome.actions == 1)
        #expect(outcome.position == F.at(2, 3) && outcome.delivered == [F.at(2, 3)])
        #expect(van.visitedNodes == [F.at(0, 3), F.at(1, 3), F.at(2, 3)])
        guard case .move(let move)? = van.events.first?.kind else { Issue.record("no move event"); return }
        #expect(move.from == F.at(1, 3) && move.to == F.at(2, 3) && move.heading == .east && move.fuelPercent == 98)
        #expect(van.events.first?.block == BlockID("b1") && van.events.first?.step == 1 && van.events.first?.time == 1)
        guard case .end(let end)? = van.events.last?.kind else { Issue.record("no end event"); return }
        #expect(end.success)
        let ended1 = van.finish()
        #expect(ended1 == outcome)  // finishing again changes nothing
        let worked2 = van.perform(.moveForwards, block: nil)
        #expect(!worked2)
    }

    @Test func aMoveWithNoRoadCrashesAndNamesTheBlockAndThePlace() throws {
        var van = try VanSimulation(level: F.level1)
        let worked3 = van.perform(.turnLeft, block: BlockID("left"))
        #expect(!worked3)
        let outcome = van.finish()
        #expect(outcome.failure == .crash && outcome.failingBlock == BlockID("left") && !outcome.success)
        #expect(outcome.message == "The van drove off the road and crashed on its very first move: there is no road to its left there.\(RunMessageTests.crashTail)")
        guard case .crash(let crash)? = van.events.dropLast().last?.kind else { Issue.record("no crash event"); return }
        #expect(crash.into == F.at(1, 4) && crash.heading == .north && crash.failure == .crash && crash.action == .turnLeft)
        let worked4 = van.perform(.moveForwards, block: nil)
        #expect(van.hasFailed && !worked4 && van.currentCoordinate == F.at(1, 3))
        #expect(van.fuel == 50)
    }

    @Test func theCrashMessageCountsTheMovesThatWorked() throws {
        let one = try F.run(F.straight(0, 5, destinations: [F.at(5, 3)]), [.moveForwards, .turnRight])
        #expect(one.outcome?.message.hasPrefix("The van drove off the road and crashed after 1 move: there is no road to its right") == true)
        let four = try F.run(F.straight(0, 5, destinations: [F.at(5, 3)]), [.moveForwards, .wait, .moveForwards, .moveForwards, .moveForwards, .moveForwards])
        #expect(four.outcome?.message == "The van drove off the road and crashed after 4 moves: there is no road ahead of it there.\(RunMessageTests.crashTail)")
    }

    @Test func maxFuelPlusOneMovesWorkAndTheNextRunsOutOfFuel() throws {
        let level = F.straight(0, 9, destinations: [F.at(9, 3)], maxFuel: 3)
        var van = try F.run(level, Array(repeating: .moveForwards, count: 4))
        #expect(!van.hasFailed && van.fuel == -1 && van.currentCoordinate == F.at(5, 3))
        let worked5 = van.perform(.moveForwards, block: BlockID("fifth"))
        #expect(!worked5)
        #expect(van.outcome?.failure == .outOfFuel && van.outcome?.failingBlock == BlockID("fifth"))
        #expect(van.outcome?.message == "The van ran out of fuel after 4 moves, 4 squares before the house. Try to find a shorter route.")
        #expect(van.outcome?.fuelLeft == -1 && van.currentCoordinate == F.at(5, 3))
        // Waiting and the horn use fuel too.
        let waiting = try F.run(level, [.wait, .soundHorn, .wait, .wait, .wait])
        #expect(waiting.outcome?.failure == .outOfFuel)
        let electric = try F.run(F.straight(0, 9, destinations: [F.at(9, 3)], maxFuel: 1, character: "Electric van"),
                                 [.moveForwards, .moveForwards, .moveForwards])
        #expect(electric.outcome?.message.hasPrefix("The van's battery ran out of charge after 2 moves, 6 squares before the house.") == true)
    }

    @Test func aCrashIsCheckedBeforeFuel() throws {
        let van = try F.run(F.straight(0, 9, destinations: [F.at(9, 3)], maxFuel: 1), [.moveForwards, .moveForwards, .turnLeft])
        #expect(van.outcome?.failure == .crash)
    }

    @Test func level44TheLightIsRedAfterThreeMovesAndOneWaitTurnsItGreen() throws {
        var van = try F.run(F.level44, [.moveForwards, .moveForwards, .moveForwards])
        #expect(van.previousCoordinate == F.at(3, 3) && van.currentCoordinate == F.at(4, 3))
        #expect(van.trafficLight(.red) && !van.trafficLight(.green) && van.lightColours == [.red])
        var runner = van
        let worked6 = runner.perform(.moveForwards, block: BlockID("go"))
        #expect(!worked6)
        #expect(runner.outcome?.failure == .throughRedLight)
        #expect(runner.outcome?.message == "The van drove through a red light after 3 moves! Wait until it turns green, then drive on.")

        let worked7 = van.perform(.wait, block: BlockID("wait"))
        #expect(worked7)  // waiting at a red light is allowed
        #expect(van.trafficLight(.green) && van.fuel == 46)
        guard case .light(let change)? = van.events.last?.kind else { Issue.record("no light event"); return }
        #expect(change.colour == .green && change.source == F.at(3, 3) && change.direction == .east && change.light == 0)
        #expect(van.events.last?.time == 4 && van.events.last?.block == BlockID("wait"))
        let worked8 = van.perform(.moveForwards, block: nil)
        let worked9 = van.perform(.moveForwards, block: nil)
        #expect(worked8 && worked9)
        let ended10 = van.finish()
        #expect(ended10.success)
    }

    @Test func lightsCycleRedToGreenToRedAndOnlyTheControlledMoveIsChecked() throws {
        var van = try F.run(F.level44, [.moveForwards, .moveForwards, .moveForwards, .wait])  // green, t = 0
        #expect(van.trafficLight(.green))
        let worked11 = van.perform(.wait, block: nil)
        #expect(worked11 && van.trafficLight(.green))  // t = 1
        let worked12 = van.perform(.wait, block: nil)
        #expect(worked12 && van.trafficLight(.red))    // t = 2 ≥ green 2
        // Beyond the light no light controls the van's edge any more: both colours read false.
        let past = try F.run(F.level44, [.moveForwards, .moveForwards, .moveForwards, .wait, .moveForwards])
        #expect(!past.trafficLight(.red) && !past.trafficLight(.green) && !past.hasFailed)
        // Before reaching the light the van drives on whatever its colour.
        let early = try F.run(F.level44, [.moveForwards, .moveForwards])
        #expect(!early.hasFailed && !early.trafficLight(.red))
    }

    @Test func queriesUseNoFuelAndTickNothing() throws {
        let van = try F.run(F.level44, [.moveForwards, .moveForwards, .moveForwards])
        let before = van.events.count
        for _ in 0..<20 {
            _ = van.trafficLight(.red); _ = van.roadExists(.forward); _ = van.atDeadEnd; _ = van.cowCrossing; _ = van.atDestination
        }
        #expect(van.trafficLight(.red) && van.fuel == 47 && van.events.count == before)
    }

    @Test func deliveringTicksTheLightsButUsesNoFuel() throws {
        let level = F.straight(0, 6, destinations: [F.at(4, 3), F.at(6, 3)], lights: F.level44.trafficLights)
        var van = try F.run(level, [.moveForwards, .moveForwards, .moveForwards])
        #expect(van.atDestination && van.trafficLight(.red))
        let worked13 = van.perform(.deliver, block: BlockID("drop"))
        #expect(worked13)
        #expect(van.trafficLight(.green) && van.fuel == 47 && !van.atDestination)
        let worked14 = van.perform(.moveForwards, block: nil)
        let worked15 = van.perform(.moveForwards, block: nil)
        #expect(worked14 && worked15)
        let worked16 = van.perform(.deliver, block: nil)
        #expect(worked16)
        let outcome = van.finish()
        #expect(outcome.success && outcome.delivered == [F.at(4, 3), F.at(6, 3)])
        #expect(outcome.message == "Delivered! All 2 houses got their parcels.")
    }

    @Test func severalHousesNeedADeliveryEach() throws {
        let level = F.straight(0, 5, destinations: [F.at(2, 3), F.at(4, 3)])
        var van = try F.run(level, [.moveForwards, .deliver, .moveForwards, .moveForwards])
        let outcome = van.finish()
        #expect(outcome.failure == .undeliveredDestinations && outcome.failingBlock == nil)
        #expect(outcome.message == "1 house is still waiting for its parcel. The van is at that house now: deliver there!")
        var none = try F.run(F.straight(0, 5, destinations: [F.at(2, 3), F.at(4, 3), F.at(5, 3)]), [])
        let ended17 = none.finish()
        #expect(ended17.message == "All 3 houses are still waiting for their parcels. The nearest one is 1 square away. Stop at each house and deliver there.")
    }

    @Test func aSecondDeliveryToTheSameHouseFails() throws {
        let van = try F.run(F.straight(0, 5, destinations: [F.at(2, 3), F.at(4, 3)]), [.moveForwards, .deliver, .deliver])
        #expect(van.outcome?.failure == .deliverAtNonDestination && van.outcome?.failingBlock == BlockID("b3"))
        #expect(van.outcome?.message == "This house already has its parcel. Deliver only once to each house.")
        let nowhere = try F.run(F.level1, [.deliver])
        #expect(nowhere.outcome?.failure == .deliverAtNonDestination)
        #expect(nowhere.outcome?.message == "The van tried to deliver 1 square before the house, but there is no house there. Deliver when the van is at a house.")
    }

    @Test func passingTheOnlyHouseWithoutStoppingRunsOutOfInstructions() throws {
        var past = try F.run(F.straight(0, 5, destinations: [F.at(2, 3)]), [.moveForwards, .moveForwards])
        let outcome = past.finish()
        #expect(outcome.failure == .outOfInstructions)
        #expect(outcome.message == "The van drove 1 square past the house. Make it stop at the house.")
        var short = try F.run(F.straight(0, 5, destinations: [F.at(4, 3)]), [.moveForwards])
        let ended18 = short.finish()
        #expect(ended18.message == "The van stopped 2 squares before the house. Add more moves to finish the journey.")
        // Delivering at the only house and stopping there is fine too.
        var delivered = try F.run(F.level1, [.moveForwards, .deliver])
        let ended19 = delivered.finish()
        #expect(ended19.success)
    }

    @Test func turningAroundGoesBackToThePreviousTile() throws {
        var van = try F.run(F.straight(0, 5, destinations: [F.at(5, 3)]), [.moveForwards, .turnAround])
        #expect(van.previousCoordinate == F.at(2, 3) && van.currentCoordinate == F.at(1, 3) && van.heading == .west)
        #expect(van.visitedNodes == [F.at(0, 3), F.at(1, 3), F.at(2, 3), F.at(1, 3)])
        let worked20 = van.perform(.turnAround, block: nil)
        #expect(worked20 && van.currentCoordinate == F.at(2, 3) && van.heading == .east)
        let atStart = try F.run(F.level1, [.turnAround])
        #expect(atStart.currentCoordinate == F.at(0, 3) && atStart.previousCoordinate == F.at(1, 3) && atStart.atDeadEnd)
    }

    @Test func turnsFollowTheHeadingAndJunctionQueriesSeeTheRoads() throws {
        var van = try F.run(F.junction, [.moveForwards])
        #expect(van.roadExists(.left) && van.roadExists(.right) && !van.roadExists(.forward) && !van.atDeadEnd)
        var right = van
        let worked21 = right.perform(.turnRight, block: nil)
        #expect(worked21 && right.currentCoordinate == F.at(2, 2) && right.heading == .south)
        #expect(right.atDeadEnd && !right.roadExists(.forward))
        let worked22 = right.perform(.turnAround, block: nil)
        #expect(worked22 && right.heading == .north)
        let worked23 = right.perform(.moveForwards, block: nil)
        #expect(worked23 && right.currentCoordinate == F.at(2, 4))
        let worked24 = van.perform(.turnLeft, block: nil)
        #expect(worked24 && van.currentCoordinate == F.at(2, 4) && van.heading == .north)
        #expect(van.atDestination)
        let ended25 = van.finish()
        #expect(ended25.success)
    }

    @Test func deadEndsHaveExactlyOneConnection() throws {
        let start = try VanSimulation(level: F.level1)
        #expect(!start.atDeadEnd)
        let end = try F.run(F.level1, [.moveForwards])
        #expect(end.atDeadEnd && end.atDestination)
    }
}

@Suite struct EngineCowAndEndTests {
    typealias F = EngineFixtures

    static let cowOn2 = F.straight(0, 5, destinations: [F.at(5, 3)], cows: [CowGroup(kind: .white, potentialCoordinates: [F.at(2, 3)])])

    @Test func drivingOntoACowIsFineButDrivingOnFromItCollides() throws {
        var van = try F.run(Self.cowOn2, [.moveForwards])
        #expect(van.currentCoordinate == F.at(2, 3) && van.cowCrossing && !van.hasFailed)
        let worked26 = van.perform(.moveForwards, block: BlockID("go"))
        #expect(!worked26)
        #expect(van.outcome?.failure == .collisionWithCow && van.outcome?.failingBlock == BlockID("go"))
        #expect(van.outcome?.message == "The van ran into a cow after 1 move! Sound the horn to move it off the road.")
        guard case .crash(let crash)? = van.events.dropLast().last?.kind else { Issue.record("no crash event"); return }
        #expect(crash.failure == .collisionWithCow && crash.into == F.at(2, 3))
    }

    @Test func theHornSendsTheCowAwayAndUsesFuel() throws {
        var van = try F.run(Self.cowOn2, [.moveForwards, .soundHorn])
        #expect(!van.cowCrossing && van.fuel == 48 && !van.hasFailed)
        let kinds = van.events.map(\.kind.type)
        #expect(kinds == ["move", "cow_leaves", "horn"])
        let worked27 = van.perform(.moveForwards, block: nil)
        let worked28 = van.perform(.moveForwards, block: nil)
        let worked29 = van.perform(.moveForwards, block: nil)
        #expect(worked27 && worked28 && worked29)
        let ended30 = van.finish()
        #expect(ended30.success)
    }

    @Test func waitingChecksTheTileBehindTheVanForCows() throws {
        // On the cow's tile, waiting is fine (the cow is on current, not previous)…
        var on = try F.run(Self.cowOn2, [.moveForwards])
        let worked31 = on.perform(.wait, block: nil)
        #expect(worked31)
        // …but with a cow on the tile behind (only possible on the depot) a wait collides (the original's rule),
        // while driving on is fine: moves check the tile the van is on.
        let level = F.straight(0, 5, destinations: [F.at(5, 3)], cows: [CowGroup(kind: .brown, potentialCoordinates: [F.at(0, 3)])])
        let behind = try F.run(level, [.wait])
        #expect(behind.outcome?.failure == .collisionWithCow && behind.outcome?.message.hasPrefix("The van ran into a cow right at the start!") == true)
        #expect(try F.run(level, [.moveForwards]).hasFailed == false)
        let pigeons = F.straight(0, 5, destinations: [F.at(5, 3)], cows: [CowGroup(kind: .pigeon, potentialCoordinates: [F.at(1, 3)])])
        #expect(try F.run(pigeons, [.moveForwards]).outcome?.message == "The van ran into pigeons right at the start! Sound the horn to make them fly away.")
    }

    @Test func everyPotentialSquareHasACow() throws {
        let level = F.straight(0, 5, destinations: [F.at(5, 3)],
                               cows: [CowGroup(kind: .white, minCows: 1, maxCows: 1, potentialCoordinates: [F.at(2, 3), F.at(3, 3)])])
        var van = try F.run(level, [.moveForwards, .soundHorn, .moveForwards])
        let worked32 = van.perform(.moveForwards, block: nil)
        #expect(van.cowCrossing && !worked32)
    }

    @Test func stopEndsTheRunWithTheFirstReasonOnly() throws {
        var van = try F.run(F.level1, [.moveForwards])
        van.stop(.queryInfiniteLoop, block: BlockID("loop"))
        van.stop(.compileError, message: .verbatim("ignored"), block: nil)
        #expect(van.outcome?.failure == .queryInfiniteLoop && van.outcome?.failingBlock == BlockID("loop"))
        #expect(van.outcome?.message == RunFailure.queryInfiniteLoop.defaultMessage)
        let worked33 = van.perform(.wait, block: nil)
        let ended34 = van.finish()
        #expect(!worked33 && ended34.failure == .queryInfiniteLoop)  // not a success, though on the house
        var detached = try VanSimulation(level: F.level1)
        detached.stop(.detachedBlocks, message: .verbatim("Custom words."), block: nil)
        let ended35 = detached.finish()
        #expect(ended35.message == "Custom words." && detached.hasFailed)
        #expect(detached.events.map(\.kind.type) == ["end"])
    }

    @Test func anInvalidLevelCannotBeSimulated() {
        var level = F.level1
        level.road[1].connections = [0, 7]
        #expect(throws: LevelError.self) { try VanSimulation(level: level) }
    }

    @Test func eventsAndOutcomesHaveAFlatJSONShapeWithExplicitNulls() throws {
        var van = try F.run(F.level44, [.moveForwards, .moveForwards, .moveForwards, .wait])
        let outcome = van.finish()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let move = String(decoding: try encoder.encode(van.events[0]), as: UTF8.self)
        #expect(move == #"{"action":"move_forwards","block":"b1","from":[1,3],"fromHeading":"E","fuel":49,"fuelPercent":98,"heading":"E","step":1,"time":1,"to":[2,3],"type":"move"}"#)
        let light = String(decoding: try encoder.encode(van.events[4]), as: UTF8.self)
        #expect(light == #"{"block":"b4","colour":"GREEN","direction":"E","light":0,"source":[3,3],"step":4,"time":4,"type":"light"}"#)
        let end = String(decoding: try encoder.encode(van.events.last), as: UTF8.self)
        #expect(end == #"{"block":null,"failure":"out_of_instructions","message":"\#(outcome.message)","step":4,"success":false,"time":4,"type":"end"}"#)
        let decoded = try JSONDecoder().decode([RunEvent].self, from: encoder.encode(van.events))
        #expect(decoded == van.events)
        let outcomeJSON = String(decoding: try encoder.encode(outcome), as: UTF8.self)
        #expect(outcomeJSON.contains(#""failingBlock":null"#) && outcomeJSON.contains(#""failure":"out_of_instructions""#))
        #expect(try JSONDecoder().decode(RunOutcome.self, from: encoder.encode(outcome)) == outcome)
        var won = try F.run(F.level1, [.moveForwards])
        let wonJSON = String(decoding: try encoder.encode(won.finish()), as: UTF8.self)
        #expect(wonJSON.contains(#""failure":null"#) && wonJSON.contains(#""success":true"#))
    }

    @Test func tenThousandStepsStayCheap() throws {
        // A long run: the interpreter may make 10,000 calls; each must be O(1) in the run's length.
        let lights = (0..<4).map { TrafficLight(source: F.at($0, 3), direction: .east, startingState: .green, redDuration: 1, greenDuration: 1) }
        var van = try VanSimulation(level: F.straight(0, 9, destinations: [F.at(9, 3)], lights: lights, maxFuel: 999))
        var worked = 0
        for step in 0..<10_000 where van.perform(step.isMultiple(of: 2) ? .wait : .deliver, block: nil) { worked += 1 }
        #expect(worked == 1 && van.outcome?.failure == .deliverAtNonDestination)
        var waiter = try VanSimulation(level: F.straight(0, 9, destinations: [F.at(9, 3)], lights: lights, maxFuel: 999))
        for _ in 0..<10_000 { _ = waiter.perform(.wait, block: nil) }
        #expect(waiter.outcome?.failure == .outOfFuel && waiter.outcome?.actions == 1000)
    }
}
