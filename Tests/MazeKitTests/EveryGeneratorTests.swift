import GridKit
import Testing
@testable import MazeKit

/// Every generator makes what it promises: a perfect maze (connected, no loops) — the hybrid
/// connected with its few loops — at small, odd-shaped and the largest sizes, the same maze for the
/// same seed, and a carving whose replay is that maze.
@Suite struct EveryGeneratorTests {
    static let perfect = MazeAlgorithm.allCases.filter(\.isPerfect)
    static let sizes = [(5, 5), (7, 21), (31, 9), (41, 41), (201, 201)]

    @Test func thereAreAtLeastTenPerfectAlgorithmsWithStableCodes() {
        #expect(Self.perfect.count >= 10)
        let codes = MazeAlgorithm.allCases.map(\.code)
        #expect(Set(codes).count == codes.count && codes.allSatisfy { $0 < 32 })  // RoomCodec keeps 5 bits
        for algorithm in MazeAlgorithm.allCases { #expect(MazeAlgorithm(code: algorithm.code) == algorithm) }
    }

    @Test(arguments: perfect)
    func everyPerfectGeneratorMakesATreeAtEverySize(algorithm: MazeAlgorithm) throws {
        for (width, height) in Self.sizes {
            for seed: UInt64 in [1, 2, 99, UInt64.max] where width < 201 || seed < 3 {
                let maze = MazeGenerator.generate(try MazeParameters(seed: seed, width: width, height: height, algorithm: algorithm))
                let label = "\(algorithm) \(width)×\(height) seed \(seed)"
                #expect(reachable(maze) == maze.roomCount, "\(label) is not connected")
                #expect(maze.loopCount == 0, "\(label) has \(maze.loopCount) loops")
                // Every cell (odd row and column) is a room: nothing is left uncarved.
                #expect(maze.roomCount == cellCount(maze) * 2 - 1, "\(label) leaves cells out")
            }
        }
    }

    @Test func theHybridIsConnectedAtTheLargestSize() throws {
        let maze = MazeGenerator.generate(try MazeParameters(seed: 5, width: 201, height: 201, algorithm: .hybrid))
        #expect(reachable(maze) == maze.roomCount)
    }

    @Test(arguments: MazeAlgorithm.allCases)
    func theSameSeedGivesTheSameMazeAndOtherSeedsOthers(algorithm: MazeAlgorithm) throws {
        let one = try MazeParameters(seed: 42, width: 45, height: 31, algorithm: algorithm)
        #expect(MazeGenerator.generate(one) == MazeGenerator.generate(one))
        #expect(MazeGenerator.carving(one) == MazeGenerator.carving(one))
        let maps = Set(try (UInt64(1)...6).map {
            MazeGenerator.generate(try MazeParameters(seed: $0, width: 45, height: 31, algorithm: algorithm)).mapText
        })
        #expect(maps.count == 6)
    }

    /// Replaying the recorded steps over the initial grid gives exactly the generated maze's
    /// passages (doors, the exit and the start are placed after carving, so they count as open).
    @Test(arguments: MazeAlgorithm.allCases)
    func replayingTheCarvingGivesTheMaze(algorithm: MazeAlgorithm) throws {
        for (width, height) in [(5, 7), (31, 21), (201, 201)] {
            let parameters = try MazeParameters(seed: 11, width: width, height: height, algorithm: algorithm)
            let maze = MazeGenerator.generate(parameters)
            let carving = MazeGenerator.carving(parameters)
            var open = Grid<Bool>(rows: height, cols: width, fill: false)
            if carving.initial == .open {
                for row in 1..<(height - 1) {
                    for col in 1..<(width - 1) where !(row % 2 == 0 && col % 2 == 0) { open[row, col] = true }
                }
            }
            for step in carving.steps {
                #expect(step.from.row == step.to.row || step.from.col == step.to.col)
                for row in min(step.from.row, step.to.row)...max(step.from.row, step.to.row) {
                    for col in min(step.from.col, step.to.col)...max(step.from.col, step.to.col) {
                        open[row, col] = carving.initial == .walls
                    }
                }
            }
            #expect(maze.tiles.squares.allSatisfy { open[$0] == maze.tiles[$0].isRoom }, "\(algorithm) \(width)×\(height)")
            #expect(carving.steps.count <= width * height)
        }
    }

    /// Aldous–Broder's walk is the slow one; its cap (400 steps a cell, then Wilson) must not be
    /// what finishes typical mazes, or the maze would mostly be Wilson's.
    @Test func aldousBroderFinishesByItsOwnWalkOnTheLargestMaze() throws {
        for seed: UInt64 in [1, 2, 3] {
            var random = SeededRandom(seed: seed)
            var carver = Carver(width: 201, height: 201)
            #expect(carver.aldousBroder(from: carver.randomCell(&random), &random), "seed \(seed)")
            #expect(carver.tiles.filter { $0 != .wall }.count == 2 * 100 * 100 - 1)
        }
    }

    private func cellCount(_ maze: Maze) -> Int { (maze.width / 2) * (maze.height / 2) }

    /// Rooms reached from the start, counting doors and the exit as passable.
    private func reachable(_ maze: Maze) -> Int {
        var seen = Grid<Bool>(rows: maze.height, cols: maze.width, fill: false)
        seen[maze.start] = true
        var frontier = [maze.start], count = 1
        while let square = frontier.popLast() {
            for side in maze.openSides(of: square) where !seen[square.moved(side)] {
                seen[square.moved(side)] = true
                count += 1
                frontier.append(square.moved(side))
            }
        }
        return count
    }
}
