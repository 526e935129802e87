import GridCore

/// The classic boards people play: the four rectangles and the 8×8 square with four cells left
/// empty (a 2×2 hole in the centre, a corner, on a side or off centre; the four corners; four
/// single cells), and boards people draw themselves (`DrawnBoard`: any 60 cells of a frame of at
/// most 20×20). Each has exactly 60 free cells, one for every cell of the twelve pieces.
///
/// Sizes are height first, as in the original app: 6×10 is six rows of ten columns.
public enum BoardShape: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case sixByTen
    case fiveByTwelve
    case fourByFifteen
    case threeByTwenty
    /// Dana Scott's 1958 board: 8×8 with the 2×2 centre left empty.
    case eightByEightWithHole
    /// 8×8 with the 2×2 hole in a corner.
    case eightByEightCornerHole
    /// 8×8 with the 2×2 hole in the middle of the top side.
    case eightByEightSideHole
    /// 8×8 with the 2×2 hole one step above the centre.
    case eightByEightOffCentreHole
    /// 8×8 without its four corner cells.
    case eightByEightNoCorners
    /// 8×8 with four single cells left empty, each two steps in from a corner.
    case eightByEightFourHoles
    /// A board someone drew (never one of the named boards: `BoardShape.drawn(rows:)` gives those
    /// their names).
    case drawn(DrawnBoard)

    /// The ten named boards, in the order the page lists them (drawn boards are not listed).
    public static let allCases: [BoardShape] = named
    static let named: [BoardShape] = [
        .sixByTen, .fiveByTwelve, .fourByFifteen, .threeByTwenty, .eightByEightWithHole, .eightByEightCornerHole,
        .eightByEightSideHole, .eightByEightOffCentreHole, .eightByEightNoCorners, .eightByEightFourHoles,
    ]

    /// The id of a named board (`"6x10"`, `"8x8-corner"`…) or `drawn:` and a drawn board's rows.
    public var rawValue: String {
        switch self {
        case .sixByTen: "6x10"
        case .fiveByTwelve: "5x12"
        case .fourByFifteen: "4x15"
        case .threeByTwenty: "3x20"
        case .eightByEightWithHole: "8x8"
        case .eightByEightCornerHole: "8x8-corner"
        case .eightByEightSideHole: "8x8-side"
        case .eightByEightOffCentreHole: "8x8-offcentre"
        case .eightByEightNoCorners: "8x8-corners"
        case .eightByEightFourHoles: "8x8-four"
        case .drawn(let drawing): drawing.id
        }
    }

    /// A board from its exact id: a named board's, or a drawn board's (`drawn:` and its rows, which
    /// may be untrimmed; a drawing of a named board is that board). `nil` for anything else.
    public init?(rawValue: String) {
        if let shape = Self.named.first(where: { $0.rawValue == rawValue }) {
            self = shape
        } else if rawValue.hasPrefix(DrawnBoard.idPrefix), let drawing = try? DrawnBoard(id: rawValue) {
            self = Self.named(matching: drawing)
        } else {
            return nil
        }
    }

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

    /// Like `init?(id:)` but throws `PentominoError.unknownBoard`, or what is wrong with a drawn
    /// board's rows.
    public static func parse(_ id: String) throws(PentominoError) -> BoardShape {
        if id.hasPrefix(DrawnBoard.idPrefix) { return named(matching: try DrawnBoard(id: id)) }
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
        case .drawn(let drawing): drawing.rows
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
        case .drawn(let drawing): drawing.cols
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
        case .drawn(let drawing): drawing.holes
        }
    }

    /// A 2×2 hole whose top-left cell is (`row`, `col`).
    private static func square(at row: Int, _ col: Int) -> Set<Square> {
        [Square(row: row, col: col), Square(row: row, col: col + 1), Square(row: row + 1, col: col), Square(row: row + 1, col: col + 1)]
    }

    /// Inside the rectangle and not a hole: a piece may cover it.
    public func isFree(_ square: Square) -> Bool {
        if case .drawn(let drawing) = self { return drawing.isCell(square) }
        return contains(square) && !holes.contains(square)
    }

    /// Inside the rectangle but a hole: what `Board` checks before covering a cell.
    public func isHole(_ square: Square) -> Bool {
        contains(square) && !isFree(square)
    }

    /// Inside the rectangle (holes included).
    public func contains(_ square: Square) -> Bool {
        square.row >= 0 && square.row < rows && square.col >= 0 && square.col < cols
    }

    /// Number of cells pieces must cover: always 60.
    public var freeCellCount: Int { rows * cols - holes.count }

    public var description: String { rawValue }
}

/// A board is stored and sent as its id (a puzzle's `"board": "6x10"` or `"drawn:…"`), so a
/// stored puzzle on a drawn board reads back as the same board.
extension BoardShape: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let id = try container.decode(String.self)
        guard let shape = BoardShape(rawValue: id) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown board \(id)")
        }
        self = shape
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension String {
    fileprivate func replacingCharacters(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
