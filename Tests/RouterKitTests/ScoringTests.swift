import Testing
@testable import RouterKit

@Suite struct ScoringTests {
    typealias F = EngineFixtures

    /// Runs the actions and scores the run as a program of `blocks` blocks.
    static func score(_ level: Level, _ actions: [VanAction], blocks: Int) throws -> Score {
        var van = try F.run(level, actions)
        let outcome = van.finish()
        return Scoring.score(level: level, outcome: outcome, visitedNodes: van.visitedNodes, blockCount: blocks)
    }

    static func scoring(route: Int = 10, algorithm: Int = 10, models: [Int] = [5]) -> LevelScoring {
        LevelScoring(routeMax: route, algorithmMax: algorithm, modelSolutions: models)
    }

    @Test func theShortestRouteCountsTilesIncludingBothEnds() {
        #expect(Scoring.shortestRoute(level: F.level1) == 3)
        #expect(Scoring.shortestRoute(level: F.level44) == 7)
        #expect(Scoring.shortestRoute(level: F.junction) == 4)
    }

    @Test func theShortestRouteTriesEveryOrderOfHouses() {
        // Start at (2,3) on (0,3)…(6,3): west first is 2 + 6 edges, east first 4 + 6.
        let level = F.level(start: F.at(2, 3), edges: (0..<6).map { (F.at($0, 3), F.at($0 + 1, 3)) },
                            destinations: [F.at(6, 3), F.at(0, 3)])
        #expect(Scoring.shortestRoute(level: level) == 9)
        // A house at the start costs nothing extra.
        let home = F.straight(0, 4, destinations: [F.at(0, 3), F.at(4, 3)])
        #expect(Scoring.shortestRoute(level: home) == 5)
    }

    @Test func manyHousesAreSolvedExactly() {
        // A comb: a spine along y = 0 with teeth up to y = 2 at x = 0…9 and houses on every tooth's tip.
        var edges = (0..<9).map { (F.at($0, 0), F.at($0 + 1, 0)) }
        for x in 0..<10 { edges += [(F.at(x, 0), F.at(x, 1)), (F.at(x, 1), F.at(x, 2))] }
        let level = F.level(start: F.at(0, 0), edges: edges, destinations: (0..<10).map { F.at($0, 2) })
        // Up and down each tooth (4 edges) but the last (2), plus 9 along the spine: 36 + 2 + 9 = 47 edges.
        #expect(Scoring.shortestRoute(level: level) == 48)
    }

    @Test func noRouteWhenAHouseCannotBeReached() {
        var level = F.straight(0, 4, destinations: [F.at(4, 3)])
        level.road[3].connections = [2]  // (3,3) no longer reaches (4,3)
        level.road[4].connections = []
        #expect(Scoring.shortestRoute(level: level) == nil)
        var offRoad = F.level1
        offRoad.destinations = [F.at(5, 5)]
        #expect(Scoring.shortestRoute(level: offRoad) == nil)
    }

    @Test func theShortestProgramOnTheShortestRouteAcesTheLevel() throws {
        let score = try Self.score(F.level44, [.moveForwards, .moveForwards, .moveForwards, .wait, .moveForwards, .moveForwards], blocks: 6)
        #expect(score == Score(route: 10, algorithm: 10, routeMax: 10, algorithmMax: 10, message: Scoring.acedMessage))
        #expect(score.total == 20 && score.max == 20 && score.message == "Congratulations! You've aced it.")
    }

    @Test func everyExtraTileCostsOneRoutePoint() throws {
        let level = F.straight(0, 5, destinations: [F.at(5, 3)], scoring: Self.scoring(route: 20))
        let straight = try Self.score(level, Array(repeating: .moveForwards, count: 4), blocks: 5)
        #expect(straight.route == 20 && straight.algorithm == 10)
        let detour = try Self.score(level, [.moveForwards, .turnAround, .turnAround, .moveForwards, .moveForwards, .moveForwards], blocks: 5)
        #expect(detour.route == 18 && detour.total == 28 && detour.message == "Try finding a shorter route.")
        let wandering = try Self.score(level, Array(repeating: .turnAround, count: 30) + Array(repeating: .moveForwards, count: 4), blocks: 5)
        #expect(wandering.route == 0)
    }

    @Test func longerProgramsLoseAPointPerBlock() throws {
        let run: [VanAction] = Array(repeating: .moveForwards, count: 4)
        let level = F.straight(0, 5, destinations: [F.at(5, 3)])
        let three = try Self.score(level, run, blocks: 8)
        #expect(three.algorithm == 7 && three.message == "Try creating a simpler program.")
        #expect(try Self.score(level, run, blocks: 14).algorithm == 1)
        #expect(try Self.score(level, run, blocks: 15).algorithm == 0)  // 10 away: no model counts
    }

    @Test func shorterProgramsArePenalisedLikeTheOriginal() throws {
        // Issue #1123: init = 10 − (blocks − model) > 10 is folded back to 10 − (init mod 10).
        let level = F.straight(0, 5, destinations: [F.at(5, 3)], scoring: Self.scoring(models: [12]))
        let run: [VanAction] = Array(repeating: .moveForwards, count: 4)
        let shorter = try Self.score(level, run, blocks: 9)
        #expect(shorter.algorithm == 7 && shorter.message == Scoring.shorterProgramMessage)
        #expect(try Self.score(level, run, blocks: 3).algorithm == 1)
        #expect(try Self.score(level, run, blocks: 2).algorithm == 0)
        #expect(Scoring.finalAlgorithmScore(initial: 20, max: 10) == 0)
        #expect(Scoring.finalAlgorithmScore(initial: 25, max: 10) == 0)
        #expect(Scoring.finalAlgorithmScore(initial: 11, max: 10) == 9)
        #expect(Scoring.finalAlgorithmScore(initial: -3, max: 10) == 0)
    }

    @Test func theNearestModelSolutionCounts() {
        #expect(Scoring.initialAlgorithmScore(blockCount: 20, modelSolutions: [18, 19], max: 10) == 9)
        #expect(Scoring.initialAlgorithmScore(blockCount: 18, modelSolutions: [18, 19], max: 10) == 10)
        // A tie keeps the first: 12 is 2 from 10 (init 8) and 2 from 14 (init 12).
        #expect(Scoring.initialAlgorithmScore(blockCount: 12, modelSolutions: [10, 14], max: 10) == 8)
        #expect(Scoring.initialAlgorithmScore(blockCount: 12, modelSolutions: [14, 10], max: 10) == 12)
        #expect(Scoring.initialAlgorithmScore(blockCount: Int.max, modelSolutions: [Int.min], max: 10) == 0)
    }

    @Test func disabledScoresAreZeroOutOfZero() throws {
        let run: [VanAction] = [.moveForwards]
        let noAlgorithm = try Self.score(F.level1, run, blocks: 40)  // level 1: algorithm off, route 20
        #expect(noAlgorithm == Score(route: 20, algorithm: 0, routeMax: 20, algorithmMax: 0, message: Scoring.acedMessage))
        let noRoute = F.straight(0, 2, destinations: [F.at(2, 3)], scoring: Self.scoring(route: 0, models: [1]))
        let detour = try Self.score(noRoute, [.turnAround, .turnAround, .moveForwards], blocks: 1)
        #expect(detour == Score(route: 0, algorithm: 10, routeMax: 0, algorithmMax: 10, message: Scoring.acedMessage))
        // The original gives no algorithm score to a level without model solutions.
        let noModels = F.straight(0, 2, destinations: [F.at(2, 3)], scoring: Self.scoring(models: []))
        #expect(try Self.score(noModels, run, blocks: 1).max == 10)
        let nothing = F.straight(0, 2, destinations: [F.at(2, 3)], scoring: Self.scoring(route: 0, algorithm: 0))
        #expect(try Self.score(nothing, run, blocks: 9) == Score(route: 0, algorithm: 0, routeMax: 0, algorithmMax: 0, message: Scoring.acedMessage))
    }

    @Test func aFailedRunScoresNothing() throws {
        let crashed = try Self.score(F.level44, [.moveForwards, .moveForwards, .moveForwards, .moveForwards], blocks: 6)
        #expect(crashed.total == 0 && crashed.max == 20 && crashed.message == Scoring.failedMessage)
        let tooShort = try Self.score(F.level44, [.moveForwards], blocks: 6)
        #expect(tooShort.total == 0)
    }

    @Test func severalHousesAreScoredAgainstTheBestOrder() throws {
        // From (2,3) facing west on (0,3)…(6,3): the best order is west first (9 tiles).
        let level = F.level(start: F.at(2, 3), heading: .west, edges: (0..<6).map { (F.at($0, 3), F.at($0 + 1, 3)) },
                            destinations: [F.at(6, 3), F.at(0, 3)])
        let westFirst: [VanAction] = [.moveForwards, .deliver, .turnAround] + Array(repeating: .moveForwards, count: 5) + [.deliver]
        #expect(try Self.score(level, westFirst, blocks: 5).route == 10)
        // East first: back to (2,3), on to (6,3), then all the way back: 13 tiles.
        let eastFirst: [VanAction] = [.turnAround] + Array(repeating: .moveForwards, count: 4) + [.deliver, .turnAround]
            + Array(repeating: .moveForwards, count: 5) + [.deliver]
        #expect(try Self.score(level, eastFirst, blocks: 5).route == 6)
    }
}
