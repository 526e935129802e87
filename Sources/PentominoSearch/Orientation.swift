import GridCore

/// How a piece lies: first mirrored left to right when `flipped`, then turned `quarterTurns`
/// quarter turns clockwise about the centre cell of its 5×5 grid.
///
/// The eight values form the symmetry group of the square, so turning and flipping an
/// orientation always gives another orientation (see `rotatedClockwise()` and `mirrored()`).
public struct Orientation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Clockwise quarter turns, always 0–3.
    public let quarterTurns: Int
    public let flipped: Bool

    /// Any whole number of turns is accepted and reduced modulo 4, so `-1` means three.
    public init(quarterTurns: Int = 0, flipped: Bool = false) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.flipped = flipped
    }

    public static let identity = Orientation()

    /// All eight: unflipped 0–3 turns, then flipped 0–3 turns (the order `index` counts in).
    public static let all: [Orientation] = [false, true].flatMap { flip in
        (0..<4).map { Orientation(quarterTurns: $0, flipped: flip) }
    }

    /// 0–7, the position in `Orientation.all`.
    public var index: Int { (flipped ? 4 : 0) + quarterTurns }

    /// This orientation followed by one more quarter turn clockwise.
    public func rotatedClockwise() -> Orientation {
        Orientation(quarterTurns: quarterTurns + 1, flipped: flipped)
    }

    public func rotatedAnticlockwise() -> Orientation {
        Orientation(quarterTurns: quarterTurns - 1, flipped: flipped)
    }

    /// This orientation followed by a left-to-right mirror. Mirroring after turning clockwise is
    /// the same as mirroring first and turning anticlockwise, hence the negated turns.
    /// (Named `mirrored()` because `flipped` is the stored flag.)
    public func mirrored() -> Orientation {
        Orientation(quarterTurns: -quarterTurns, flipped: !flipped)
    }

    /// The grid in this orientation: mirrored first if flipped, then turned.
    public func apply<Cell>(to grid: Grid<Cell>) -> Grid<Cell> {
        var result = flipped ? grid.flippedHorizontally() : grid
        for _ in 0..<quarterTurns { result = result.rotatedClockwise() }
        return result
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(quarterTurns: try container.decodeIfPresent(Int.self, forKey: .quarterTurns) ?? 0,
                  flipped: try container.decodeIfPresent(Bool.self, forKey: .flipped) ?? false)
    }

    public var description: String { "\(quarterTurns * 90)°\(flipped ? " flipped" : "")" }
}
