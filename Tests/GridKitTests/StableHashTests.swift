import GridKit
import Testing

/// The one stable hash: its published test vectors, so cache file names and entity tags written by
/// one release are found again by the next.
@Suite struct StableHashTests {
    @Test func fnv1a64MatchesThePublishedVectors() {
        #expect(FNV1a.hex64("".utf8) == "cbf29ce484222325")
        #expect(FNV1a.hex64("a".utf8) == "af63dc4c8601ec8c")
        #expect(FNV1a.hex64("foobar".utf8) == "85944171f73967e8")
        #expect(FNV1a.hash64("a".utf8) == 0xaf63_dc4c_8601_ec8c)
    }
}
