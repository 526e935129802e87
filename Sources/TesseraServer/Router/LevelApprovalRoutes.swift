import Foundation
import GridKit
import Hummingbird
import RouterKit
import TesseraStore

/// Levels a teacher approves: a level a pupil shares with a class that asks for approval waits
/// (its classmates do not see it) until one of the class's teachers approves it, or rejects it
/// (it is no longer shared with the class; its maker keeps it). Only the class's teachers.
extension RouterRoutes {
    /// `GET /api/classes/{id}/levels/waiting`: the queue, newest first (100 at most).
    @Sendable func waitingLevels(_ request: Request, context: Context) async throws -> Response {
        let schoolClass = try context.caller.teachesClass(try context.parameters.require("id"))
        let caller = try people.caller(context)
        let waiting = try await levels.newest(listedUnder: [StoredLevel.waitingKey(schoolClass.id)], limit: 100, offset: 0)
        var listed: [WaitingLevelJSON] = []
        for stored in waiting {
            var maker: String?
            if let owner = stored.owner, owner.hasPrefix(Self.accountPrefix) {
                maker = try await sessions.accounts.account(id: String(owner.dropFirst(Self.accountPrefix.count)))?.name
            }
            listed.append(WaitingLevelJSON(level: LevelSummaryJSON(stored, for: caller), maker: maker))
        }
        return try JSONBody.response(WaitingLevelsJSON(levels: listed))
    }

    /// `POST /api/classes/{id}/levels/{level}/approve`: its classmates see it from now on.
    @Sendable func approveLevel(_ request: Request, context: Context) async throws -> Response {
        try await decide(context) { shares, classID in shares.waiting.removeAll { $0 == classID } }
    }

    /// `POST /api/classes/{id}/levels/{level}/reject`: no longer shared with the class.
    @Sendable func rejectLevel(_ request: Request, context: Context) async throws -> Response {
        try await decide(context) { shares, classID in
            shares.waiting.removeAll { $0 == classID }
            shares.classes.removeAll { $0 == classID }
        }
    }

    /// A teacher's decision on a level shared with their class (waiting or not: a teacher may
    /// also take back an approval by rejecting); 404 for a level not shared with it.
    private func decide(_ context: Context, _ change: @escaping @Sendable (inout StoredLevel.Shares, String) -> Void) async throws -> Response {
        let schoolClass = try context.caller.teachesClass(try context.parameters.require("id"))
        let id = try Input.boundedText(try context.parameters.require("level"), maxBytes: 80, orElse: APIError.notFound("router.errors.notFound.levelAny"))
        let caller = try people.caller(context)
        guard let stored = try await levels.find(id: id), stored.shares.classes.contains(schoolClass.id) else {
            throw APIError.notFound("router.errors.notFound.levelInClass", ["id": .sent(id)])
        }
        let classID = schoolClass.id
        let updated = try await levels.update(id: stored.id) { change(&$0.shares, classID) }
        return try JSONBody.response(LevelSummaryJSON(try updated.orNotFound("router.errors.notFound.level", ["id": .sent(id)]), for: caller))
    }
}

struct WaitingLevelJSON: Encodable {
    let level: LevelSummaryJSON
    /// The pupil who made it (null when unknown).
    @Nullable var maker: String?
}

struct WaitingLevelsJSON: Encodable {
    let levels: [WaitingLevelJSON]
}
