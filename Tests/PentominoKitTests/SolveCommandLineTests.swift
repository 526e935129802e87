import Foundation
import Testing
@testable import PentominoKit
@testable import PentominoSearch

/// The output `tessera pentomino solve` and `tessera-pentomino` share, and the small executable's
/// own option parsing.
@Suite("Solve command line")
struct SolveCommandLineTests {
    private func json(_ request: SolveCommandLine.Request) throws -> [String: Any] {
        let text = SolveCommandLine.run(request)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    @Test("JSON has both counts, with --distinct and without", arguments: [
        (BoardShape.fourByFifteen, 1472, 368), (.threeByTwenty, 8, 2), (.eightByEightWithHole, 520, 65),
    ])
    func jsonCounts(shape: BoardShape, raw: Int, distinct: Int) throws {
        for asked in [true, false] {
            let report = try json(.init(shape: shape, distinct: asked, print: 2, json: true))
            #expect(report["board"] as? String == shape.id)
            #expect(report["solutions"] as? Int == raw)
            #expect(report["distinct"] as? Int == distinct)
            #expect(report["searched"] as? String == (asked ? "distinct" : "all"))
            #expect(report["flips"] as? Bool == true)
            #expect((report["seconds"] as? Double).map { $0 >= 0 } == true)
            let printed = try #require(report["printed"] as? [[String]])
            #expect(printed.count == 2)
            #expect(printed.allSatisfy { $0.count == shape.rows && $0.allSatisfy { $0.count == shape.cols } })
        }
    }

    @Test func printedGridsAreTheAskedKind() throws {
        // Raw mode prints a solution and its turned/mirrored images; distinct mode one per family.
        let all = try #require(try json(.init(shape: .threeByTwenty, print: 8, json: true))["printed"] as? [[String]])
        let families = try #require(try json(.init(shape: .threeByTwenty, distinct: true, print: 8, json: true))["printed"] as? [[String]])
        #expect(all.count == 8 && Set(all).count == 8)
        #expect(families.count == 2)
        #expect(Set(families.map(canonicalForm)).count == 2)
    }

    @Test func textNamesBothCounts() {
        let text = SolveCommandLine.run(.init(shape: .threeByTwenty, distinct: true, print: 1))
        #expect(text.hasPrefix("3x20: 8 solutions, 2 distinct\ntime: "))
        #expect(text.contains("distinct solution 1:\n"))
        let noFlip = SolveCommandLine.run(.init(shape: .fourByFifteen, flips: false, print: 0))
        #expect(noFlip.hasPrefix("4x15 (no flips): 12 solutions, 6 distinct\n"))
    }

    @Test func parsesOptions() throws {
        #expect(try SolveCommandLine.parse([]) == .solve(.init()))
        #expect(try SolveCommandLine.parse(["--board=5x12", "--distinct", "--json", "--print", "0", "--threads", "2", "--no-flip"])
            == .solve(.init(shape: .fiveByTwelve, distinct: true, flips: false, print: 0, threads: 2, json: true)))
        #expect(try SolveCommandLine.parse(["--board", "8x8-hole"]) == .solve(.init(shape: .eightByEightWithHole)))
        #expect(try SolveCommandLine.parse(["--version"]) == .version)
        #expect(try SolveCommandLine.parse(["-h"]) == .help)
    }

    @Test func takesADrawnBoard() throws {
        let thinL = Array(repeating: "...#########", count: 8) + Array(repeating: "............", count: 3)
        let id = "drawn:" + thinL.joined(separator: "/")
        #expect(try SolveCommandLine.parse(["--board", id]) == .solve(.init(shape: try BoardShape.drawn(rows: thinL))))
        #expect(SolveCommandLine.run(.init(shape: try BoardShape.drawn(rows: thinL), print: 0)).hasPrefix(id + ": 15 solutions, 15 distinct"))
        #expect(throws: SolveCommandLine.UsageError(description: "Board 'drawn:...': a drawn board needs exactly 60 cells, not 3.")) {
            try SolveCommandLine.parse(["--board", "drawn:..."])
        }
    }

    @Test func mistakesSayWhatToType() {
        #expect(throws: SolveCommandLine.UsageError(description: "Unknown board '7x9': use one of 6x10, 5x12, 4x15, 3x20, 8x8, 8x8-corner, 8x8-side, 8x8-offcentre, 8x8-corners, 8x8-four.")) {
            try SolveCommandLine.parse(["--board", "7x9"])
        }
        #expect(throws: SolveCommandLine.UsageError(description: "--threads must be a whole number from 1 to 64, not '0'.")) {
            try SolveCommandLine.parse(["--threads", "0"])
        }
        #expect(throws: SolveCommandLine.UsageError(description: "--print needs a value.")) {
            try SolveCommandLine.parse(["--print"])
        }
        #expect(throws: SolveCommandLine.UsageError(description: "Unknown option '--fast'. Try --help.")) {
            try SolveCommandLine.parse(["--fast"])
        }
    }

    @Test func decimalsAndEscapes() {
        #expect(SolveCommandLine.decimal(0.0425, places: 3) == "0.043" || SolveCommandLine.decimal(0.0425, places: 3) == "0.042")
        #expect(SolveCommandLine.decimal(1.5, places: 3) == "1.500")
        #expect(SolveCommandLine.decimal(0.0004, places: 3) == "0.000")
        #expect(SolveCommandLine.jsonString("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u0001\"")
    }
}
