import GridKit

/// What `MazeSVG.render` draws.
public struct MazeSVGOptions: Hashable, Sendable {
    /// Draw the shortest start → exit route.
    public var showPath: Bool
    /// Colour each room by its steps from the start, with a legend under the maze.
    public var heat: Bool
    /// Pixels per tile for the `width` and `height` attributes; the `viewBox` is in tiles, so the
    /// picture scales without loss whatever this is.
    public var squareSize: Int
    /// The least width in pixels: a small maze gets larger tiles instead, so it and the heat
    /// legend's words open at a readable size (a 5 × 5 maze at 12 pixels a tile is 84 wide, and its
    /// legend's words under 6 pixels high).
    public var minimumWidth: Int
    /// The document's `<title>` (escaped when written).
    public var title: String

    public init(showPath: Bool = true, heat: Bool = false, squareSize: Int = 12, minimumWidth: Int = 240,
                title: String = "Maze") {
        self.showPath = showPath
        self.heat = heat
        self.squareSize = squareSize
        self.minimumWidth = minimumWidth
        self.title = title
    }
}

/// A standalone SVG document of an explored maze: the same look as the page's SVG download (walls
/// are the ground, rooms are painted over them, doors and the exit are marks, a dot for the start),
/// built as plain text so MazeKit needs no XML library.
///
/// Size: a 201 × 201 maze has about 20,000 rooms. Rooms of one colour are drawn as one `<path>` of
/// 1-tile-wide strokes, one stroke per horizontal run of rooms and one per vertical run of the rooms
/// left over, so a corridor costs one short command however long it is.
public enum MazeSVG {
    // The page's screen palette (maze-picture.js), so a kept file looks like the screen.
    static let wallColour = "#2f3948", roomColour = "#f4f1e8", doorColour = "#8b5a2b"
    static let exitColour = "#2f9e5b", startColour = "#3056d3", pathColour = "#e4572e"
    /// Heat colours are rounded to this many steps: neighbouring rooms then share a colour and
    /// merge into runs (continuous colours would cost one stroke per room), and 48 steps still
    /// read as a smooth gradient.
    static let heatLevels = 48

    public static func render(_ maze: ExploredMaze, options: MazeSVGOptions = MazeSVGOptions()) -> String {
        let size = max(1, min(options.squareSize, 1_000))
        guard let bounds = maze.bounds else {
            return document(width: 1, height: 1, size: size, title: options.title,
                            body: rect(x: "0", y: "0", width: "1", height: "1", fill: wallColour))
        }
        // Tile (0, 0) is the outer wall's corner: the bounding box plus a one-tile border, as in
        // `textRows`. Coordinates are steps from the start, bounded by the room count, so the
        // wrapping operators never wrap in practice; they only keep bad input from trapping.
        let left = bounds.cols.lowerBound &- 1, top = bounds.rows.lowerBound &- 1
        let cols = bounds.cols.upperBound &- left &+ 2, rows = bounds.rows.upperBound &- top &+ 2
        let tile = { (square: Square) in (x: square.col &- left, y: square.row &- top) }
        let wanted = Double(max(0, min(options.minimumWidth, 4_000)))
        let tileSize = max(size, Int((wanted / Double(max(1, cols))).rounded(.up)))

        let steps = options.heat ? maze.stepsFromStart() : [:]
        let farthest = steps.values.max() ?? 0
        let level: (Square) -> Int = { square in
            guard let count = steps[square] else { return -1 }
            return farthest == 0 ? 0 : Int((Double(count) / Double(farthest) * Double(heatLevels - 1)).rounded())
        }

        var body = rect(x: "0", y: "0", width: "\(cols)", height: "\(rows)", fill: wallColour)
        let strokes = roomStrokes(maze, level: level, tile: tile)
        for key in strokes.keys.sorted() {
            let colour = key < 0 ? roomColour : heatColour(Double(key) / Double(heatLevels - 1))
            body += "<path stroke=\"\(colour)\" d=\"\(strokes[key] ?? "")\"/>\n"
        }
        body += marks(maze, tile: tile)
        if options.showPath, let path = maze.shortestPath(), path.count > 1 {
            let data = routeData(path.map(tile))
            let line = "fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\" shape-rendering=\"geometricPrecision\""
            // On the heat map the far rooms are nearly the route's own red: a white casing keeps it visible.
            if options.heat { body += "<path d=\"\(data)\" stroke=\"#ffffff\" stroke-width=\".5\" \(line)/>\n" }
            body += "<path id=\"route\" d=\"\(data)\" stroke=\"\(pathColour)\" stroke-width=\".34\" \(line)/>\n"
        }
        if maze[ExploredMaze.start] != nil {
            let start = tile(ExploredMaze.start)
            body += "<circle cx=\"\(start.x).5\" cy=\"\(start.y).5\" r=\".32\" fill=\"\(startColour)\" shape-rendering=\"geometricPrecision\"/>\n"
        }
        body += locators(maze, cols: cols, rows: rows, tile: tile)
        var height = Double(rows)
        if options.heat {
            let (legend, legendHeight) = heatLegend(cols: cols, top: rows, farthest: farthest)
            body += legend
            height += legendHeight
        }
        return document(width: cols, height: height, size: tileSize, title: options.title, body: body)
    }

    /// `#rrggbb` for a fraction 0…1 of the farthest distance: blue (near) through green and yellow
    /// to red (far), lighter near the start; the page's `heatColour` ramp in hex, which every SVG
    /// viewer reads (CSS 4's space-separated `hsl()` is not read everywhere).
    public static func heatColour(_ fraction: Double) -> String {
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
        return hex(hue: 200 - 200 * f, saturation: 0.85, lightness: 0.78 - 0.30 * f)
    }

    /// `text` with XML's special characters escaped and the characters XML 1.0 forbids dropped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: Parts

    private static func document(width: Int, height: Double, size: Int, title: String, body: String) -> String {
        let pixelsHigh = Int((height * Double(size)).rounded(.up))
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(number(height))" \
        width="\(width &* size)" height="\(pixelsHigh)" role="img" aria-labelledby="title">
        <title id="title">\(escaped(title))</title>
        <g shape-rendering="crispEdges" fill="none" stroke-width="1">
        \(body)</g>
        </svg>

        """
    }

    private static func rect(x: String, y: String, width: String, height: String, fill: String) -> String {
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" fill=\"\(fill)\"/>\n"
    }

    /// Path data per colour level (-1: the plain room colour). Rooms in horizontal runs of two or
    /// more are one stroke along the row; the rest (rooms of vertical corridors) are gathered into
    /// vertical strokes along their column.
    private static func roomStrokes(_ maze: ExploredMaze, level: (Square) -> Int,
                                    tile: (Square) -> (x: Int, y: Int)) -> [Int: String] {
        var byRow: [Int: [Int]] = [:]
        for square in maze.rooms.keys { byRow[square.row, default: []].append(square.col) }
        var data: [Int: String] = [:]
        var single: [Int: [(row: Int, level: Int)]] = [:]
        for row in byRow.keys.sorted() {
            let cols = (byRow[row] ?? []).sorted()
            var index = 0
            while index < cols.count {
                let first = Square(row: row, col: cols[index]), key = level(first)
                var end = index
                while end + 1 < cols.count, cols[end + 1] == cols[end] &+ 1,
                      level(Square(row: row, col: cols[end + 1])) == key { end += 1 }
                if end > index {
                    let at = tile(first)
                    data[key, default: ""] += "M\(at.x) \(at.y).5h\(end - index + 1)"
                } else {
                    single[first.col, default: []].append((row, key))
                }
                index = end + 1
            }
        }
        for col in single.keys.sorted() {
            let cells = single[col] ?? [] // already in row order: rows were visited in order
            var index = 0
            while index < cells.count {
                var end = index
                while end + 1 < cells.count, cells[end + 1].row == cells[end].row &+ 1,
                      cells[end + 1].level == cells[index].level { end += 1 }
                let at = tile(Square(row: cells[index].row, col: col))
                data[cells[index].level, default: ""] += "M\(at.x).5 \(at.y)v\(end - index + 1)"
                index = end + 1
            }
        }
        return data
    }

    /// Doors as a bar across their passage, the exit as a square; one `<path>` each.
    private static func marks(_ maze: ExploredMaze, tile: (Square) -> (x: Int, y: Int)) -> String {
        var doors = "", exits = ""
        for room in maze.rooms.values.sorted(by: { $0.coordinate < $1.coordinate }) {
            let at = tile(room.coordinate)
            switch room.type {
            case .door:
                // Open east or west: the passage runs across the picture, so the bar stands upright.
                let sides = room.openSides
                doors += sides.contains(.east) || sides.contains(.west)
                    ? "M\(at.x).3 \(at.y).1h.4v.8h-.4z" : "M\(at.x).1 \(at.y).3h.8v.4h-.8z"
            case .exit: exits += "M\(at.x).15 \(at.y).15h.7v.7h-.7z"
            case .empty: break
            }
        }
        var out = ""
        if !doors.isEmpty { out += "<path id=\"doors\" fill=\"\(doorColour)\" d=\"\(doors)\"/>\n" }
        if !exits.isEmpty { out += "<path id=\"exit\" fill=\"\(exitColour)\" d=\"\(exits)\"/>\n" }
        return out
    }

    /// On a large maze the start's dot and the exit's square are a few pixels when the picture
    /// fits a screen: a ring around each, sized to the maze, shows where they are.
    private static func locators(_ maze: ExploredMaze, cols: Int, rows: Int,
                                 tile: (Square) -> (x: Int, y: Int)) -> String {
        let radius = Double(max(cols, rows)) / 70
        guard radius >= 1 else { return "" }
        var out = ""
        for (square, colour) in [(ExploredMaze.start, startColour), (maze.exit, exitColour)] {
            guard let square, maze[square] != nil else { continue }
            let at = tile(square)
            // A white ring under the coloured one: the exit's green would vanish among green heat rooms.
            for (stroke, width) in [("#ffffff", radius / 2.5), (colour, radius / 4)] {
                out += "<circle cx=\"\(at.x).5\" cy=\"\(at.y).5\" r=\"\(number(radius))\" fill=\"none\" stroke=\"\(stroke)\" "
                    + "stroke-width=\"\(number(width))\" shape-rendering=\"geometricPrecision\"/>\n"
            }
        }
        return out
    }

    /// Tile centres joined by lines, one command per straight stretch rather than per room.
    private static func routeData(_ points: [(x: Int, y: Int)]) -> String {
        guard let first = points.first else { return "" }
        var data = "M\(first.x).5 \(first.y).5"
        for index in points.indices.dropFirst() {
            let point = points[index], previous = points[index - 1]
            let isLast = index == points.count - 1
            if !isLast {
                // Skip a point that continues the previous step's direction.
                let next = points[index + 1]
                if next.x &- point.x == point.x &- previous.x, next.y &- point.y == point.y &- previous.y { continue }
            }
            // `previous` may be a skipped point, but it lies on the same straight stretch.
            data += point.y == previous.y ? "H\(point.x).5" : point.x == previous.x ? "V\(point.y).5" : "L\(point.x).5 \(point.y).5"
        }
        return data
    }

    /// A caption, the gradient and its two ends, under the maze on a light strip; returns the
    /// markup and its height in tiles. It grows with the maze (a 40th of its width) so it stays
    /// readable when a large maze is shown shrunk to a screen, and shrinks for narrow mazes.
    private static func heatLegend(cols: Int, top: Int, farthest: Int) -> (String, Double) {
        let font = min(max(1, Double(cols) / 40), Double(max(1, cols - 2)) / 11)
        let height = font * 3.8, y = Double(top)
        let stops = [0, 0.25, 0.5, 0.75, 1].map { "<stop offset=\"\(number($0))\" stop-color=\"\(heatColour($0))\"/>" }
        var out = "<defs><linearGradient id=\"heat-scale\">\(stops.joined())</linearGradient></defs>\n"
        out += rect(x: "0", y: number(y), width: "\(cols)", height: number(height), fill: roomColour)
        out += "<rect id=\"heat-bar\" x=\"1\" y=\"\(number(y + font * 1.4))\" width=\"\(max(1, cols - 2))\" "
            + "height=\"\(number(font))\" fill=\"url(#heat-scale)\"/>\n"
        let text = { (x: Int, baseline: Double, anchor: String, words: String) in
            "<text x=\"\(x)\" y=\"\(number(y + baseline))\" text-anchor=\"\(anchor)\">\(escaped(words))</text>"
        }
        out += "<g font-family=\"sans-serif\" font-size=\"\(number(font))\" fill=\"\(wallColour)\" stroke=\"none\">"
            + text(1, font * 1.1, "start", "Steps from the start")
            + text(1, font * 3.3, "start", "0")
            + text(max(1, cols - 1), font * 3.3, "end", farthest == 1 ? "1 step" : "\(farthest) steps")
            + "</g>\n"
        return (out, height)
    }

    /// At most two decimals, no trailing zeros: "3", "2.5", "0.34".
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, fraction = abs(hundredths % 100)
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        return "\(sign)\(whole)." + (digits.hasSuffix("0") ? String(digits.dropLast()) : digits)
    }

    private static func hex(hue: Double, saturation: Double, lightness: Double) -> String {
        // The standard HSL → RGB conversion (CSS Color 4, "hsl-to-rgb").
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let channel = { (n: Double) -> Double in
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            return lightness - chroma / 2 * max(-1, min(k - 3, 9 - k, 1))
        }
        let digits = Array("0123456789abcdef")
        return "#" + [channel(0), channel(8), channel(4)].map { value -> String in
            let byte = Int((min(1, max(0, value)) * 255).rounded())
            return String([digits[byte / 16], digits[byte % 16]])
        }.joined()
    }
}

extension ExploredMaze {
    /// Steps from the start to every room reachable from it (doors passable), by breadth-first
    /// search; empty when there is no start room.
    public func stepsFromStart() -> [Square: Int] {
        guard self[Self.start] != nil else { return [:] }
        var steps: [Square: Int] = [Self.start: 0]
        var queue = [Self.start], index = 0
        while index < queue.count {
            let square = queue[index], here = steps[square] ?? 0
            index += 1
            for next in neighbours(of: square) where steps[next] == nil {
                steps[next] = here + 1
                queue.append(next)
            }
        }
        return steps
    }
}
