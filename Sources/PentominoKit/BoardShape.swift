import GridKit

/// The classic boards people play: the four rectangles and the 8×8 square with four cells left
/// empty (a 2×2 hole in the centre, a corner, on a side or off centre; the four corners; four
/// single cells). Each has exactly 60 free cells, one for every cell of the twelve pieces, and at
/// most 64 cells in all so a board fits in one `UInt64` for the solver.
///
/// Sizes are height first, as in the original app: 6×10 is six rows of ten columns.
public enum BoardShape: String, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    case sixByTen = "6x10"
    case fiveByTwelve = "5x12"
    case fourByFifteen = "4x15"
    case threeByTwenty = "3x20"
    /// Dana Scott's 1958 board: 8×8 with the 2×2 centre left empty.
    case eightByEightWithHole = "8x8"
    /// 8×8 with the 2×2 hole in a corner.
    case eightByEightCornerHole = "8x8-corner"
    /// 8×8 with the 2×2 hole in the middle of the top side.
    case eightByEightSideHole = "8x8-side"
    /// 8×8 with the 2×2 hole one step above the centre.
    case eightByEightOffCentreHole = "8x8-offcentre"
    /// 8×8 without its four corner cells.
    case eightByEightNoCorners = "8x8-corners"
    /// 8×8 with four single cells left empty, each two steps in from a corner.
    case eightByEightFourHoles = "8x8-four"

    /// The id used in URLs, the CLI and JSON: `"6x10"`, `"5x12"`, `"4x15"`, `"3x20"`, `"8x8"`, `"8x8-corner"`…
    public var id: String { rawValue }

    /// A board from its id; also accepts `×` for `x`, upper case, and `"8x8-hole"`.
    public init?(id: String) {
        let normalised = id.lowercased().replacingCharacters("×", with: "x")
        if let shape = BoardShape(rawValue: normalised) {
            self = shape
        } else if normalised == "8x8-hole" || normalised == "8x8hole" {
            self = .eightByEightWithHole
        } else {
            return nil
        }
    }

    /// Like `init?(id:)` but throws `PentominoError.unknownBoard`.
    public static func parse(_ id: String) throws(PentominoError) -> BoardShape {
        guard let shape = BoardShape(id: id) else { throw .unknownBoard(id) }
        return shape
    }

    public var rows: Int {
        switch self {
        case .sixByTen: 6
        case .fiveByTwelve: 5
        case .fourByFifteen: 4
        case .threeByTwenty: 3
        case .eightByEightWithHole, .eightByEightCornerHole, .eightByEightSideHole, .eightByEightOffCentreHole,
             .eightByEightNoCorners, .eightByEightFourHoles: 8
        }
    }

    public var cols: Int {
        switch self {
        case .sixByTen: 10
        case .fiveByTwelve: 12
        case .fourByFifteen: 15
        case .threeByTwenty: 20
        case .eightByEightWithHole, .eightByEightCornerHole, .eightByEightSideHole, .eightByEightOffCentreHole,
             .eightByEightNoCorners, .eightByEightFourHoles: 8
        }
    }

    /// Cells inside the rectangle that no piece may cover.
    public var holes: Set<Square> {
        switch self {
        case .eightByEightWithHole: Self.square(at: 3, 3)
        case .eightByEightCornerHole: Self.square(at: 0, 0)
        case .eightByEightSideHole: Self.square(at: 0, 3)
        case .eightByEightOffCentreHole: Self.square(at: 2, 3)
        case .eightByEightNoCorners: [Square(row: 0, col: 0), Square(row: 0, col: 7), Square(row: 7, col: 0), Square(row: 7, col: 7)]
        case .eightByEightFourHoles: [Square(row: 2, col: 2), Square(row: 2, col: 5), Square(row: 5, col: 2), Square(row: 5, col: 5)]
        case .sixByTen, .fiveByTwelve, .fourByFifteen, .threeByTwenty: []
        }
    }

    /// A 2×2 hole whose top-left cell is (`row`, `col`).
    private static func square(at row: Int, _ col: Int) -> Set<Square> {
        [Square(row: row, col: col), Square(row: row, col: col + 1), Square(row: row + 1, col: col), Square(row: row + 1, col: col + 1)]
    }

    /// Inside the rectangle and not a hole: a piece may cover it.
    public func isFree(_ square: Square) -> Bool {
        contains(square) && !holes.contains(square)
    }

    /// Inside the rectangle (holes included).
    public func contains(_ square: Square) -> Bool {
        square.row >= 0 && square.row < rows && square.col >= 0 && square.col < cols
    }

    /// Number of cells pieces must cover: always 60.
    public var freeCellCount: Int { rows * cols - holes.count }

    public var description: String { rawValue }
}

extension String {
    fileprivate func replacingCharacters(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
