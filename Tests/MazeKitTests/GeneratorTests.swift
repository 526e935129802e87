import GridKit
import Testing
@testable import MazeKit

@Suite struct GeneratorTests {
    @Test func sameSeedGivesSameMap() {
        for algorithm in MazeAlgorithm.allCases {
            let first = MazeGenerator.generate(parameters(42, 31, 45, algorithm))
            let second = MazeGenerator.generate(parameters(42, 31, 45, algorithm))
            #expect(first == second)
            #expect(first.mapRows == second.mapRows)
        }
    }

    @Test func differentSeedsGiveDifferentMaps() {
        let maps = Set((1...10).map { MazeGenerator.generate(parameters($0, 31, 31)).mapText })
        #expect(maps.count == 10)
    }

    /// Pins the output so a change to the generator or its random stream cannot go unnoticed:
    /// ids handed out earlier must keep naming the same rooms.
    @Test func outputIsStableAcrossBuilds() {
        let expected = [
            "###########",
            "#...S.....#",
            "#####.###.#",
            "#.#...#...#",
            "#.###D###.#",
            "#.#.#E..#.#",
            "#.#.#.#D#.#",
            "#.....#.#.#",
            "###########",
        ]
        #expect(MazeGenerator.generate(parameters(7, 11, 9, .prim)).mapRows == expected)
    }

    @Test(arguments: MazeAlgorithm.allCases)
    func everyRoomIsReachableFromTheStart(algorithm: MazeAlgorithm) {
        for seed in UInt64(1)...5 {
            let maze = MazeGenerator.generate(parameters(seed, 31, 41, algorithm))
            let seen = roomsReachedFromTheStart(of: maze)
            #expect(seen.count == maze.roomCount)
            #expect(seen.contains(maze.exit))
        }
    }

    @Test(arguments: MazeAlgorithm.allCases)
    func doorsSitInCorridorsWithBothSidesOpen(algorithm: MazeAlgorithm) {
        var doors = 0
        for seed in UInt64(1)...5 {
            let maze = MazeGenerator.generate(parameters(seed, 41, 41, algorithm))
            for square in maze.rooms where maze.tile(at: square) == .door {
                doors += 1
                let open = Set(maze.openSides(of: square))
                #expect(open == [.north, .south] || open == [.east, .west], "door at \(square) open \(open)")
                #expect(open.allSatisfy { maze.tile(at: square.moved($0)) != .door })
            }
        }
        #expect(doors > 10)
    }

    @Test(arguments: MazeAlgorithm.allCases)
    func exactlyOneExitAndAnEmptyStart(algorithm: MazeAlgorithm) {
        for seed in UInt64(1)...5 {
            let maze = MazeGenerator.generate(parameters(seed, 33, 31, algorithm))
            #expect(maze.tiles.cells.filter { $0 == .exit }.count == 1)
            #expect(maze.tile(at: maze.exit) == .exit)
            #expect(maze.tile(at: maze.start) == .empty)
            #expect(maze.mapText.filter { $0 == "S" }.count == 1)
            #expect(maze.mapRows.first?.allSatisfy { $0 == "#" } == true)
            #expect(maze.mapRows.allSatisfy { $0.first == "#" && $0.last == "#" })
        }
    }

    @Test func hybridHasSomeLoopsWhilePerfectMazesHaveNone() {
        let hybridLoops = (UInt64(1)...10).map { MazeGenerator.generate(parameters($0, 63, 63, .hybrid)).loopCount }
        #expect(hybridLoops.reduce(0, +) > 5)
        #expect(hybridLoops.allSatisfy { $0 < 30 })  // "a few", not a grid
        for algorithm in [MazeAlgorithm.backtracker, .prim] {
            #expect(MazeGenerator.generate(parameters(3, 63, 63, algorithm)).loopCount == 0)
        }
    }

    @Test func algorithmsDifferInCharacter() {
        // The backtracker's corridors are longer than Prim's, so its exit is further from the start.
        func meanPathLength(_ algorithm: MazeAlgorithm) -> Int {
            (UInt64(1)...5).map { MazeGenerator.generate(parameters($0, 41, 41, algorithm)).shortestPath()?.count ?? 0 }
                .reduce(0, +) / 5
        }
        #expect(meanPathLength(.backtracker) > meanPathLength(.prim))
    }

    @Test func sizesAreValidated() {
        #expect(throws: MazeError.invalidSize(width: 30, height: 31)) {
            try MazeParameters(seed: 1, width: 30, height: 31)
        }
        #expect(throws: MazeError.self) { try MazeParameters(seed: 1, width: 3, height: 31) }
        #expect(throws: MazeError.self) { try MazeParameters(seed: 1, width: 31, height: 203) }
        #expect((try? MazeParameters(seed: 1, width: 5, height: 201)) != nil)
        let smallest = MazeGenerator.generate(parameters(9, 5, 5))
        #expect(smallest.roomCount >= 7)
    }

    @Test func randomParametersStayInTheDefaultRange() {
        for seed in UInt64(0)..<200 {
            let random = MazeParameters.random(seed: seed)
            #expect(MazeParameters.defaultSizeRange.contains(random.width) && random.width % 2 == 1)
            #expect(MazeParameters.defaultSizeRange.contains(random.height) && random.height % 2 == 1)
        }
    }

    @Test func apiCoordinatesPutNorthUp() {
        let maze = MazeGenerator.generate(parameters(5, 11, 9))
        let square = maze.square(x: 3, y: 2)
        #expect(square == Square(row: 6, col: 3))
        #expect(maze.apiCoordinates(of: square.moved(.north)) == (3, 3))  // north = y + 1
    }

    /// The largest default maze comes out whole with every algorithm (its speed is measured in
    /// Benchmarks/MazeGeneratorBenchmark, never here: a loaded test machine is no stopwatch).
    @Test(arguments: MazeAlgorithm.allCases)
    func theLargestDefaultMazeHasItsStartExitAndAllItsRooms(algorithm: MazeAlgorithm) {
        let maze = MazeGenerator.generate(parameters(3, 63, 63, algorithm))
        #expect(maze.mapRows.count == 63 && maze.mapRows.allSatisfy { $0.count == 63 })
        let seen = roomsReachedFromTheStart(of: maze)
        #expect(seen.count == maze.roomCount && seen.contains(maze.exit) && maze.start != maze.exit)
    }

    private func roomsReachedFromTheStart(of maze: Maze) -> Set<Square> {
        var seen: Set<Square> = [maze.start]
        var frontier = [maze.start]
        while let square = frontier.popLast() {
            for side in maze.openSides(of: square) where seen.insert(square.moved(side)).inserted {
                frontier.append(square.moved(side))
            }
        }
        return seen
    }
}
