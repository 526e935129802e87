import Foundation
import GridKit
import Hummingbird
import PentominoKit
import Synchronization
import TesseraStore

/// Puzzles that start with tiles given: a difficulty when creating one, and the daily puzzle.
///
/// The daily puzzle is made from its UTC day alone (`DailyPuzzle`), so every node answers the same
/// one without storing or sharing anything: `GET /api/pentomino/daily` shows it under the id
/// `daily-YYYY-MM-DD`, which can be read, hinted and counted but not changed, and
/// `POST /api/pentomino/daily` gives the caller a copy of their own to play (stored like any
/// puzzle, with its day). Only days from `DailyWindow.pastDays` ago to tomorrow exist (tomorrow
/// for a node whose clock is behind), so a node makes at most a few dozen, each once.
extension PentominoRoutes {
    /// Today's puzzle.
    @Sendable func daily(_ request: Request, context: Context) async throws -> Response {
        let day = PuzzleDay(containing: Date())
        let puzzle = try await dailyPuzzle(day, orNotFound: DailyPuzzle.id(for: day))
        return try rendered.response(id: puzzle.id, puzzle, for: request) { PuzzleJSON(puzzle: $0) }
    }

    /// A copy of a day's puzzle (today's when no date is sent) to play, as a new puzzle.
    @Sendable func playDaily(_ request: Request, context: Context) async throws -> Response {
        let body = try await JSONBody.decodeOptional(PlayDailyRequest.self, from: request) ?? PlayDailyRequest()
        let today = PuzzleDay(containing: Date())
        let window = DailyWindow.days(around: today)
        let day = try body.date.map { text -> PuzzleDay in
            guard let day = PuzzleDay(text), window.contains(day) else {
                // A well-formed day outside the window: 422, as the schema cannot say which days.
                throw APIError(.unprocessableContent, code: "invalid_date", say: "pentomino.errors.dailyDate",
                               ["first": .text(window.lowerBound.description), "last": .text(window.upperBound.description)])
            }
            return day
        } ?? today
        let puzzle = try await dailyPuzzle(day, orNotFound: DailyPuzzle.id(for: day)).copy(id: Secrets.id())
        try await puzzles.insert(puzzle)
        return try JSONBody.response(PuzzleJSON(puzzle: puzzle), status: .created)
    }

    /// The day's puzzle, made once per node (on the solver's threads: the first of a board builds
    /// its solution list); 404 for a day outside the window.
    func dailyPuzzle(_ day: PuzzleDay, orNotFound id: String) async throws -> PentominoPuzzle {
        guard DailyWindow.days(around: PuzzleDay(containing: Date())).contains(day) else {
            throw APIError.notFound("pentomino.errors.notFound.puzzle", ["id": .sent(id)])
        }
        if let made = DailyWindow.made.withLock({ $0.value(forKey: day) }) { return made }
        guard let made = try await work.solve({ DailyPuzzle.make(for: day) }) else {
            // Never for the boards the daily is played on; said rather than trapped.
            throw APIError(.unprocessableContent, code: "difficulty_unavailable", say: "pentomino.errors.difficultyUnavailable")
        }
        DailyWindow.made.withLock { $0.insert(made, forKey: day) }
        return made
    }

    /// A new puzzle with tiles given so that the ways left fall in `difficulty`'s band.
    func made(shape: BoardShape, difficulty: Difficulty) async throws -> PentominoPuzzle {
        let id = Secrets.id()
        let seed = UInt64.random(in: .min ... .max)
        guard let puzzle = try await work.solve({ PentominoPuzzle.made(id: id, shape: shape, difficulty: difficulty, seed: seed) }) else {
            // A drawn board with no solution, or with too many to list: nothing to take tiles from.
            throw APIError(.unprocessableContent, code: "difficulty_unavailable", say: "pentomino.errors.difficultyUnavailable")
        }
        return puzzle
    }

    /// The difficulty asked for, if any: one of `easy`, `medium`, `hard`, with tiles that may flip
    /// (the given tiles come from the board's solutions, which are made with flips).
    static func difficulty(_ body: CreatePuzzleRequest) throws -> Difficulty? {
        guard let text = body.difficulty else { return nil }
        guard let difficulty = Difficulty(rawValue: text) else {
            throw APIError.badRequest("pentomino.errors.unknownDifficulty", ["name": .sent(text)], code: "unknown_difficulty")
        }
        guard body.flips ?? true else {
            throw APIError(.unprocessableContent, code: "difficulty_needs_flips", say: "pentomino.errors.difficultyNeedsFlips")
        }
        return difficulty
    }
}

/// Which days' puzzles exist, and the ones this node has made.
enum DailyWindow {
    /// How far back a day's puzzle can still be opened or played.
    static let pastDays = 31

    static func days(around today: PuzzleDay) -> ClosedRange<PuzzleDay> {
        today.adding(days: -pastDays)...today.adding(days: 1)
    }

    /// Made puzzles by day: enough for the whole window, so none is made twice while it lasts.
    static let made = Mutex(BoundedCache<PuzzleDay, PentominoPuzzle>(countLimit: pastDays + 4))
}
