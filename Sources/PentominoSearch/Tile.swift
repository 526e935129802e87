import GridCore

/// A piece in one orientation: the thing a player holds, turns and flips before dropping it.
///
/// The orientation is always stored in canonical form (see `TileShape.canonical(_:)`), so two
/// tiles are equal exactly when their 5×5 grids are equal: four turns, two flips, or one turn of X
/// all give back an equal tile.
public struct Tile: Sendable, Hashable, Codable, CustomStringConvertible {
    public let shape: TileShape
    public let orientation: Orientation

    public init(_ shape: TileShape, _ orientation: Orientation = .identity) {
        self.shape = shape
        self.orientation = shape.canonical(orientation)
    }

    /// Parses the text form (`#` filled, `_` empty, five lines of five characters). Lines may end
    /// in `\r\n` and surrounding blank lines are ignored; the grid must be exactly one of the
    /// twelve pieces in one of its orientations, in the same place within the 5×5 grid.
    public init(text: String) throws(PentominoError) {
        // "\r\n" is a single Character in Swift, so it has to be mapped before splitting into lines.
        let cleaned = String(text.map { $0 == "\r\n" ? "\n" : $0 })
        guard let grid = Grid<Bool>.parse(cleaned, { $0 == "#" ? true : $0 == "_" ? false : nil }) else {
            throw .invalidTileText("use only # and _ in lines of equal length")
        }
        guard grid.rows == 5, grid.cols == 5 else {
            throw .invalidTileText("expected 5 lines of 5 characters, got \(grid.rows)×\(grid.cols)")
        }
        for shape in TileShape.allCases {
            if let match = shape.orientations.first(where: { shape.grid($0) == grid }) {
                self.init(shape, match)
                return
            }
        }
        throw .invalidTileText("not a pentomino in a 5×5 orientation")
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(TileShape.self, forKey: .shape),
                  try container.decodeIfPresent(Orientation.self, forKey: .orientation) ?? .identity)
    }

    public func rotatedClockwise() -> Tile { Tile(shape, orientation.rotatedClockwise()) }
    public func rotatedAnticlockwise() -> Tile { Tile(shape, orientation.rotatedAnticlockwise()) }
    /// Mirrored left to right.
    public func flipped() -> Tile { Tile(shape, orientation.mirrored()) }

    /// The 5×5 grid, `true` where filled.
    public var grid: Grid<Bool> { shape.grid(orientation) }

    /// Filled cells relative to the 5×5 grid's top-left corner.
    public var cells: [Square] { shape.gridCells(orientation) }

    /// Filled cells moved so the shape touches row 0 and column 0.
    public var normalisedCells: [Square] { shape.normalisedCells(orientation) }

    /// Five lines of `#` (filled) and `_` (empty), joined by `\n`, no trailing newline.
    public var text: String { grid.text { $0 ? "#" : "_" } }

    public var description: String { "\(shape) \(orientation)" }
}
