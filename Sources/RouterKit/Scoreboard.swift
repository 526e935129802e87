import Foundation

/// How a class is doing on one episode: its pupils × the episode's levels, from their progress.
/// The coded form is the API's (`GET /api/classes/{id}/scoreboard`), so the server, the CLI and a
/// Swift client read the same thing; `csv` is the download of the same table.
public struct Scoreboard: Codable, Equatable, Sendable {
    /// The class: `id`, `name`, and the `code` its pupils sign in with.
    public struct Group: Codable, Equatable, Sendable {
        public var id: String
        public var name: String
        public var code: String
    }

    public struct EpisodeName: Codable, Equatable, Sendable {
        public var number: Int
        public var name: String
    }

    public struct Column: Codable, Equatable, Sendable {
        public var id: String
        public var name: String
        /// The full score of the level.
        public var max: Int
    }

    /// A played level: the pupil's result and its stars.
    public typealias Cell = PlayerProgress.LevelResult.Shown

    public struct PupilTotal: Codable, Equatable, Sendable {
        public var best = 0
        public var max = 0
        public var stars = 0
        public var solved = 0
        public var attempts = 0
        public var seconds = 0.0
    }

    public struct Row: Codable, Equatable, Sendable {
        public var id: String
        public var name: String
        /// Only the levels played, by level id.
        public var levels: [String: Cell]
        public var total: PupilTotal
    }

    public struct LevelTotal: Codable, Equatable, Sendable {
        public var played = 0
        public var solved = 0
        public var attempts = 0
        public var stars = 0
        public var seconds = 0.0
    }

    /// A pupil as the scoreboard needs them: who, and their progress (nil: never played).
    public typealias Player = (id: String, name: String, progress: PlayerProgress?)

    public var `class`: Group
    public var episode: EpisodeName
    public var episodes: [EpisodeName]
    public var levels: [Column]
    public var pupils: [Row]
    public var levelTotals: [String: LevelTotal]

    /// The board of `episode` (one of `LevelCatalog.episodes`) for these pupils, sorted by name.
    /// Sums saturate: counts come back from storage, which this type does not control.
    public init(class group: (id: String, name: String, code: String), episode: Episode, pupils players: [Player]) {
        self.class = Group(id: group.id, name: group.name, code: group.code)
        self.episode = EpisodeName(number: episode.number, name: episode.name)
        episodes = LevelCatalog.episodes.map { EpisodeName(number: $0.number, name: $0.name) }
        levels = episode.levelIDs.compactMap(LevelCatalog.level(id:)).map { Column(id: $0.id, name: $0.name, max: $0.fullScore) }
        let fullMarks = levels.reduce(0) { $0 &+ $1.max }
        var totals = Dictionary(uniqueKeysWithValues: levels.map { ($0.id, LevelTotal()) })
        pupils = players.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }.map { pupil in
            var cells: [String: Cell] = [:]
            var total = PupilTotal(max: fullMarks)
            for column in Self.columns(episode) {
                guard let result = pupil.progress?.levels[column] else { continue }
                cells[column] = Cell(result)
                total.best = total.best.addingSaturated(result.best)
                total.stars = total.stars.addingSaturated(result.stars)
                total.solved += result.solved ? 1 : 0
                total.attempts = total.attempts.addingSaturated(result.attempts)
                total.seconds += result.seconds
                var levelTotal = totals[column] ?? LevelTotal()
                levelTotal.played += 1
                levelTotal.solved += result.solved ? 1 : 0
                levelTotal.attempts = levelTotal.attempts.addingSaturated(result.attempts)
                levelTotal.stars += result.stars
                levelTotal.seconds += result.seconds
                totals[column] = levelTotal
            }
            return Row(id: pupil.id, name: pupil.name, levels: cells, total: total)
        }
        levelTotals = totals
    }

    private static func columns(_ episode: Episode) -> [String] { episode.levelIDs.filter { LevelCatalog.level(id: $0) != nil } }

    /// The table as CSV (RFC 4180): a header, then one row per pupil — each level's best score
    /// (empty when never played), then the totals. Text that a spreadsheet would run as a
    /// formula (starting with `=`, `+`, `-`, `@`) is prefixed with `'`.
    public var csv: String {
        var lines = [(["Pupil"] + levels.map { "\($0.name) (out of \($0.max))" }
                      + ["Total score", "Out of", "Stars", "Levels solved", "Attempts", "Minutes played"]).map(Self.field)]
        for pupil in pupils {
            let scores = levels.map { pupil.levels[$0.id].map { String($0.result.best) } ?? "" }
            let totals = [pupil.total.best, pupil.total.max, pupil.total.stars, pupil.total.solved, pupil.total.attempts].map(String.init)
                + [String(format: "%.1f", pupil.total.seconds / 60)]
            lines.append(([Self.field(pupil.name)] + scores + totals))
        }
        return lines.map { $0.joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func field(_ text: String) -> String {
        let safe = text.first.map { "=+-@".contains($0) } == true ? "'" + text : text
        guard safe.contains(where: { ",\"\r\n".contains($0) }) else { return safe }
        return "\"" + safe.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension Level {
    /// The most a run can score here: the route score, and the algorithm score when it is on
    /// (`Scoring.algorithmMax(for:)`: never on Python-only levels; only with model solutions).
    public var fullScore: Int { Scoring.fullScore(self) }
}

extension Int {
    /// `self + other`, stopping at `Int.max` / `Int.min` instead of trapping.
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
