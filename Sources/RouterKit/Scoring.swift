/// Scoring a successful run (reference §5): a route score for the length of the drive against the
/// shortest route through every house, and an algorithm score for the block count against the
/// level's model solutions — with the original's quirks, so our scores match its scores.

public struct Score: Hashable, Codable, Sendable {
    public var route: Int
    public var algorithm: Int
    public var total: Int
    public var max: Int
    /// The two parts' maxima (0 when that score is off): the win popup shows each out of its max.
    public var routeMax: Int
    public var algorithmMax: Int
    public var message: String

    public init(route: Int, algorithm: Int, routeMax: Int, algorithmMax: Int, message: String) {
        self.route = route
        self.algorithm = algorithm
        self.total = route + algorithm
        self.max = routeMax + algorithmMax
        self.routeMax = routeMax
        self.algorithmMax = algorithmMax
        self.message = message
    }
}

public enum Scoring {
    // A score's message is English (`Score.message`); its words are the catalogues'
    // (`program.score.*`), and `words(ofMessage:)` finds them again to say it in another language.
    public static var shorterRouteMessage: String { Words.say("program.score.shorterRoute").english }
    public static var simplerProgramMessage: String { Words.say("program.score.simplerProgram").english }
    public static var shorterProgramMessage: String { Words.say("program.score.shorterProgram").english }
    public static var acedMessage: String { Words.say("program.score.aced").english }
    public static var failedMessage: String { Words.say("program.score.failed").english }
    public static var noBlockCountMessage: String { Words.say("program.score.noBlockCount").english }

    /// Every message a score can have, as words.
    package static let messages: [Words] = ["shorterRoute", "simplerProgram", "shorterProgram", "aced", "failed", "noBlockCount"]
        .map { Words.say("program.score." + $0) }

    /// The words of a score's (English) message, to say it in another language; a message that is
    /// none of ours is said as it is.
    package static func words(ofMessage message: String) -> Words {
        messages.first { $0.english == message } ?? .verbatim(message)
    }

    /// The algorithm part's maximum on `level`: off (0) on Python-only levels, as the original
    /// switches it off for its Python levels (Python is not counted in blocks), and on levels
    /// without model solutions to measure against; else the level's own.
    public static func algorithmMax(for level: Level) -> Int {
        if level.pythonEnabled && !level.blocklyEnabled { return 0 }
        return level.scoring.modelSolutions.isEmpty ? 0 : level.scoring.algorithmMax
    }

    /// The most a run can score on `level` (what `Level.fullScore`, the scoreboard and progress use).
    public static func fullScore(_ level: Level) -> Int { level.scoring.routeMax + algorithmMax(for: level) }

    /// The score of a run. A failed run scores 0 (out of the usual maximum). `blockCount` is the
    /// program's block count with the original's counting quirks (the program side computes it);
    /// nil for Python that blocks cannot say, which earns no algorithm points (out of the usual maximum).
    public static func score(level: Level, outcome: RunOutcome, visitedNodes: [Coordinate], blockCount: Int?) -> Score {
        let routeMax = level.scoring.routeMax
        let algorithmMax = algorithmMax(for: level)
        guard outcome.success else {
            return Score(route: 0, algorithm: 0, routeMax: routeMax, algorithmMax: algorithmMax, message: failedMessage)
        }
        let route = routeScore(level: level, visitedNodes: visitedNodes)
        let initial = algorithmMax > 0
            ? initialAlgorithmScore(blockCount: blockCount ?? Int.max, modelSolutions: level.scoring.modelSolutions, max: algorithmMax)
            : nil
        let algorithm = initial.map { finalAlgorithmScore(initial: $0, max: algorithmMax) } ?? 0
        // The original's order: a long route first, then a too short or too long program.
        let message: String
        if route < routeMax {
            message = shorterRouteMessage
        } else if let initial, initial > algorithmMax {
            message = shorterProgramMessage
        } else if let initial, initial < algorithmMax {
            message = simplerProgramMessage
        } else {
            message = acedMessage
        }
        return Score(route: route, algorithm: algorithm, routeMax: routeMax, algorithmMax: algorithmMax, message: message)
    }

    /// max(0, routeMax − (travelled + 2 − optimal)) with travelled = visited − 2, i.e. one point off
    /// per tile beyond the shortest route; 0 when the route score is off or no route exists. Capped at
    /// routeMax, which only matters for visited lists that do not come from a successful run.
    public static func routeScore(level: Level, visitedNodes: [Coordinate]) -> Int {
        let routeMax = level.scoring.routeMax
        guard routeMax > 0, let optimal = shortestRoute(level: level) else { return 0 }
        return Swift.min(routeMax, Swift.max(0, routeMax - (visitedNodes.count - optimal)))
    }

    /// `max − (blocks − m)` for the model count m nearest to `blockCount` with |blocks − m| < max
    /// (the first such on ties), else 0. Inputs are clamped so no arithmetic can overflow.
    public static func initialAlgorithmScore(blockCount: Int, modelSolutions: [Int], max: Int) -> Int {
        let blocks = Swift.min(Swift.max(blockCount, 0), 1_000_000)
        var score = 0
        var nearest = max
        for model in modelSolutions {
            let difference = blocks - Swift.min(Swift.max(model, 0), 1_000_000)
            if abs(difference) < nearest {
                nearest = abs(difference)
                score = max - difference
            }
        }
        return score
    }

    /// The original's quirk (issue #1123): a program shorter than the model gets an initial score
    /// above the maximum, which is folded back (10 − (init mod 10)); twice the maximum or more is 0.
    public static func finalAlgorithmScore(initial: Int, max: Int) -> Int {
        guard max > 0 else { return 0 }
        if initial >= 2 * max { return 0 }
        if initial > max { return Swift.max(0, max - initial % max) }
        return Swift.max(0, initial)
    }

    /// The fewest tiles (both ends counted) on a drive from road[0] through every house, in the
    /// best order. nil if a house is off the road or unreachable, or the level has no house or more
    /// than `LevelLimits.destinations`. BFS legs, then Held–Karp over the orders (2^k·k² steps).
    public static func shortestRoute(level: Level) -> Int? {
        let road = level.road
        guard !road.isEmpty else { return nil }
        var tileAt: [Coordinate: Int] = [:]
        for (index, node) in road.enumerated() where tileAt[node.coordinate] == nil { tileAt[node.coordinate] = index }
        var targets: [Int] = []
        for house in level.destinations {
            guard let tile = tileAt[house] else { return nil }
            if !targets.contains(tile) { targets.append(tile) }
        }
        guard !targets.isEmpty, targets.count <= LevelLimits.destinations else { return nil }

        let fromStart = distances(from: 0, road: road)
        let between = targets.map { distances(from: $0, road: road) }
        let count = targets.count
        // Legs in edges; -1 = unreachable.
        var leg = [Int](repeating: -1, count: count * count)
        var first = [Int](repeating: -1, count: count)
        for a in 0..<count {
            first[a] = fromStart[targets[a]]
            for b in 0..<count { leg[a * count + b] = between[a][targets[b]] }
        }
        if first.contains(-1) { return nil }
        guard let edges = cheapestOrder(first: first, leg: leg, count: count) else { return nil }
        return edges + 1
    }

    /// Breadth-first distances (in edges) from one tile; -1 where unreachable. Ignores bad indices.
    private static func distances(from start: Int, road: [RoadNode]) -> [Int] {
        var distance = [Int](repeating: -1, count: road.count)
        distance[start] = 0
        var queue = [start]
        var next = 0
        while next < queue.count {
            let tile = queue[next]
            next += 1
            for neighbour in road[tile].connections where road.indices.contains(neighbour) && distance[neighbour] < 0 {
                distance[neighbour] = distance[tile] + 1
                queue.append(neighbour)
            }
        }
        return distance
    }

    /// Held–Karp: best[mask][last] = fewest edges from the start through the houses in `mask`,
    /// ending at `last`. Edge counts stay below 2^16 (≤ 16 legs of < 80 edges), so UInt16 halves
    /// the table. The loops walk set bits only; 16 houses take about 40 ms, and every house more
    /// doubles that (hence `LevelLimits.destinations`).
    private static func cheapestOrder(first: [Int], leg: [Int], count: Int) -> Int? {
        let unknown = UInt16.max
        let full = 1 << count
        let all = full - 1
        var best = [UInt16](repeating: unknown, count: full * count)
        let legs = leg.map { $0 < 0 ? unknown : UInt16(clamping: $0) }
        for house in 0..<count where first[house] >= 0 { best[(1 << house) * count + house] = UInt16(clamping: first[house]) }
        for mask in 1..<full {
            var lasts = mask
            while lasts != 0 {
                let last = lasts.trailingZeroBitCount
                lasts &= lasts - 1
                let sofar = best[mask * count + last]
                guard sofar != unknown else { continue }
                var nexts = all & ~mask
                while nexts != 0 {
                    let next = nexts.trailingZeroBitCount
                    nexts &= nexts - 1
                    let step = legs[last * count + next]
                    guard step != unknown else { continue }
                    // Both are < 1,300 here, so the sum cannot wrap.
                    let total = sofar &+ step
                    let slot = (mask | (1 << next)) * count + next
                    if total < best[slot] { best[slot] = total }
                }
            }
        }
        let ends = (0..<count).map { best[all * count + $0] }.filter { $0 != unknown }
        return ends.min().map(Int.init)
    }
}
