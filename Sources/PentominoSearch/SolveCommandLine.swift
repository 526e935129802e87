/// `pentomino solve` as plain functions: its options, one search, and the text or JSON it prints.
///
/// Both `tessera pentomino solve` and the small `tessera-pentomino` executable print through
/// here, so their output is the same. Nothing here touches Foundation: the small executable's
/// start-up stays a few hundred microseconds (no Foundation, no ArgumentParser, no server).
public enum SolveCommandLine {
    /// What one run asks for.
    public struct Request: Sendable, Hashable {
        public var shape: BoardShape = .sixByTen
        /// Print distinct solutions (the counts always show both).
        public var distinct = false
        public var flips = true
        public var print = 1
        public var threads = 1
        public var json = false

        public init(shape: BoardShape = .sixByTen, distinct: Bool = false, flips: Bool = true,
                    print: Int = 1, threads: Int = 1, json: Bool = false) {
            self.shape = shape
            self.distinct = distinct
            self.flips = flips
            self.print = print
            self.threads = threads
            self.json = json
        }
    }

    /// What the command line asked for beyond a search.
    public enum Parsed: Sendable, Hashable {
        case solve(Request)
        case help
        case version
    }

    /// A mistake on the command line, said so the person knows what to type instead.
    public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String
    }

    public static let version = "1.0"

    public static let usage = """
        Usage: tessera-pentomino [--board 6x10|5x12|4x15|3x20|8x8|drawn:ROWS] [--distinct] [--no-flip]
                                 [--print N] [--threads N] [--json]
        Counts every solution of a pentomino board, raw and distinct, with one search.
          --board     the board: 6x10 (default), 5x12, 4x15, 3x20, 8x8 (with a 2×2 hole) or another
                      named board, or drawn:ROWS (rows of . for a cell and # for none, joined by /)
          --distinct  print distinct solutions (one per family of turned/mirrored boards)
          --no-flip   tiles may be turned but not turned over
          --print N   how many solutions to print as letter grids (default 1)
          --threads N worker threads, 1 to 64 (default 1)
          --json      print one JSON object: board, solutions (raw), distinct, seconds, printed grids
        """

    /// Reads the arguments (without the program name); `--name value` and `--name=value` both work.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var request = Request()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            var name = argument
            var attached: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let attached { return attached }
                guard let next = rest.popFirst() else { throw UsageError(description: "\(name) needs a value.") }
                return next
            }
            func number(in range: ClosedRange<Int>) throws(UsageError) -> Int {
                let text = try value()
                guard let number = Int(text), range.contains(number) else {
                    throw UsageError(description: "\(name) must be a whole number from \(range.lowerBound)"
                        + (range.upperBound == Int.max ? " up" : " to \(range.upperBound)") + ", not '\(text)'.")
                }
                return number
            }
            switch name {
            case "--board", "-b":
                let text = try value()
                if text.lowercased().hasPrefix(DrawnBoard.idPrefix) {
                    do {
                        request.shape = try BoardShape.parse(text.lowercased())
                    } catch {
                        throw UsageError(description: "Board '\(text)': \(error.description).")
                    }
                    continue
                }
                guard let shape = BoardShape(id: text) else {
                    throw UsageError(description: "Unknown board '\(text)': use one of "
                        + BoardShape.allCases.map(\.id).joined(separator: ", ") + ".")
                }
                request.shape = shape
            case "--distinct": request.distinct = true
            case "--no-flip": request.flips = false
            case "--json": request.json = true
            case "--print": request.print = try number(in: 0...Int.max)
            case "--threads": request.threads = try number(in: 1...64)
            case "--help", "-h": return .help
            case "--version": return .version
            default: throw UsageError(description: "Unknown option '\(argument)'. Try --help.")
            }
        }
        return .solve(request)
    }

    /// Runs the one search `request` needs and returns what to print.
    public static func run(_ request: Request) -> String {
        let started = MonotonicClock.nanoseconds()
        // One search: it finds the families, and the raw solutions are their turns and mirror
        // images (`SolveResult.rawCount`), so both counts come out of it whichever was asked.
        let result = PentominoSolver.solve(shape: request.shape, flips: request.flips, distinct: request.distinct,
                                           keep: request.print, threads: request.threads)
        let seconds = Double(MonotonicClock.nanoseconds() &- started) * 1e-9
        return output(request, result: result, seconds: seconds)
    }

    /// The text or JSON for a finished search.
    public static func output(_ request: Request, result: SolveResult, seconds: Double) -> String {
        let shown = result.solutions.prefix(request.print)
        if request.json {
            let grids = shown.map { solution in
                "[" + solution.rows.map(jsonString).joined(separator: ",") + "]"
            }
            return "{\"board\":\(jsonString(request.shape.id)),\"flips\":\(request.flips)"
                + ",\"solutions\":\(result.rawCount),\"distinct\":\(result.distinctCount)"
                + ",\"searched\":\(jsonString(request.distinct ? "distinct" : "all"))"
                + ",\"seconds\":\(seconds),\"threads\":\(request.threads),\"nodes\":\(result.nodes)"
                + ",\"printed\":[" + grids.joined(separator: ",") + "]}"
        }
        var lines = ["\(request.shape.id)\(request.flips ? "" : " (no flips)"): \(result.rawCount) solutions, "
                     + "\(result.distinctCount) distinct"]
        lines.append("time: \(decimal(seconds, places: 3)) s on \(request.threads) thread\(request.threads == 1 ? "" : "s")")
        for (index, solution) in shown.enumerated() {
            lines.append("\n\(request.distinct ? "distinct " : "")solution \(index + 1):\n\(solution.text)")
        }
        // Joined by hand: `joined(separator:)` looks up an associated type at run time the first
        // time it is called (90,000 instructions, 4% of a 3×20 run of `tessera-pentomino`).
        var text = ""
        for (index, line) in lines.enumerated() {
            if index > 0 { text += "\n" }
            text += line
        }
        return text
    }

    /// `value` with `places` decimals, without Foundation's `String(format:)`.
    static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite, value >= 0, value < 1e12 else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let divisor = Int(scale)
        let fraction = String(scaled % divisor)
        return "\(scaled / divisor)." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// A JSON string literal (the grids are letters, but any text is escaped correctly).
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
