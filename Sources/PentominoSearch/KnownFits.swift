/// Which placements survive `PlacementList`'s region test on the five race boards, worked out
/// once and written down here, so `tessera-pentomino` skips the test (a flood fill per candidate,
/// a sixth of a whole 3×20 run) at every start.
///
/// Bit `n` is the `n`-th candidate in `PlacementList.init`'s order with every orientation
/// allowed. `KnownFitsTests` checks each list against `measured(_:)` and prints `source()` if
/// they differ (say, after a change to the candidate order): paste that here.
package enum KnownFits {
    /// The verdicts for `shape` with flips allowed, or `nil` when none are written down.
    static func fits(_ shape: BoardShape) -> [UInt64]? {
        switch shape {
        case .sixByTen: [
            0xfeffff7e7efffffe, 0x7effff7f7fffff7e, 0x7efffffe7effff7f, 0x7fffff7efeffff7e,
            0xffffffffffffffff, 0xffdffffffffffffe, 0xffeffffffffdfeff, 0xffffffffffdfffff,
            0xfefffdffffffefff, 0xffbfdffffffff7fb, 0xffffe7fffffffdfe, 0xfffffbf7ffffdfbf,
            0xfffffffdfffff7ef, 0xffefeffffffff7ff, 0xffffffff7fffffff, 0xffffffeff7ffffff,
            0xffffffffffefffff, 0xfe7effffff7fffff, 0x7fffffff7efeffff, 0xffffffff007fffff,
            0xfffffff7fbfdfeff, 0xff7fff7fbfdfe00f, 0xffff7fffffffffff, 0xff7ffffffffefeff,
            0xff7f7ffffffefeff, 0xff7e7ffffffefeff, 0xfffdf7fbfffe7eff, 0xfffffeffffbfffff,
            0xffffffbfffeff7df, 0xfffff7dfeffff9f7, 0xfffffefeffff7fff, 0xffff7f7ffffffe7f,
            0xfe]
        case .fiveByTwelve: [
            0xeffbff7f9feffffe, 0xff7fbff7fdffffdf, 0xdfe7fbffff9feffd, 0xffff7ffff7fbfeff,
            0xffffbfffffffffff, 0xffeffdffdfffffff, 0xffbffffffeffffff, 0xffffff7fffffffff,
            0xfffffffbff3ffff7, 0x7fffffffeffcffdf, 0xfbfdffffbfdffffe, 0xfffff7fffeff7fff,
            0xdff7ffffffefffff, 0xffffff7fffffffff, 0xffffff7fefffffff, 0xfffffffffdffffff,
            0xff9fefffff7fffff, 0xf7ffffffdfeffbff, 0xfffffffffc007fff, 0x7ffffffeffdffb,
            0xfffff7ffff7feffc, 0xeffbffffdfffffff, 0xfeffbff7ffffffff, 0xffeffbff7fdfffff,
            0xf7fe7fbff7f9ffff, 0x7fefffffffffbfbf, 0xfdffbff7f7ffffff, 0xefeffdff9fdfffff,
            0xffbfeffdffffffff, 0xf7fdffffffe7ffff, 0xffbf]
        case .fourByFifteen: [
            0xffefff3ff9ffdffe, 0xffcfff7ff3ffdffe, 0xffbffcffe7ff7ff9, 0x1fffffffffff7ffb,
            0xe8421ffffffffc42, 0xfdffe108ffffffff, 0xfeffffff1087ffff, 0x211ffffffff8842f,
            0xffd0847fffffffe4, 0xfff7ff210bffbffd, 0xffffff7ffffffffe, 0xff7fffffffff7ffb,
            0xffffbffeffffffff, 0xfffffffbffffffff, 0x7ff9ffdfff7fffff, 0x7ffbfffffeffefff,
            0xffefffffffffe000, 0xfefff8001ffffffb, 0xfdfffffffffbffff, 0xf3ffffffffefff7f,
            0xefff3ffdfffffeff, 0xa1087ff3ff9fffff, 0xffff1087fffffdff, 0xfbfffffc4217feff,
            0xffffffff7fe8421f, 0xffffe7fffffbffcf, 0xfff3ffdf]
        case .threeByTwenty: [
            0x4210842108410842, 0x1084210841084208, 0xffffffffffff0842, 0xfffffff9ffffffff,
            0xff7fffffffefffff, 0xfffff9fffffffeff, 0x3fffffffcffff7ff, 0xffdffff88421ffff,
            0x3ffff7fffe10847f, 0x843ffffffffd0842, 0x108427ffffffff10, 0x2108508428421,
            0x1ffff88421ffffc0, 0x4212108610840000, 0x8084221084842108, 0x2108421010840210,
            0xff7fffffffefffe4, 0xfbfff9fffdffff7f, 0x842421090842fff, 0x42109]
        case .eightByEightWithHole: [
            0x3861e5e7b1863cfe, 0x61cdf7f3c618defb, 0xcfe7a3871cdf7a78, 0xefb38e1c5e7b9861,
            0xe7e7e7e77f38619d, 0x7cf9f1a3fff00fff, 0x1f3e7cdff000fffe, 0xcf1e2fff8007fd8b,
            0xcf9fff3801f7f3e7, 0xb3f7c00e7fe8f1e7, 0xdff8007ff66cf8f1, 0xff000ffd9b1e3e6c,
            0x1821f7b3e78f1e67, 0xc7decf1e3cf9bdf, 0xfdfe3c78f3fff7c2, 0xc78f1fefbf861c7f,
            0xfffff8e187f7fff3, 0xc6187ffbf63c78f9, 0xffffe7c78f1bffff, 0xa1873cff7ff8618f,
            0xce185efb9861e7e7, 0x1fc07e78619dfff3, 0xe8d0a146fffce186, 0x2c5f80fe1861cff7,
            0xffe79e185ffd8a14, 0xa1879e7f7e18679f, 0x8e1c5fff9e6187ef, 0x1e5f7f18639fefa7,
            0xde7f9c618fefa387, 0x72c78f9f27b3861c, 0xf3e3c69fffc801f7, 0x78f3a777c009ffe9,
            0x3c7c9df0033ffa7c, 0xc5fffe6007ddcb9e, 0xe7f98619fefa38f1, 0xa7861e5f7f1c638f,
            0xf]
        default: nil
        }
    }

    /// The boards with verdicts written down.
    package static let boards: [BoardShape] = [.sixByTen, .fiveByTwelve, .fourByFifteen, .threeByTwenty, .eightByEightWithHole]

    /// The verdicts worked out afresh, with the region test.
    package static func measured(_ shape: BoardShape) -> [UInt64] {
        PlacementList(geometry: BoardGeometry(shape), orientations: \.orientations).fitBits
    }

    /// The `switch` of `fits(_:)` with fresh verdicts, as Swift source.
    package static func source() -> String {
        let names: [BoardShape: String] = [.sixByTen: "sixByTen", .fiveByTwelve: "fiveByTwelve", .fourByFifteen: "fourByFifteen",
                                           .threeByTwenty: "threeByTwenty", .eightByEightWithHole: "eightByEightWithHole"]
        var lines: [String] = []
        for shape in boards {
            let words = measured(shape).map { "0x" + String($0, radix: 16) }
            var line = "        case .\(names[shape] ?? shape.id): ["
            for (index, word) in words.enumerated() {
                line += (index % 4 == 0 ? "\n            " : " ") + word + (index + 1 < words.count ? "," : "")
            }
            lines.append(line + "]")
        }
        return lines.joined(separator: "\n")
    }
}
