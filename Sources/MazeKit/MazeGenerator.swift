import GridKit

/// Builds mazes from parameters. Deterministic: one `SeededRandom` stream, tiles visited in fixed
/// orders, no `Set`/`Dictionary` iteration anywhere, so a seed gives the same maze in every process.
///
/// Layout: a thick-wall grid. Cells sit on odd rows and columns; carving opens a cell and the
/// connector tile between two cells. Tiles on even rows *and* columns are always walls, so every
/// connector is a corridor with walls on its other two sides: exactly where a door may go.
///
/// The algorithms are `Carver` extensions grouped by family: `Generators+Trees.swift` (backtracker,
/// hybrid, growing tree, Prim), `+RandomWalks` (Aldous–Broder, Wilson), `+Sets` (Kruskal, Eller),
/// `+Rows` (binary tree, sidewinder) and `+Division` (recursive division).
public enum MazeGenerator {
    /// Chance that an open connector becomes a door: about 3.5 % of rooms, like the original.
    static let doorChance = 1.0 / 14.0
    /// Chance per hybrid carving step of also opening a wall into an already-carved cell.
    static let loopChance = 0.005

    public static func generate(_ parameters: MazeParameters) -> Maze {
        var (carver, random) = carve(parameters, recording: false)
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

    /// The carving steps of the maze `parameters` make, in order: the same passages `generate`
    /// carves (it draws from the same random stream), before doors, exit and start are placed.
    public static func carving(_ parameters: MazeParameters) -> MazeCarving {
        let (carver, _) = carve(parameters, recording: true)
        return MazeCarving(parameters: parameters, initial: parameters.algorithm == .recursiveDivision ? .open : .walls,
                           steps: carver.record ?? [])
    }

    private static func carve(_ parameters: MazeParameters, recording: Bool) -> (Carver, SeededRandom) {
        // Mix the size and algorithm into the stream so that neighbouring parameter sets with one
        // seed give unrelated mazes rather than visibly similar ones.
        let salt = UInt64(parameters.width) << 40 ^ UInt64(parameters.height) << 24
            ^ UInt64(parameters.algorithm.code) << 8
        var random = SeededRandom(seed: parameters.seed ^ salt)
        var carver = Carver(width: parameters.width, height: parameters.height, recording: recording)
        let first = carver.randomCell(&random)
        switch parameters.algorithm {
        case .hybrid: carver.growingTree(from: first, &random)
        case .backtracker: carver.backtrack(from: first, &random)
        case .prim: carver.prim(from: first, &random)
        case .growingTree: carver.growingTreeMix(from: first, &random)
        case .aldousBroder: carver.aldousBroder(from: first, &random)
        case .wilson: carver.wilson(from: first, &random)
        case .kruskal: carver.kruskal(&random)
        case .eller: carver.eller(&random)
        case .recursiveDivision: carver.recursiveDivision(&random)
        case .sidewinder: carver.sidewinder(&random)
        case .binaryTree: carver.binaryTree(&random)
        }
        return (carver, random)
    }
}

/// Working state while carving: a flat tile array indexed `row * width + col`, fast enough that a
/// 63×63 maze takes about 1.3 ms in release builds (measured; the budget is 5 ms).
struct Carver {
    let width: Int
    let height: Int
    var tiles: [MazeTile]
    /// The steps so far when recording (see `MazeCarving`), else nil.
    var record: [CarvingStep]?
    /// Index offsets of the cell two steps away in each direction.
    private let steps: [Int]

    init(width: Int, height: Int, recording: Bool = false) {
        self.width = width
        self.height = height
        tiles = Array(repeating: .wall, count: width * height)
        record = recording ? [] : nil
        steps = Direction.allCases.map { 2 * ($0.rowDelta * width + $0.colDelta) }
    }

    func square(_ index: Int) -> Square { Square(row: index / width, col: index % width) }

    var centreCell: Int { ((height / 2) | 1) * width + ((width / 2) | 1) }

    /// Cells per row and per column (cell (r, c) is tile (2r + 1, 2c + 1)).
    var cellColumns: Int { width / 2 }
    var cellRows: Int { height / 2 }

    /// The tile index of cell (row, col) in cell coordinates.
    func cellIndex(_ row: Int, _ col: Int) -> Int { (2 * row + 1) * width + 2 * col + 1 }

    func randomCell(_ random: inout SeededRandom) -> Int {
        let row = 1 + 2 * random.below(height / 2)
        let col = 1 + 2 * random.below(width / 2)
        return row * width + col
    }

    /// The cells two steps away that lie inside the outer wall, in `Direction.allCases` order.
    func neighbourCells(of cell: Int) -> [Int] {
        let row = cell / width, col = cell % width
        var result: [Int] = []
        result.reserveCapacity(4)
        for (index, side) in Direction.allCases.enumerated() {
            let newRow = row + 2 * side.rowDelta, newCol = col + 2 * side.colDelta
            if newRow > 0, newRow < height - 1, newCol > 0, newCol < width - 1 { result.append(cell + steps[index]) }
        }
        return result
    }

    func uncarved(around cell: Int) -> [Int] {
        neighbourCells(of: cell).filter { tiles[$0] == .wall }
    }

    /// Opens `from`, `to` and the connector between them (`from` is usually open already).
    mutating func connect(_ from: Int, _ to: Int) {
        tiles[from] = .empty
        tiles[(from + to) / 2] = .empty
        tiles[to] = .empty
        note(from, to)
    }

    /// Records the run of tiles `from…to` as one step, when recording.
    mutating func note(_ from: Int, _ to: Int) {
        guard record != nil else { return }
        let step = CarvingStep(from: square(from), to: square(to))
        record?.append(step)
    }

    /// Opens a lone cell (the first of a tree), recorded as a one-tile step.
    mutating func open(_ cell: Int) {
        tiles[cell] = .empty
        note(cell, cell)
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
