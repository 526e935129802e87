import GridCore

/// One piece on a board: the piece, how it lies, and the board square where the top-left corner
/// of its 5×5 grid lands.
///
/// The origin may be off the board (even negative): only the *filled* cells must land on free
/// board cells. That is the original app's padded-board rule (all 25 grid cells within a board
/// padded by four cells) stated without the padding.
public struct Placement: Sendable, Hashable, Codable, CustomStringConvertible {
    public let shape: TileShape
    /// Canonical for `shape`, so equal-looking placements compare equal.
    public let orientation: Orientation
    public let origin: Square

    public init(_ shape: TileShape, _ orientation: Orientation = .identity, at origin: Square) {
        self.shape = shape
        self.orientation = shape.canonical(orientation)
        self.origin = origin
    }

    public init(_ tile: Tile, at origin: Square) {
        self.init(tile.shape, tile.orientation, at: origin)
    }

    public var tile: Tile { Tile(shape, orientation) }

    /// The board squares the piece covers, in reading order.
    public var cells: [Square] { shape.gridCells(orientation).map { $0 + origin } }

    enum CodingKeys: String, CodingKey { case shape = "tile", orientation, origin }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try container.decode(TileShape.self, forKey: .shape),
                  try container.decodeIfPresent(Orientation.self, forKey: .orientation) ?? .identity,
                  at: try container.decode(Square.self, forKey: .origin))
    }

    public var description: String { "\(shape) \(orientation) at \(origin)" }
}

/// A board with the pieces placed on it so far. A value type: every change makes a new board, so
/// the server can keep old states and the solver can work on copies.
public struct Board: Sendable, Hashable {
    public let shape: BoardShape
    /// The placed pieces, sorted by piece (F first), so equal boards compare equal whatever the
    /// order the pieces went down in.
    public private(set) var placements: [Placement] = []
    /// Which piece covers each cell; rebuilt incrementally on place and remove.
    private var cover: Grid<TileShape?>

    public init(shape: BoardShape) {
        self.shape = shape
        cover = Grid(rows: shape.rows, cols: shape.cols, fill: nil)
    }

    /// A board with `placements` put down in order; throws the first placement's error.
    public init(shape: BoardShape, placements: [Placement]) throws(PentominoError) {
        self.init(shape: shape)
        for placement in placements { try place(placement) }
    }

    /// Why `placement` cannot go on this board, or nothing if it can. Checks, in order: the piece
    /// is not already placed; every filled cell is inside the board and not a hole; no filled cell
    /// is already covered. Cells are checked in reading order, so the square named is the first.
    public func validate(_ placement: Placement) throws(PentominoError) {
        if self.placement(of: placement.shape) != nil { throw .tileAlreadyPlaced(placement.shape) }
        let cells = placement.cells
        for cell in cells {
            if !shape.contains(cell) { throw .offBoard(placement.shape, cell) }
            if shape.isHole(cell) { throw .coversHole(placement.shape, cell) }
        }
        for cell in cells {
            if let other = cover[cell] { throw .overlaps(placement.shape, cell, other) }
        }
    }

    /// Whether `placement` would be accepted by `place(_:)`.
    public func canPlace(_ placement: Placement) -> Bool {
        do {
            try validate(placement)
            return true
        } catch {
            return false
        }
    }

    public func canPlace(_ tile: Tile, at origin: Square) -> Bool {
        canPlace(Placement(tile, at: origin))
    }

    /// Puts the piece down; throws (leaving the board unchanged) when `validate` objects.
    public mutating func place(_ placement: Placement) throws(PentominoError) {
        try validate(placement)
        for cell in placement.cells { cover[cell] = placement.shape }
        let index = placements.firstIndex { $0.shape > placement.shape } ?? placements.endIndex
        placements.insert(placement, at: index)
    }

    public mutating func place(_ tile: Tile, at origin: Square) throws(PentominoError) {
        try place(Placement(tile, at: origin))
    }

    /// Takes the piece off the board and returns where it was.
    @discardableResult
    public mutating func remove(_ piece: TileShape) throws(PentominoError) -> Placement {
        guard let index = placements.firstIndex(where: { $0.shape == piece }) else { throw .notPlaced(piece) }
        let placement = placements.remove(at: index)
        for cell in placement.cells { cover[cell] = nil }
        return placement
    }

    /// Picks up whichever piece covers `square` (what a tap or drag on a placed piece does).
    @discardableResult
    public mutating func removeTile(at square: Square) throws(PentominoError) -> Placement {
        guard let piece = tile(at: square) else { throw .noTileAt(square) }
        return try remove(piece)
    }

    /// The piece covering `square`: only filled cells of placed pieces answer, never the empty part
    /// of a piece's 5×5 grid, and `nil` off the board.
    public func tile(at square: Square) -> TileShape? {
        cover.cell(at: square) ?? nil
    }

    public func placement(of piece: TileShape) -> Placement? {
        placements.first { $0.shape == piece }
    }

    /// Pieces still to be placed, F first.
    public var unplacedShapes: [TileShape] {
        TileShape.allCases.filter { placement(of: $0) == nil }
    }

    /// Every free cell is covered (so all twelve pieces are down).
    public var isSolved: Bool { placements.count == TileShape.allCases.count }

    /// Free cells not yet covered, in reading order.
    public var emptySquares: [Square] {
        cover.squares.filter { shape.isFree($0) && cover[$0] == nil }
    }
}

extension Board: Codable {
    enum CodingKeys: String, CodingKey { case shape, placements }

    /// Decodes `{"shape": "6x10", "placements": [...]}`, replaying the placements so a decoded
    /// board always obeys the rules.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let shape = try container.decode(BoardShape.self, forKey: .shape)
        let placements = try container.decodeIfPresent([Placement].self, forKey: .placements) ?? []
        do {
            try self.init(shape: shape, placements: placements)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .placements, in: container,
                                                   debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shape, forKey: .shape)
        try container.encode(placements, forKey: .placements)
    }
}

extension Board {
    /// A board from placements already known to fit together (the solver's own output), skipping
    /// the checks `place` makes.
    init(shape: BoardShape, trusted placements: [Placement]) {
        self.init(shape: shape)
        for placement in placements {
            for cell in placement.cells where shape.contains(cell) { cover[cell] = placement.shape }
        }
        self.placements = placements.sorted { $0.shape < $1.shape }
    }
}
