import GridCore
import Synchronization

/// A search split into independent work items, with the symmetry breaking for distinct counts.
///
/// Symmetry breaking works on two asymmetric-enough pieces:
/// - **X** looks the same under every board symmetry, so only one X position of each orbit under
///   the symmetry group is tried (7 useful positions on 6×10, out of 32).
/// - Where the X position is itself fixed by some symmetries (X on a midline or diagonal), those
///   symmetries would still pair up solutions. **P** has no symmetry at all, so each such
///   symmetry moves every P placement to a different one; keeping only the P placement that is
///   smallest among its images picks exactly one solution of each pair.
/// No solution is symmetric (each piece would have to map onto itself, and P cannot: a board
/// symmetry fixing P's five cells fixes everything), so the result is exact on every board, with
/// or without flips.
///
/// A search for *all* solutions runs the same reduced search and then maps each solution through
/// every symmetry (`expansion`): 4 or 8 times less searching for exactly the same set.
package struct SearchPlan: Sendable {
    package struct Item: Sendable {
        package let occupied: UInt64
        package let remaining: UInt32
        /// Placements (entry indices) made while splitting the search.
        package let prefix: [Int32]
        package let table: SearchTable
        /// Symmetries that P's placement must not make smaller, checked on each solution found
        /// rather than by `table` (see `acceptance(of:)`); empty when the table does it or none apply.
        var checkP: [BoardSymmetry] = []
    }

    package let list: PlacementList
    /// Pieces on the board before the search started.
    let seeds: [Placement]
    package let items: [Item]
    /// The symmetries each found solution is mapped through, identity first: just the identity
    /// for distinct counts, the whole reduction group otherwise.
    package let expansion: [BoardSymmetry]
    /// How many raw solutions each distinct one stands for: the size of the reduction group.
    let symmetryCount: Int

    /// Items wanted before the search starts, so threads share the work and progress moves.
    private static let targetItems = 64

    package init(board: Board, options: SolveOptions) {
        let tables = TableCache.tables(shape: board.shape, flips: options.flips,
                                       mirrored: options.flips ? [] : options.mirroredPieces)
        let list = tables.list
        let geometry = list.geometry
        self.list = list
        seeds = board.placements

        var occupied = ~geometry.freeMask
        var seedMasks: [UInt64] = []
        for placement in board.placements {
            // A board only holds legal placements, so the mask always exists.
            let mask = geometry.mask(placement.cells) ?? 0
            seedMasks.append(mask)
            occupied |= mask
        }
        var remaining: UInt32 = 0
        for piece in board.unplacedShapes { remaining |= 1 << UInt32(piece.index) }

        // Symmetries that keep the placed pieces where they are: solutions related by one of
        // these are the same solution "up to symmetry".
        let group = geometry.symmetries(flips: options.flips).filter { symmetry in
            seedMasks.allSatisfy { symmetry.apply($0) == $0 }
        }
        expansion = options.distinct ? [geometry.symmetries[0]] : group
        symmetryCount = group.count
        let pieceP = TileShape.p.index
        let pieceX = TileShape.x.index
        func restricts(_ stabiliser: [BoardSymmetry]) -> Bool {
            stabiliser.count > 1 && remaining & (1 << UInt32(pieceP)) != 0
        }
        // X positions kept, each with the symmetries that fix it.
        var starts: [(index: Int, mask: UInt64, stabiliser: [BoardSymmetry])] = []
        if remaining & (1 << UInt32(pieceX)) != 0 {
            for (index, entry) in list.entries.enumerated() where entry.piece == pieceX {
                guard entry.mask & occupied == 0,
                      group.allSatisfy({ $0.apply(entry.mask) >= entry.mask }) else { continue }
                starts.append((index, entry.mask, group.filter { $0.apply(entry.mask) == entry.mask }))
            }
        }
        // On a thin board the search is so short that a second table, with P restricted, costs
        // more to build than searching both solutions of each pair and dropping one after: so
        // when some X positions need the full table anyway (4×15), the others use it too. Where
        // every position needs the restriction (3×20), its table is the only one built.
        let checkAfter = geometry.wallLine != 0 && geometry.lineLength <= Self.thinLine
            && starts.contains { !restricts($0.stabiliser) } && starts.contains { restricts($0.stabiliser) }
        func table(for stabiliser: [BoardSymmetry]) -> SearchTable {
            guard restricts(stabiliser), !checkAfter else { return tables.base }
            return tables.restrictingP(to: stabiliser)
        }
        func checked(_ stabiliser: [BoardSymmetry]) -> [BoardSymmetry] {
            restricts(stabiliser) && checkAfter ? stabiliser : []
        }

        var items: [Item] = []
        if remaining & (1 << UInt32(pieceX)) != 0 {
            // X goes first: it has the fewest positions, and this is where its symmetry is cut.
            let left = remaining & ~(1 << UInt32(pieceX))
            for start in starts {
                items.append(Item(occupied: occupied | start.mask, remaining: left, prefix: [Int32(start.index)],
                                  table: table(for: start.stabiliser), checkP: checked(start.stabiliser)))
            }
        } else {
            items.append(Item(occupied: occupied, remaining: remaining, prefix: [], table: table(for: group),
                              checkP: checked(group)))
        }
        for _ in 0..<2 where items.count < Self.targetItems {
            items = items.flatMap(Self.expand)
        }
        self.items = items
    }

    /// The children of `item`: one per placement covering its first empty cell. Dead ends vanish.
    private static func expand(_ item: Item) -> [Item] {
        guard item.remaining != 0 else { return [item] }
        let cell = (~item.occupied).trailingZeroBitCount
        var children: [Item] = []
        var pieces = item.remaining
        while pieces != 0 {
            let piece = pieces.trailingZeroBitCount
            pieces &= pieces - 1
            let table = item.table
            for index in table.bucket(cell: cell, piece: piece) where table.masks[index] & item.occupied == 0 {
                let mask = table.masks[index]
                // One allocation per child (`prefix + [entry]` would make two).
                var prefix = item.prefix
                prefix.append(Int32(table.entryIndices[index]))
                children.append(Item(occupied: item.occupied | mask,
                                     remaining: item.remaining & ~(1 << UInt32(piece)),
                                     prefix: prefix, table: item.table, checkP: item.checkP))
            }
        }
        return children
    }

    /// Lines of at most this many cells make a board thin (see `checkAfter` in `init`).
    private static let thinLine = 4

    /// The check a solution of `item` must pass, or `nil`: P's placement smallest among its
    /// images under `item.checkP`, as the restricted table would have ensured.
    package func acceptance(of item: Item) -> ((UnsafeBufferPointer<Int32>) -> Bool)? {
        guard !item.checkP.isEmpty else { return nil }
        let symmetries = item.checkP, entries = list.entries, pieceP = TileShape.p.index
        return { solution in
            for index in solution where entries[Int(index)].piece == pieceP {
                let mask = entries[Int(index)].mask
                return symmetries.allSatisfy { $0.apply(mask) >= mask }
            }
            return true
        }
    }

    /// `entries` (a reduced-search solution) mapped through `symmetry`.
    package func image(of entries: some Sequence<Int32>, under symmetry: BoardSymmetry) -> [Int32] {
        guard symmetry.kind != .identity else { return Array(entries) }
        let lookup = list.indexTable()
        return entries.map { index in
            let entry = list.entries[Int(index)]
            // The list is closed under the symmetries used (same orientations, same pruning), so
            // the lookup always succeeds.
            return lookup[entry.piece][symmetry.apply(entry.mask)].map(Int32.init) ?? index
        }
    }

    /// The solution made of the seeds plus the placements `entries` names.
    func solution(shape: BoardShape, entries: some Sequence<Int32>) -> Solution {
        Solution(shape: shape, placements: seeds + entries.map { list.entries[Int($0)].placement })
    }
}

/// Placement lists and search tables depend only on the board, the allowed orientations and the
/// symmetries P is restricted by, so they are built once per process and shared (they are
/// immutable). Building them costs about as much as searching a small board.
final class TableCache: Sendable {
    /// What the tables depend on. Kept in plain arrays searched with `==` rather than in
    /// dictionaries: the first use of a dictionary of a new key type makes the Swift runtime scan
    /// every protocol conformance in the binary (about 0.65 M instructions each, a tenth of a
    /// whole 3×20 run), and there are only ever a few keys.
    private struct Key: Equatable {
        let shape: BoardShape
        let flips: Bool
        /// One bit per mirrored piece (`TileShape.index`).
        let mirrored: UInt32
    }

    private static let all = Mutex<[(key: Key, tables: TableCache)]>([])
    /// Drawn boards' tables, the most recently used few (last used last): anyone may draw a
    /// board, so they are not all kept for good as the named boards' are.
    private static let drawn = Mutex<[(key: Key, tables: TableCache)]>([])
    private static let drawnLimit = 16

    let list: PlacementList
    private let baseTable = Mutex<SearchTable?>(nil)
    /// Tables restricting P, by the stabiliser's kinds (one bit per `Kind.rawValue`).
    private let restricted = Mutex<[(kinds: UInt8, table: SearchTable)]>([])

    private init(list: PlacementList) {
        self.list = list
    }

    /// The table of every placement, made when first asked for: on 3×20 every X position lies on
    /// the midline, so only the table restricting P is ever searched.
    var base: SearchTable {
        baseTable.withLock { table in
            if let table { return table }
            let made = SearchTable(list)
            table = made
            return made
        }
    }

    static func tables(shape: BoardShape, flips: Bool, mirrored: Set<TileShape>) -> TableCache {
        var mirroredBits: UInt32 = 0
        for piece in mirrored { mirroredBits |= 1 << UInt32(piece.index) }
        let key = Key(shape: shape, flips: flips, mirrored: mirroredBits)
        if case .drawn = shape {
            let cached: TableCache? = drawn.withLock { cache in
                guard let found = cache.firstIndex(where: { $0.key == key }) else { return nil }
                let hit = cache.remove(at: found)
                cache.append(hit)
                return hit.tables
            }
            if let cached { return cached }
            let made = make(key)
            drawn.withLock { cache in
                cache.append((key, made))
                if cache.count > drawnLimit { cache.removeFirst() }
            }
            return made
        }
        if let cached = all.withLock({ $0.first { $0.key == key }?.tables }) { return cached }
        let made = make(key)
        return all.withLock { cache in
            if let existing = cache.first(where: { $0.key == key }) { return existing.tables }
            cache.append((key, made))
            return made
        }
    }

    private static func make(_ key: Key) -> TableCache {
        // Known verdicts exist for the named boards with every orientation allowed (what
        // `tessera-pentomino` searches); other orientation sets enumerate other candidates.
        let fits = key.flips ? KnownFits.fits(key.shape) : nil
        let list = PlacementList(geometry: BoardGeometry(key.shape), orientations: { piece in
            key.flips ? piece.orientations : piece.rotations(mirrored: key.mirrored & (1 << UInt32(piece.index)) != 0)
        }, fits: fits)
        return TableCache(list: list)
    }

    /// The table with P limited to placements that are smallest among their images under
    /// `stabiliser` (see `SearchPlan`).
    func restrictingP(to stabiliser: [BoardSymmetry]) -> SearchTable {
        var key: UInt8 = 0
        for symmetry in stabiliser { key |= 1 << symmetry.kind.rawValue }
        if let cached = restricted.withLock({ $0.first { $0.kinds == key }?.table }) { return cached }
        let pieceP = TileShape.p.index
        let made = SearchTable(list) { entry in
            entry.piece != pieceP || stabiliser.allSatisfy { $0.apply(entry.mask) >= entry.mask }
        }
        return restricted.withLock { cache in
            if let existing = cache.first(where: { $0.kinds == key }) { return existing.table }
            cache.append((key, made))
            return made
        }
    }
}
