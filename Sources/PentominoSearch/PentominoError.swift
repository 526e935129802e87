import GridCore

/// Everything that can go wrong when naming, placing or removing pieces. The server turns each
/// case into `{"error":{"code": code, "message": description}}`.
public enum PentominoError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// A name that is neither a Conway letter nor one of the blog's aliases.
    case unknownTile(String)
    /// A board id other than the five in `BoardShape`.
    case unknownBoard(String)
    /// Tile text that is not one of the pieces in a 5×5 orientation; the reason is attached.
    case invalidTileText(String)
    /// Board text that does not describe whole pieces on that board; the reason is attached.
    case invalidBoardText(String)
    /// Each piece is on the board at most once: remove it before placing it again.
    case tileAlreadyPlaced(TileShape)
    /// A filled cell of the piece (given) would land outside the board.
    case offBoard(TileShape, Square)
    /// A filled cell of the piece would cover a hole in the board (the 8×8 board's centre).
    case coversHole(TileShape, Square)
    /// A filled cell would land on `Square`, which the other piece already covers.
    case overlaps(TileShape, Square, TileShape)
    /// The piece is not on the board, so it cannot be removed.
    case notPlaced(TileShape)
    /// No piece covers that square.
    case noTileAt(Square)
    /// A drawn board's rows: none, more than 20, longer than 20, or not all the same length.
    case drawnBoardFrame
    /// A drawn board's rows hold something other than `.` (a cell) and `#` (no cell).
    case drawnBoardCharacter(String)
    /// A drawn board has this many cells, not 60.
    case drawnBoardCells(Int)

    /// A stable snake_case identifier for API clients.
    public var code: String {
        switch self {
        case .unknownTile: "unknown_tile"
        case .unknownBoard: "unknown_board"
        case .invalidTileText: "invalid_tile_text"
        case .invalidBoardText: "invalid_board_text"
        case .tileAlreadyPlaced: "tile_already_placed"
        case .offBoard: "off_board"
        case .coversHole: "covers_hole"
        case .overlaps: "overlaps"
        case .notPlaced: "not_placed"
        case .noTileAt: "no_tile_at"
        case .drawnBoardFrame: "drawn_board_frame"
        case .drawnBoardCharacter: "drawn_board_character"
        case .drawnBoardCells: "drawn_board_cells"
        }
    }

    public var description: String {
        switch self {
        case .unknownTile(let name): "unknown tile \"\(name)\": use one of F I L N P T U V W X Y Z"
        case .unknownBoard(let id): "unknown board \"\(id)\": use one of 6x10 5x12 4x15 3x20 8x8"
        case .invalidTileText(let reason): "invalid tile text: \(reason)"
        case .invalidBoardText(let reason): "invalid board text: \(reason)"
        case .tileAlreadyPlaced(let shape): "tile \(shape) is already on the board"
        case .offBoard(let shape, let square): "tile \(shape) would cover \(square), which is off the board"
        case .coversHole(let shape, let square): "tile \(shape) would cover the hole at \(square)"
        case .overlaps(let shape, let square, let other):
            "tile \(shape) would overlap tile \(other) at \(square)"
        case .notPlaced(let shape): "tile \(shape) is not on the board"
        case .noTileAt(let square): "no tile covers \(square)"
        case .drawnBoardFrame: "a drawn board has 1 to \(DrawnBoard.maxSide) rows of 1 to \(DrawnBoard.maxSide) squares, all as long"
        case .drawnBoardCharacter(let character): "a drawn board is drawn with . for a cell and # for none, not \"\(character)\""
        case .drawnBoardCells(let count): "a drawn board needs exactly \(DrawnBoard.cellCount) cells, not \(count)"
        }
    }
}
