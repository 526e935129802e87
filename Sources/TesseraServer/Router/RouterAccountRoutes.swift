import ClassroomKit
import Foundation
import GridKit
import Hummingbird
import RouterKit
import RouterPython
import Synchronization
import TesseraStore

/// What Rapid Router keeps for signed-in players beyond their progress: their latest and best
/// program per level (read back by them, or by their teacher from the scoreboard), and the
/// anonymous progress a browser had before its first sign-in, kept at the player's word.
extension RouterRoutes {
    /// `GET /api/router/players/{player}/programs/{id}`: who may read it is who may read the
    /// player's progress; only accounts have saved programs (anyone else's id answers 404), and
    /// only for a level the reader may open now (a level made private since answers 404 too).
    @Sendable func savedPrograms(_ request: Request, context: Context) async throws -> Response {
        let (player, levelID, level, saved) = try await readableSavedPrograms(context)
        // Both runs are replayed on the level as it is now: engine work, so on `CPUWork` like any run.
        let answer = try await work.runProgram {
            SavedProgramsJSON(player: player, level: levelID,
                              latest: saved.latest.map { SavedRunJSON($0, on: level) },
                              best: saved.best.map { SavedRunJSON($0, on: level) },
                              attempts: saved.attempts.enumerated().map { AttemptJSON(n: $0, $1) })
        }
        return try JSONBody.response(answer)
    }

    /// The `{player}`'s saved programs for level `{id}` with the level, or 404 to a reader who may
    /// not read them (the same rule for the latest and best and for each attempt).
    func readableSavedPrograms(_ context: Context) async throws -> (player: String, levelID: String, level: Level, saved: SavedPrograms) {
        let player = try RunRequest.player(try context.parameters.require("player"))
        guard player.hasPrefix(Self.accountPrefix) else { throw APIError.notFound("router.errors.notFound.player", ["id": .sent(player)]) }
        try await mayRead(accountProgress: player, context)
        let levelID = try Self.levelID(context)
        let level = try await find(levelID, for: context).level
        let saved = try await programs.find(id: SavedPrograms.id(player: player, level: levelID)) ?? SavedPrograms(id: "")
        return (player, levelID, level, saved)
    }

    /// `POST /api/router/progress/claim` `{"player": "<anonymous id>"}`: the signed-in account
    /// takes in that browser's progress (`PlayerProgress.merge`), which is then emptied so a
    /// second claim adds nothing. Anonymous ids are the browser's own secret-ish handle, as for
    /// reading progress; an account's id cannot be claimed.
    @Sendable func claimProgress(_ request: Request, context: Context) async throws -> Response {
        let account = try context.caller.signedIn().account
        let body = try await JSONBody.decode(ClaimRequest.self, from: request)
        let anonymous = try RunRequest.player(body.player)
        guard !anonymous.hasPrefix(Self.accountPrefix) else { throw APIError.notFound("router.errors.notFound.player", ["id": .sent(anonymous)]) }
        // Read and emptied in one step, so two claims racing cannot both take the same runs.
        let taken = Mutex(PlayerProgress(id: anonymous))
        let emptied = try await progress.update(id: anonymous) { stored in
            taken.withLock { $0 = stored }
            stored.levels = [:]
        }
        // The closure may have seen a cached copy first (PostgreSQL); only a write that happened
        // says what was really taken: none when the document is gone (say, purged meanwhile).
        let claimed = emptied == nil ? PlayerProgress(id: anonymous) : taken.withLock { $0 }
        let merged = try await progress.upsert(PlayerProgress(id: account.playerID)) { $0.merge(claimed) }
        return try JSONBody.response(ProgressJSON(merged))
    }

    /// Keeps a signed-in player's run as their latest program for the level (and best, when it
    /// is), and tells their class's open scoreboards.
    func keep(_ source: JSONValue, _ result: RunResult, of account: Account, levelID: String, at time: Date) async throws {
        let text = String(decoding: try JSONBody.encoder.encode(source), as: UTF8.self)
        let id = SavedPrograms.id(player: account.playerID, level: levelID)
        _ = try await programs.upsert(SavedPrograms(id: id)) { $0.record(program: text, result: result, at: time) }
        if account.role == .pupil, let classID = account.classID {
            let event = ScoreboardEventJSON(kind: "run", pupil: account.id, level: levelID)
            await live.publish(ClassRoutes<Context>.scoreboardTopic(classID),
                               payload: String(decoding: try JSONBody.encoder.encode(event), as: UTF8.self))
        }
    }
}

struct ClaimRequest: Decodable {
    let player: String
}

/// `{"player", "level", "latest": SavedRun | null, "best": SavedRun | null, "attempts": [Attempt]}`.
struct SavedProgramsJSON: Encodable {
    let player: String
    let level: String
    @Nullable var latest: SavedRunJSON?  // null, not absent: "never ran it"
    @Nullable var best: SavedRunJSON?
    /// The last runs, newest first, without their programs: one opens with `…/attempts/{n}`.
    let attempts: [AttemptJSON]
}

/// One of a player's last runs on a level, as the list of attempts shows it.
struct AttemptJSON: Encodable {
    let n: Int
    let score: Int
    let max: Int
    let success: Bool
    let at: Date
    @Nullable var blocks: Int?

    init(n: Int, _ run: SavedPrograms.Run) {
        self.n = n
        score = run.score
        max = run.max
        success = run.success
        at = run.at
        blocks = (try? JSONDecoder().decode(ProgramBody.self, from: Data(run.program.utf8)))?.program.blockCount
    }
}

/// A saved run as the teacher's page shows it: the program as it was sent, its Python view and
/// block count, and the run again on the level as it is now (the events the replay draws). A
/// program the kit can no longer read (a custom level changed since) keeps its text, with
/// `python`, `blocks` and `result` null.
struct SavedRunJSON: Encodable {
    let program: JSONValue
    @Nullable var python: String?
    @Nullable var blocks: Int?
    let score: Int
    let max: Int
    let success: Bool
    let at: Date
    @Nullable var result: RunResult?

    init(_ run: SavedPrograms.Run, on level: Level) {
        let source = (try? JSONDecoder().decode(JSONValue.self, from: Data(run.program.utf8))) ?? .null
        program = source
        score = run.score
        max = run.max
        success = run.success
        at = run.at
        let read = try? JSONDecoder().decode(ProgramBody.self, from: Data(run.program.utf8)).program
        python = read?.pythonView
        blocks = read?.blockCount
        result = read.flatMap { try? RouterGame.run($0, on: level) }
    }
}

struct ScoreboardEventJSON: Encodable {
    let kind: String
    let pupil: String?
    let level: String?
}
