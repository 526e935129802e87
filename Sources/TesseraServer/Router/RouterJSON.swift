import Foundation
import GridKit
import Hummingbird
import NIOCore
import RouterKit

/// `POST /api/router/levels/{id}/runs`: `{"program": {"blocks": …} | {"python": "…"} | {"blocklyXml": "…"},
/// "player"?: "<anonymous id>", "seconds"?: time spent}`.
struct RunRequest {
    let program: Program
    let player: String?
    let seconds: Double

    static func decode(from request: Request) async throws -> RunRequest {
        let object = try await jsonObject(from: request)
        let parsed = try program(in: object)
        let player = try object["player"].map { value -> String in
            guard let text = value as? String else { throw APIError.badRequest("`player` must be a string.", code: "bad_json") }
            return try Self.player(text)
        }
        var seconds = 0.0
        if let value = object["seconds"] {
            // A JSON boolean is an NSNumber of type "c"; `is Bool` would also be true for 0 and 1 on Linux.
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
                  (0...86_400).contains(number.doubleValue) else {
                throw APIError.badRequest("`seconds` must be a number from 0 to 86400.", code: "bad_json")
            }
            seconds = number.doubleValue
        }
        return RunRequest(program: parsed, player: player, seconds: seconds)
    }

    /// The body (at most `JSONBody.maxBytes`) as a JSON object, else 400/413.
    static func jsonObject(from request: Request) async throws -> [String: Any] {
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: JSONBody.maxBytes) } catch is NIOTooManyBytesError { throw JSONBody.tooLarge }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(buffer.readableBytesView))) as? [String: Any] else {
            throw APIError.badRequest("The body must be a JSON object with a `program`.", code: "bad_json")
        }
        return object
    }

    /// The body's `program` in any of its three forms, read by the kit's front ends (400 for a
    /// wrong shape, 422 for a program that cannot be read).
    static func program(in object: [String: Any]) throws -> Program {
        guard let program = object["program"] as? [String: Any] else {
            throw APIError.badRequest("`program` must be an object: {\"blocks\": …}, {\"python\": \"…\"} or {\"blocklyXml\": \"…\"}.",
                                      code: "bad_json")
        }
        // One form per program, with nothing else beside it (the contract's `additionalProperties: false`).
        let form = program["python"] != nil ? ["python"] : program["blocklyXml"] != nil ? ["blocklyXml"] : ["blocks", "procedures", "detached"]
        if let unknown = program.keys.sorted().first(where: { !form.contains($0) }) {
            throw APIError.badRequest("`program` has `\(unknown)`, which \(form == ["python"] || form == ["blocklyXml"] ? "`\(form[0])` programs do not take" : "is not part of a block program").", code: "bad_json")
        }
        let parsed: Program
        if let python = program["python"] {
            guard let text = python as? String else { throw APIError.badRequest("`python` must be a string.", code: "bad_json") }
            parsed = try mappingProgramErrors { try Program.parse(python: text) }
        } else if let xml = program["blocklyXml"] {
            guard let text = xml as? String else { throw APIError.badRequest("`blocklyXml` must be a string.", code: "bad_json") }
            parsed = try mappingProgramErrors { try Program.parse(blocklyXML: text) }
        } else if program["blocks"] != nil {
            let data = try JSONSerialization.data(withJSONObject: program)
            parsed = try mappingProgramErrors { try Program.parse(json: data) }
        } else {
            throw APIError.badRequest("`program` needs `blocks`, `python` or `blocklyXml`.", code: "bad_json")
        }
        return parsed
    }

    /// A player id: 8–64 letters, digits, `-` or `_` (the page makes a random one).
    static func player(_ text: String) throws -> String {
        guard (8...64).contains(text.utf8.count),
              text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F })
        else { throw APIError.badRequest("A player id is 8 to 64 letters, digits, '-' or '_'.", code: "invalid_player") }
        return text
    }
}

/// A level as the API answers it: the level itself plus where it comes from.
struct LevelJSON: Encodable {
    let level: Level
    /// `tessera` (ours), `custom` or `imported`.
    let source: String
    let sourcePk: Int?

    private enum Key: String, CodingKey { case source, sourcePk }

    /// One flat object: the level's fields with `source` and `sourcePk` beside them.
    func encode(to encoder: any Encoder) throws {
        try level.encode(to: encoder)
        var json = encoder.container(keyedBy: Key.self)
        try json.encode(source, forKey: .source)
        if let sourcePk { try json.encode(sourcePk, forKey: .sourcePk) } else { try json.encodeNil(forKey: .sourcePk) }
    }
}

struct StoredLevelJSON: Encodable {
    let id: String
    let name: String
    let source: String
    @Nullable var sourcePk: Int?

    init(_ stored: StoredLevel) {
        id = stored.id
        name = stored.level.name
        source = stored.source.rawValue
        sourcePk = stored.sourcePk
    }
}

struct EpisodesJSON: Encodable {
    struct EpisodeJSON: Encodable {
        let number: Int
        let name: String
        let summary: String
        let levels: [Summary]
    }

    struct Summary: Encodable {
        let id: String
        let name: String
        let maxScore: Int
        let blockly: Bool
        let python: Bool
    }

    let episodes: [EpisodeJSON]
    /// Custom and imported levels, oldest first.
    let custom: [StoredLevelJSON]

    init(episodes: [Episode], stored: [StoredLevel]) {
        self.episodes = episodes.map { episode in
            EpisodeJSON(number: episode.number, name: episode.name, summary: episode.summary,
                        levels: episode.levelIDs.compactMap(LevelCatalog.level(id:)).map {
                            Summary(id: $0.id, name: $0.name, maxScore: $0.scoring.max, blockly: $0.blocklyEnabled,
                                    python: $0.pythonEnabled)
                        })
        }
        custom = stored.map(StoredLevelJSON.init)
    }
}

struct ImportJSON: Encodable {
    let imported: [StoredLevelJSON]
    let problems: [LevelImport.Problem]
}

/// Runs a front end or the game, turning a `ProgramError` into the API's 400.
func mappingProgramErrors<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ProgramError { throw error.apiError }
}

/// `POST /api/router/programs/python`'s answer.
struct PythonViewJSON: Encodable {
    let python: String
    let blocks: Int
}
