import GridKit
import Testing
@testable import MazeKit

@Suite struct PathAndBoundTests {
    private func room(_ row: Int, _ col: Int, _ type: RoomType = .empty, id: String? = nil,
                      links: [Direction: RoomLink]) -> ExploredRoom {
        var roomLinks = RoomLinks()
        for (side, link) in links { roomLinks[side] = link }
        return ExploredRoom(id: id ?? "R\(row)_\(col)", coordinate: Square(row: row, col: col), tileUrl: "",
                            type: type, links: roomLinks)
    }

    /// S — D — E in a row: a door between the start and the exit.
    private var corridor: ExploredMaze {
        ExploredMaze(rooms: [
            room(0, 0, links: [.east: .lock("L1")]),
            room(0, 1, .door, links: [.west: .room("R0_0"), .east: .room("R0_2")]),
            room(0, 2, .exit, links: [.west: .lock("L1")]),
        ])
    }

    @Test func aConsistentMazeValidates() {
        #expect(corridor.problems().isEmpty)
        #expect(corridor.exit == Square(row: 0, col: 2))
        #expect(corridor.doorCount == 1)
    }

    @Test func validationCatchesBrokenResults() {
        var missingExit = corridor
        missingExit.add(room(0, 2, links: [.west: .lock("L1")]))
        #expect(missingExit.problems().contains(.noExit))

        var oneSided = corridor
        oneSided.add(room(0, 2, .exit, links: [:]))
        #expect(oneSided.problems().contains(.asymmetricLink(Square(row: 0, col: 1), .east)))

        var dangling = corridor
        dangling.add(room(0, 2, .exit, links: [.west: .lock("L1"), .north: .room("R9")]))
        #expect(dangling.problems().contains(.danglingLink(Square(row: 0, col: 2), .north)))

        var island = corridor
        island.add(room(5, 5, id: "R0_0", links: [:]))
        #expect(island.problems().contains(.unreachable(Square(row: 5, col: 5))))
        #expect(island.problems().contains(.duplicateID("R0_0")))

        #expect(ExploredMaze().problems() == [.noRooms])
    }

    @Test func shortestPathPassesThroughDoors() {
        #expect(corridor.shortestPath() == [Square(row: 0, col: 0), Square(row: 0, col: 1), Square(row: 0, col: 2)])
        #expect(corridor.text(path: corridor.shortestPath() ?? []) == "#####\n#SDE#\n#####")
    }

    @Test func exploredPathMatchesTheServersShortestPath() async throws {
        let api = FakeMazeAPI(parameters(12, 31, 31))
        let maze = api.maze
        let result = await MazeExplorer(api: api, options: ExplorerOptions(sleep: instantSleep)).explore()
        let explored = try #require(result.maze.shortestPath())
        let truth = try #require(maze.shortestPath())
        #expect(explored.count == truth.count)
        let offset = Square(row: maze.start.row, col: maze.start.col)
        #expect(explored.first.map { $0 + offset } == maze.start)
        #expect(explored.last.map { $0 + offset } == maze.exit)
        let overlay = result.maze.text(path: explored)
        #expect(overlay.filter { $0 == "o" }.count == explored.filter { result.maze[$0]?.type == .empty }.count - 1)
    }

    @Test func lowerBoundOfATinyMazeIsItsWeightedDepth() {
        // 5×5: four cells round the edge; the exit sits at the centre cell (3,3).
        let maze = MazeGenerator.generate(parameters(2, 5, 5, .backtracker))
        let fetch = Duration.milliseconds(10), unlock = Duration.milliseconds(100)
        let bound = maze.exploreTimeLowerBound(fetchDelay: fetch, unlockDelay: unlock)
        let noDoors = maze.exploreTimeLowerBound(fetchDelay: fetch, unlockDelay: .zero)
        // Without unlock costs the bound is (BFS eccentricity of the start + 1) fetches.
        var depth: [Square: Int] = [maze.start: 0]
        var frontier = [maze.start]
        while !frontier.isEmpty {
            frontier = frontier.flatMap { square in
                maze.openSides(of: square).map { square.moved($0) }.filter { depth[$0] == nil }.map { next in
                    depth[next] = depth[square]! + 1
                    return next
                }
            }
        }
        #expect(noDoors == fetch * ((depth.values.max() ?? 0) + 1))
        #expect(bound >= noDoors)
        #expect(bound <= noDoors + unlock * maze.doorCount)
    }

    /// The critical path adds up to the bound: its fetches and unlocks, one after another.
    @Test(arguments: [(UInt64(7), 41), (UInt64(2026), 61)])
    func criticalPathAddsUpToTheBound(seed: UInt64, size: Int) {
        let maze = MazeGenerator.generate(parameters(seed, size, size))
        let fetch = Duration.milliseconds(20), unlock = Duration.milliseconds(300)
        let path = maze.criticalPath(fetchDelay: fetch, unlockDelay: unlock)
        #expect(path.time == maze.exploreTimeLowerBound(fetchDelay: fetch, unlockDelay: unlock))
        #expect(path.time == fetch * path.fetches + unlock * path.unlocks)
        #expect(path.unlocks <= maze.doorCount)
        #expect(path.fetches <= maze.roomCount)
        #expect(path.unlocks > 0)  // hybrid mazes this size put doors on the way to their far corners
    }

    @Test func explorationNeverBeatsTheLowerBound() async {
        let api = FakeMazeAPI(parameters(31, 21, 21))
        let fetch = Duration.milliseconds(2), unlock = Duration.milliseconds(25)
        await api.configure { $0.fetchDelay = fetch; $0.unlockDelay = unlock }
        let maze = api.maze
        let bound = maze.exploreTimeLowerBound(fetchDelay: fetch, unlockDelay: unlock)
        let result = await MazeExplorer(api: api, options: ExplorerOptions(sleep: instantSleep)).explore()
        #expect(result.outcome.isFinished)
        #expect(maze.doorCount > 0)
        #expect(result.stats.elapsed >= bound)
        // No upper check here: with the suite running in parallel on a debug build, CPU contention
        // (not strategy) dominates; closeness to the bound is measured separately in release builds.
    }
}
