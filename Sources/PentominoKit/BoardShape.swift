import GridKit

/// The five classic boards. Each has exactly 60 free cells, one for every cell of the twelve
/// pieces, and at most 64 cells in all so a board fits in one `UInt64` for the solver.
///
/// Sizes are height first, as in the original app: 6×10 is six rows of ten columns.
public enum BoardShape: String, CaseIterable, Sendable, Hashable, Codable, CustomStringConvertible {
    case sixByTen = "6x10"
    case fiveByTwelve = "5x12"
    case fourByFifteen = "4x15"
    case threeByTwenty = "3x20"
    /// Dana Scott's 1958 board: 8×8 with the 2×2 centre left empty.
    case eightByEightWithHole = "8x8"

    /// The id used in URLs, the CLI and JSON: `"6x10"`, `"5x12"`, `"4x15"`, `"3x20"` or `"8x8"`.
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
        case .eightByEightWithHole: 8
        }
    }

    public var cols: Int {
        switch self {
        case .sixByTen: 10
        case .fiveByTwelve: 12
        case .fourByFifteen: 15
        case .threeByTwenty: 20
        case .eightByEightWithHole: 8
        }
    }

    /// Cells inside the rectangle that no piece may cover.
    public var holes: Set<Square> {
        switch self {
        case .eightByEightWithHole:
            [Square(row: 3, col: 3), Square(row: 3, col: 4), Square(row: 4, col: 3), Square(row: 4, col: 4)]
        default: []
        }
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
