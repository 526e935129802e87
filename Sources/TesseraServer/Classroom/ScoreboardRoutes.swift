import ClassroomKit
import Foundation
import Hummingbird
import NIOCore
import RouterKit
import TesseraStore
import Languages

/// The teacher's view of a class at play: the scoreboard (JSON, CSV, and a live stream that says
/// when a pupil has run something), and the locks on our episodes and levels. Like every class
/// route, only the class's own teacher may use these; to anyone else the class does not exist.
extension ClassRoutes {
    /// The live-update topic of a class: one event per run by one of its pupils.
    static func scoreboardTopic(_ classID: String) -> String { "class-scoreboard-" + classID }

    /// `GET /api/classes/{id}/scoreboard?episode=N[&format=csv]`.
    @Sendable func scoreboard(_ request: Request, context: Context) async throws -> Response {
        let schoolClass = try await ownClass(request, context)
        let query = request.uri.queryParameters
        let episode = try Self.episode(query["episode"].map(String.init))
        let format = query["format"].map(String.init) ?? "json"
        guard format == "json" || format == "csv" else {
            throw APIError.badRequest("classroom.errors.scoreboard.format", code: "invalid_format")
        }
        let board = try await ClassScoreboard.make(for: schoolClass, episode: episode, classes: classes, progress: progress)
        guard format == "csv" else { return try JSONBody.response(board) }
        let file = "scoreboard-\(schoolClass.code)-episode-\(episode.number).csv"  // code and number: no escaping needed
        return Response(status: .ok,
                        headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(file)\""],
                        body: .init(byteBuffer: ByteBuffer(string: board.csv)))
    }

    /// `GET /api/classes/{id}/scoreboard/events`: `{"kind":"ready"}` first, then
    /// `{"kind":"run","pupil","level"}` for each run by one of the class's pupils, from any node.
    @Sendable func scoreboardEvents(_ request: Request, context: Context) async throws -> Response {
        let schoolClass = try await ownClass(request, context)
        return try await live.eventStream(Self.scoreboardTopic(schoolClass.id), client: context.caller.client, board: true,
                                          closed: context.connectionClosed) {
            String(decoding: try JSONBody.encoder.encode(ScoreboardEventJSON(kind: "ready", pupil: nil, level: nil)), as: UTF8.self)
        }
    }

    /// `GET /api/classes/{id}/locks`.
    @Sendable func locks(_ request: Request, context: Context) async throws -> Response {
        let schoolClass = try await ownClass(request, context)
        return try JSONBody.response(LocksJSON(try await locks.find(id: schoolClass.id) ?? ClassLocks(id: schoolClass.id)))
    }

    /// `PUT /api/classes/{id}/locks` `{"episodes": [2], "levels": ["14"]}`: replaces the class's locks.
    @Sendable func setLocks(_ request: Request, context: Context) async throws -> Response {
        let schoolClass = try await ownClass(request, context)
        let body = try await JSONBody.decode(LocksJSON.self, from: request)
        let wanted: ClassLocks
        switch ClassLocks.make(id: schoolClass.id, episodes: body.episodes, levels: body.levels) {
        case .success(let made): wanted = made
        case .failure(let problem): throw APIError(.badRequest, code: "invalid_locks", words: .words(problem.words))
        }
        let stored = try await locks.upsert(wanted) { $0 = wanted }
        return try JSONBody.response(LocksJSON(stored))
    }

    /// One of our episodes by number (1 when not given), else 400.
    static func episode(_ text: String?) throws -> Episode {
        let episodes = LevelCatalog.episodes
        guard let text else { return try episodes.first.orNotFound("classroom.errors.notFound.episode", ["number": .number(1)]) }
        guard let number = Int(text), let episode = episodes.first(where: { $0.number == number }) else {
            throw APIError.badRequest("classroom.errors.scoreboard.episode", ["count": .number(episodes.count)], code: "invalid_episode")
        }
        return episode
    }
}

/// `{"episodes": [Int], "levels": [String]}`, both required; at most one entry per episode and
/// level of ours (more cannot be valid, so a longer list is refused before it is read further).
struct LocksJSON: Codable {
    let episodes: [Int]
    let levels: [String]

    init(_ locks: ClassLocks) {
        episodes = locks.episodes
        levels = locks.levels
    }

    init(from decoder: any Decoder) throws {
        let json = try decoder.container(keyedBy: Key.self)
        episodes = try json.decode([Int].self, forKey: .episodes)
        levels = try json.decode([String].self, forKey: .levels)
        guard episodes.count <= 100, levels.count <= 500, levels.allSatisfy({ $0.utf8.count <= 80 }) else {
            throw APIError.badRequest("classroom.errors.scoreboard.tooManyLocks", code: "invalid_locks")
        }
    }

    private enum Key: String, CodingKey { case episodes, levels }
}
