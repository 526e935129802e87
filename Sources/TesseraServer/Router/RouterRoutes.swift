import ClassroomKit
import Foundation
import Hummingbird
import NIOCore
import RouterKit
import RouterPython
import TesseraStore

/// `/api/router`: Rapid Router's levels (ours, custom and imported), runs of programs given as
/// blocks, Blockly XML or Python, and players' progress. The engine is RouterKit's; every run is
/// computed here, so the page, the CLI and any Swift client see the same events and scores.
struct RouterRoutes<Context: CallerRequestContext>: Sendable {
    let levels: any RouterLevelStore
    let progress: any RouterProgressStore
    /// Who is signed in: a signed-in player's progress belongs to their account, on any device.
    let sessions: Sessions
    let classes: any ClassStore
    /// Signed-in players' latest and best programs, and the locks their teachers set.
    let programs: any RouterProgramStore
    let locks: any ClassLockStore
    /// Tells a class's open scoreboards that one of its pupils has run a program.
    let live: LiveUpdates
    /// Runs on threads of their own, a few at a time (`CPUWork`), never on the shared executor.
    let work: CPUWork

    /// Rapid Router's whole fixture is about 2 MB; imports may be larger than other bodies.
    static var maxImportBytes: Int { JSONBody.maxBytes(forPath: "/api/router/levels/import") }
    /// People's own levels: listing, changing, copying, sharing, deleting (`LevelRoutes.swift`).
    var people: LevelRoutes<Context> { LevelRoutes(levels: levels) }

    /// Our episodes, and of stored levels only the caller's own (`custom`) and those shared with
    /// their class(es) (`shared`), newest first, one page each: nobody else's.
    /// `?lang=en|es`: our episodes' and levels' words in that language.
    @Sendable func episodes(_ request: Request, context: Context) async throws -> Response {
        let language = try request.textLanguage()
        let caller = try people.caller(context)
        let own = try await levels.newest(listedUnder: caller.ownKeys, limit: LevelRoutes<Context>.pageSize, offset: 0)
        let shared = try await people.page(.shared, 1, caller)
        return try JSONBody.response(personalEpisodes(EpisodesJSON(language: language, stored: own), shared: shared))
    }

    @Sendable func level(_ request: Request, context: Context) async throws -> Response {
        let id = try Self.levelID(context)
        return try JSONBody.response(try await people.show(id, request, context))
    }

    /// A level made in the editor: validated like ours, stored as a custom level with a new id,
    /// owned by the caller (signed in, or the browser's `X-Tessera-Owner-Key`) and private.
    @Sendable func createLevel(_ request: Request, context: Context) async throws -> Response {
        let owner = try people.caller(context).requireOwner()
        let level = try LevelRoutes<Context>.validated(try await JSONBody.decode(Level.self, from: request), id: "custom-" + Secrets.id())
        let stored = StoredLevel(level: level, source: .custom, owner: owner)
        try await levels.insert(stored)
        return try JSONBody.response(StoredLevelJSON(stored), status: .created)
    }

    /// Rapid Router's fixture or a level-editor save: every level that converts and validates is
    /// stored; the others are reported by name and field. Each stored level is a creation: the
    /// request's own token pays for the first, the caller's allowance for the rest (429 and
    /// nothing stored when it has too few), and all must fit under the anonymous cap or the
    /// account's quota (507, nothing stored).
    @Sendable func importLevels(_ request: Request, context: Context) async throws -> Response {
        let body: ByteBuffer
        do { body = try await request.body.collect(upTo: Self.maxImportBytes) } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, code: "payload_too_large", say: "router.errors.importTooLarge",
                           ["mebibytes": .number(Self.maxImportBytes / (1 << 20))])
        }
        let owner = try people.caller(context).requireOwner()
        let (imported, problems) = try await RouterImporter(levels: levels).importLevels(Data(body.readableBytesView), owner: owner) { levels in
            try RateLimitCharge.current?.take(levels.count - 1)
        }
        let language = TextLanguage(code: APIError.language(of: request)) ?? .english
        return try JSONBody.response(ImportJSON(imported: imported.map(StoredLevelJSON.init), problems: problems, language: language),
                                     status: imported.isEmpty ? .ok : .created)
    }

    /// Runs a program on a level; with a `player`, the attempt counts towards their progress.
    /// `?lang=en|es`: the language of the run's message, its score's words and a program's problems.
    @Sendable func run(_ request: Request, context: Context) async throws -> Response {
        let language = try request.textLanguage()
        let id = try Self.levelID(context)
        let level = try await find(id, for: context).level
        let body = try await ProgramLanguage.$current.withValue(language) { try await RunRequest.decode(from: request) }
        let signedIn = context.caller.account
        if let signedIn, let classID = signedIn.classID, try await locks.find(id: classID)?.locks(levelID: id) == true {
            throw APIError(.forbidden, code: "level_locked", say: "run.locked.level")
        }
        // Who the attempt counts for is settled before the run: a refused player id costs no work.
        let player = try progressID(for: body.player, signedIn: signedIn)
        let result = try await work.runProgram { [program = body.program] in
            try mappingProgramErrors(in: language) { try RouterGame.run(program, on: level, language: language) }
        }
        if let player {
            let now = Date()
            _ = try await progress.upsert(PlayerProgress(id: player)) { progress in
                progress.record(result, levelID: id, seconds: body.seconds, at: now)
            }
            if let signedIn { try await keep(body.programSource, result, of: signedIn, levelID: id, at: now) }
        }
        return try JSONBody.response(result)
    }

    /// Runs a program on a level given in the body (the designer's Test drive): validated like a
    /// posted level, answered like a run, and nothing stored, neither the level nor any progress.
    /// `?lang=en|es`, as for a level's run.
    @Sendable func runDraft(_ request: Request, context: Context) async throws -> Response {
        let language = try request.textLanguage()
        let body = try await ProgramLanguage.$current.withValue(language) { try await DraftRunRequest.decode(from: request) }
        return try JSONBody.response(try await work.runProgram { [program = body.program, level = body.level] in
            try mappingProgramErrors(in: language) { try RouterGame.run(program, on: level, language: language) }
        })
    }

    /// The level as a Rapid Router level-editor save, to download and import elsewhere (or here).
    @Sendable func export(_ request: Request, context: Context) async throws -> Response {
        let level = try await find(try Self.levelID(context), for: context).level
        return try Self.download(level, file: level.id)
    }

    /// `rapid-router-level-<file>.json`, keeping `file`'s ASCII letters, digits and dashes (spaces
    /// become dashes; at most 60; "level" when nothing is left), so the header needs no escaping.
    static func download(_ level: Level, file: String) throws -> Response {
        let name = String(String(file.unicodeScalars.compactMap { scalar -> Character? in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-") ? Character(scalar) : scalar == " " ? "-" : nil
        }).prefix(60))
        return Response(status: .ok,
                        headers: [.contentType: "application/json",
                                  .contentDisposition: "attachment; filename=\"rapid-router-level-\(name.isEmpty ? "level" : name).json\""],
                        body: .init(byteBuffer: ByteBuffer(bytes: try LevelExport.editorSave(level))))
    }

    /// A level given in the body as a level-editor save (the designer's Export), validated like a
    /// posted level and not stored: downloading a level does not publish it.
    @Sendable func exportDraft(_ request: Request, context: Context) async throws -> Response {
        var level = try await JSONBody.decode(Level.self, from: request)
        try level.checkTextBounds()
        level.episode = nil
        try level.validate()
        return try Self.download(level, file: level.name)
    }

    /// The page's read-only "Python view": what a block program says in Python, and its block count.
    /// Python given here must keep to what blocks can say (422 with the reason otherwise).
    /// `?lang=en|es`: the language of a problem with the program.
    @Sendable func pythonView(_ request: Request, context: Context) async throws -> Response {
        let language = try request.textLanguage()
        let sent = try await ProgramLanguage.$current.withValue(language) { try await RunRequest.decode(from: request).program }
        let program = try mappingProgramErrors(in: language) { () throws -> Program in
            switch sent {
            case .blocks(let blocks): blocks
            case .python(let python): try python.blockProgram()
            }
        }
        return try JSONBody.response(PythonViewJSON(python: program.pythonView, blocks: program.blockCount))
    }

    @Sendable func playerProgress(_ request: Request, context: Context) async throws -> Response {
        let player = try RunRequest.player(try context.parameters.require("player"))
        // Checked for every caller, not only for the pupil whose lock message it words: a bad
        // `lang` is the same 400 whoever asks.
        let language = try request.textLanguage()
        var owner: Account?
        if player.hasPrefix(Self.accountPrefix) { owner = try await mayRead(accountProgress: player, context) }
        let stored = try await progress.find(id: player) ?? PlayerProgress(id: player)
        var json = ProgressJSON(stored)
        // A pupil reading their own progress learns what their teacher has locked.
        if let owner, owner.role == .pupil, let classID = owner.classID, context.caller.account?.id == owner.id {
            json.locked = LockedJSON(try await locks.find(id: classID) ?? ClassLocks(id: classID), language: language)
        }
        return try JSONBody.response(json)
    }

    // MARK: Whose progress

    /// Progress ids of accounts: `acct-<account id>`. Anonymous pages make 16-letter ids without
    /// a dash, so the two never meet; an anonymous request naming an account's id is refused.
    static var accountPrefix: String { Account.playerPrefix }

    /// Where a run's attempt is recorded: a signed-in player's account (whatever the page sent),
    /// else the anonymous id the page sent, else nowhere.
    private func progressID(for sent: String?, signedIn: Account?) throws -> String? {
        if let signedIn { return signedIn.playerID }
        if let sent, sent.hasPrefix(Self.accountPrefix) { throw APIError.notFound("router.errors.notFound.player", ["id": .sent(sent)]) }
        return sent
    }

    /// An account's progress is read by that account, or by the teacher of that pupil's class;
    /// to anyone else it does not exist (404).
    /// Returns the account whose progress it is.
    @discardableResult
    func mayRead(accountProgress player: String, _ context: Context) async throws -> Account {
        let accountID = String(player.dropFirst(Self.accountPrefix.count))
        let caller = context.caller
        if let problem = caller.lookupProblem { throw problem }
        if let reader = caller.account {
            if reader.id == accountID { return reader }
            if reader.role == .teacher, let pupil = try await sessions.accounts.account(id: accountID),
               let classID = pupil.classID, caller.classes.contains(where: { $0.id == classID }) {
                return pupil
            }
        }
        throw APIError.notFound("router.errors.notFound.player", ["id": .sent(player)])
    }

    /// Ours, or a stored level `request`'s caller may read (`LevelCaller.mayRead`); else 404.
    func find(_ id: String, for context: Context) async throws -> LevelJSON {
        let caller = try people.caller(context)  // first: a malformed owner key is refused for ours too
        if let ours = LevelCatalog.level(id: id) { return LevelJSON(level: ours, source: "tessera", sourcePk: nil) }
        let stored = try caller.readable(try await levels.find(id: id), id: id)
        return LevelJSON(level: stored.level, source: stored.source.rawValue, sourcePk: stored.sourcePk)
    }

    static func levelID(_ context: Context) throws -> String {
        try Input.boundedText(try context.parameters.require("id"), maxBytes: 80, orElse: APIError.notFound("router.errors.notFound.levelAny"))
    }
}
