import ClassroomKit
import Foundation
import GridKit
import Hummingbird
import RouterKit
import TesseraStore

/// `/api/router/levels…` for levels people make: their own list, changing, copying, sharing and
/// deleting them. A level belongs to whoever saved it (`LevelCaller`); it is private until shared
/// with a class or by link. To anyone who may not read a level it does not exist (404), so ids
/// never confirm that someone else's level is there; someone who may read it but not change it
/// gets 403 with what to do instead.
struct LevelRoutes<Context: CallerRequestContext>: Sendable {
    let levels: any RouterLevelStore

    /// Levels per page of `GET /api/router/levels`.
    static var pageSize: Int { 20 }
    /// Classes one level may be shared with at once (a teacher's classes, with room to spare).
    static var maxSharedClasses: Int { 50 }

    func caller(_ context: Context) throws -> LevelCaller {
        try LevelCaller(context.caller)
    }

    /// `?scope=mine|shared&page=N`: the caller's own levels, or those shared with their class(es),
    /// newest first, `pageSize` at a time.
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        let query = request.uri.queryParameters
        let scope = query.get("scope").map { String($0) } ?? "mine"
        guard ["mine", "shared"].contains(scope) else {
            throw APIError.badRequest("router.errors.scope", code: "invalid_scope")
        }
        let page = try query.get("page").map { text in
            guard let page = Int(text), (1...10_000).contains(page) else {
                throw APIError.badRequest("router.errors.page", code: "invalid_page")
            }
            return page
        } ?? 1
        let caller = try caller(context)
        return try JSONBody.response(try await self.page(scope == "mine" ? .mine : .shared, page, caller))
    }

    /// `GET /api/router/levels/{id}`: ours (its words in `?lang=en|es`), or a stored level the
    /// caller may read, with `mine`.
    func show(_ id: String, _ request: Request, _ context: Context) async throws -> OwnedLevelJSON {
        let language = try request.textLanguage()
        let caller = try caller(context)  // first: a malformed owner key is refused for ours too
        if let ours = LevelJSON.ours(id, in: language) {
            return OwnedLevelJSON(level: ours, mine: false)
        }
        let stored = try caller.readable(try await levels.find(id: id), id: id)
        return OwnedLevelJSON(level: LevelJSON(level: stored.level, source: stored.source.rawValue, sourcePk: stored.sourcePk),
                              mine: caller.owns(stored))
    }

    enum Scope { case mine, shared }

    /// One page of the caller's own levels, or of those shared with their class(es) by others (their
    /// own shared levels are in `mine`), with whether there is another.
    func page(_ scope: Scope, _ page: Int, _ caller: LevelCaller) async throws -> LevelPageJSON {
        let size = Self.pageSize
        let offset = (page - 1).multipliedReportingOverflow(by: size).partialValue
        let found = scope == .mine
            ? try await levels.newest(listedUnder: caller.ownKeys, limit: size + 1, offset: offset)
            : try await levels.newest(listedUnder: caller.sharedKeys, excludingOwners: Set(caller.owners), limit: size + 1, offset: offset)
        return LevelPageJSON(levels: found.prefix(size).map { LevelSummaryJSON($0, for: caller) }, page: page,
                             next: found.count > size ? page + 1 : nil,
                             shareWith: caller.classes.filter { !$0.archived }.map { ClassChoiceJSON(id: $0.id, name: $0.name) })
    }

    /// Saves a new version of the caller's own level in place: the body is a level as POST takes
    /// it, validated the same way; id, owner and sharing stay.
    @Sendable func update(_ request: Request, context: Context) async throws -> Response {
        let id = try RouterRoutes<Context>.levelID(context)
        let caller = try caller(context)
        let stored = try caller.readable(try await levels.find(id: id), id: id)
        guard caller.owns(stored) else { throw Self.notYours }
        let level = try Self.validated(try await JSONBody.decode(Level.self, from: request), id: id)
        let owners = caller.owners
        let pupilClasses = caller.account?.role == .pupil ? Set(caller.classes.filter(\.levelApproval).map(\.id)) : []
        let updated = try await levels.update(id: id) { stored in
            // Checked again inside the write: ownership cannot change under us, but be exact.
            guard stored.owner.map(owners.contains) == true else { throw Self.notYours }
            // A changed map may no longer be solved by the saved answer: its maker saves one again.
            // New words (name, lesson, hint) keep it.
            var sameWords = level
            (sameWords.name, sameWords.lesson, sameWords.hint) = (stored.level.name, stored.level.lesson, stored.level.hint)
            if stored.level != sameWords {
                stored.solution = nil
                // A pupil's changed level is checked again where it waits for approval.
                if pupilClasses.isEmpty == false { stored.shares.waiting = stored.shares.classes.filter(pupilClasses.contains) }
            }
            stored.level = level
        }
        return try JSONBody.response(LevelSummaryJSON(try updated.orNotFound("router.errors.notFound.level", ["id": .sent(id)]), for: caller))
    }

    /// Deletes a level for everyone: its owner, or the teacher of a class it is shared with
    /// (moderation).
    @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
        let id = try RouterRoutes<Context>.levelID(context)
        let caller = try caller(context)
        let stored = try caller.readable(try await levels.find(id: id), id: id)
        guard caller.mayDelete(stored) else {
            throw APIError(.forbidden, code: "not_your_level", say: "router.errors.notYoursToDelete")
        }
        _ = try await levels.delete(id: id)
        return Response(status: .noContent)
    }

    /// A private copy, owned by the caller, of any level they may read (ours included).
    @Sendable func copy(_ request: Request, context: Context) async throws -> Response {
        let id = try RouterRoutes<Context>.levelID(context)
        let language = try request.textLanguage()
        let caller = try caller(context)
        var level: Level
        var source = StoredLevel.Source.custom
        var sourcePk: Int?
        if let ours = LevelCatalog.level(id: id, in: language) {
            level = ours
        } else {
            let stored = try caller.readable(try await levels.find(id: id), id: id)
            (level, source, sourcePk) = (stored.level, stored.source, stored.sourcePk)
        }
        let owner = try caller.requireOwner()
        level.id = "custom-" + Secrets.id()
        level.episode = nil
        level.name = LevelLimits.copyName(of: level.name, in: language)
        let copy = StoredLevel(level: level, source: source, sourcePk: sourcePk, owner: owner)
        try await levels.insert(copy)
        return try JSONBody.response(LevelSummaryJSON(copy, for: caller), status: .created)
    }

    /// `{"classes": [classId…], "link": true|false}` replaces who the level is shared with. A
    /// teacher may share with their own classes, a pupil only with their own class.
    @Sendable func sharing(_ request: Request, context: Context) async throws -> Response {
        let id = try RouterRoutes<Context>.levelID(context)
        let caller = try caller(context)
        let stored = try caller.readable(try await levels.find(id: id), id: id)
        guard caller.owns(stored) else { throw Self.notYours }
        let body = try await JSONBody.decode(SharingRequest.self, from: request)
        var wanted: [String] = []
        for classID in body.classes where !wanted.contains(classID) { wanted.append(classID) }
        guard wanted.count <= Self.maxSharedClasses else {
            throw APIError.badRequest("router.errors.tooManyClasses", ["count": .number(Self.maxSharedClasses)], code: "too_many_classes")
        }
        if let other = wanted.first(where: { !caller.classIDs.contains($0) }) {
            throw caller.account?.role == .teacher
                ? APIError(.forbidden, code: "not_your_class", say: "router.errors.notYourClass", ["id": .sent(other)])
                : APIError(.forbidden, code: "not_your_class", say: "router.errors.notYourClassPupil")
        }
        // A pupil's level: shared by link only where their class allows it, and with their class
        // after a teacher approves it where the class asks for that (approved already stays approved).
        var waiting: [String] = []
        if caller.account?.role == .pupil {
            let own = caller.classes.filter { wanted.contains($0.id) }
            if body.link, !stored.shares.link, !caller.classes.contains(where: \.pupilLinks) {
                throw APIError(.forbidden, code: "links_off", say: "router.errors.linksOff")
            }
            waiting = own.filter { $0.levelApproval && (!stored.shares.approved.contains($0.id)) }.map(\.id)
        }
        let shares = StoredLevel.Shares(classes: wanted, link: body.link, waiting: waiting)
        let updated = try await levels.update(id: id) { $0.shares = shares }
        return try JSONBody.response(LevelSummaryJSON(try updated.orNotFound("router.errors.notFound.level", ["id": .sent(id)]), for: caller))
    }

    static var notYours: APIError {
        APIError(.forbidden, code: "not_your_level", say: "router.errors.notYours")
    }

    /// A level from the designer made ready to store: bounded text, no episode, a name that fits,
    /// validated like ours (422 with the reason otherwise).
    static func validated(_ level: Level, id: String) throws -> Level {
        var level = level
        try level.checkTextBounds()
        level.id = id
        level.episode = nil
        level.name = String(level.name.prefix(LevelLimits.nameLength))
        try level.validate()
        return level
    }
}

/// `PUT /api/router/levels/{id}/sharing`'s body: both keys required, nothing else.
struct SharingRequest: Decodable {
    let classes: [String]
    let link: Bool

    init(from decoder: any Decoder) throws {
        guard let body = try? decoder.container(keyedBy: AnyKey.self) else {
            throw APIError.badRequest("router.errors.sharingBody", code: "bad_json")
        }
        if let unknown = body.allKeys.map(\.stringValue).sorted().first(where: { !["classes", "link"].contains($0) }) {
            throw APIError.badRequest("router.errors.sharingKey", ["key": .sent(unknown)], code: "bad_json")
        }
        guard let classes = try? body.decode([String].self, forKey: "classes"), classes.allSatisfy({ (1...80).contains($0.utf8.count) }),
              let link = try? body.decode(Bool.self, forKey: "link") else {
            throw APIError.badRequest("router.errors.sharingBody", code: "bad_json")
        }
        self.classes = classes
        self.link = link
    }
}

/// A stored level in a list: enough to show and open it, and what the caller may do with it.
struct LevelSummaryJSON: Encodable {
    let id: String
    let name: String
    let source: String
    @Nullable var sourcePk: Int?
    /// The caller owns it (and may change, share and delete it).
    let mine: Bool
    /// The caller may delete it (the owner, or the teacher of a class it is shared with).
    let mayDelete: Bool
    /// Who it is shared with; only its owner is told.
    let shares: StoredLevel.Shares?
    /// For a teacher: their classes where it waits for their approval (absent for anyone else).
    var waitingIn: [String]?

    init(_ stored: StoredLevel, for caller: LevelCaller) {
        id = stored.id
        name = stored.level.name
        source = stored.source.rawValue
        sourcePk = stored.sourcePk
        mine = caller.owns(stored)
        mayDelete = caller.mayDelete(stored)
        shares = mine ? stored.shares : nil
        if caller.account?.role == .teacher {
            waitingIn = stored.shares.waiting.filter(caller.classIDs.contains)
        }
    }
}

struct LevelPageJSON: Encodable {
    let levels: [LevelSummaryJSON]
    let page: Int
    @Nullable var next: Int?
    /// The classes the caller may share their levels with (a teacher's, or a pupil's own).
    let shareWith: [ClassChoiceJSON]
}

struct ClassChoiceJSON: Encodable {
    let id: String
    let name: String
}

/// `GET /api/router/episodes` for one caller: the level list (`EpisodesJSON`, whose `custom` is the
/// caller's own levels) with `shared` beside its keys: levels shared with the caller's class(es).
func personalEpisodes(_ episodes: EpisodesJSON, shared: LevelPageJSON) -> Flattened<EpisodesJSON, [String: [LevelSummaryJSON]]> {
    Flattened(episodes, ["shared": shared.levels])
}

/// A level as `GET /api/router/levels/{id}` answers it: `LevelJSON` with `mine` beside it (the
/// caller made it, so the designer saves changes in place rather than as a new level).
struct OwnedLevelJSON: Encodable {
    let level: LevelJSON
    let mine: Bool

    private enum Key: String, CodingKey { case mine }

    func encode(to encoder: any Encoder) throws {
        try level.encode(to: encoder)
        var json = encoder.container(keyedBy: Key.self)
        try json.encode(mine, forKey: .mine)
    }
}
