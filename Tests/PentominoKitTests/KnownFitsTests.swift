import Testing
@testable import PentominoSearch

/// The region-test verdicts written down for the race boards must be what the test gives today;
/// otherwise `tessera-pentomino` would search with wrong placements (and wrong counts).
@Suite("Known fits")
struct KnownFitsTests {
    @Test("written-down verdicts match the region test on each race board", arguments: KnownFits.boards)
    func verdictsMatch(shape: BoardShape) {
        let written = KnownFits.fits(shape)
        let measured = KnownFits.measured(shape)
        #expect(written == measured, "KnownFits is out of date; paste this into KnownFits.fits:\n\(KnownFits.source())")
    }

    @Test("a list built from the verdicts equals one built with the test", arguments: KnownFits.boards)
    func sameList(shape: BoardShape) {
        let geometry = BoardGeometry(shape)
        let tested = PlacementList(geometry: geometry, orientations: \.orientations)
        let known = PlacementList(geometry: geometry, orientations: \.orientations, fits: KnownFits.fits(shape))
        #expect(tested.entries.map(\.mask) == known.entries.map(\.mask))
        #expect(tested.entries.map(\.placement) == known.entries.map(\.placement))
    }
}
