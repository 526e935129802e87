import Foundation
import Hummingbird
import NIOCore
import RouterKit

/// `POST /api/router/runs`: `{"level": <a level as POST /api/router/levels takes it>, "program": <as
/// levels/{id}/runs takes it>}`. The designer's Test drive plays a draft with it, so nothing is
/// stored: no level, no progress. The answer is a run's answer.
struct DraftRunRequest {
    let level: Level
    let program: Program

    /// The keys the body may hold (the contract's `additionalProperties: false`): a draft run
    /// records nothing, so `player` and `seconds` are refused rather than silently ignored.
    static let keys: Set<String> = ["level", "program"]

    static func decode(from request: Request) async throws -> DraftRunRequest {
        // The body is read once; `JSONBody.decode` and `RunRequest.jsonObject` then both read the
        // collected copy, so the level gets the same decoding errors as POST /api/router/levels.
        var request = request
        do { _ = try await request.collectBody(upTo: JSONBody.maxBytes) } catch is NIOTooManyBytesError { throw JSONBody.tooLarge }
        let object = try await RunRequest.jsonObject(from: request)
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            throw APIError.badRequest("The body has `\(unknown)`; a test drive takes only `level` and `program`.", code: "bad_json")
        }
        guard object["level"] is [String: Any] else {
            throw APIError.badRequest("`level` must be a level object, as POST /api/router/levels takes it.", code: "bad_json")
        }
        var level = try await JSONBody.decode(LevelBody.self, from: request).level
        try level.checkTextBounds(field: "level")
        level.id = "draft"
        level.episode = nil
        let program = try RunRequest.program(in: object)
        try level.validate()
        return DraftRunRequest(level: level, program: program)
    }

    private struct LevelBody: Decodable { let level: Level }
}

extension Level {
    /// The contract's bounds on a posted level's texts and episode (openapi.yaml's `RouterLevel`),
    /// which `validate()` does not look at: a 400 naming the field. Lengths are in characters
    /// (Unicode scalars), as JSON Schema counts them.
    func checkTextBounds(field prefix: String? = nil) throws {
        func name(_ field: String) -> String { prefix.map { "\($0).\(field)" } ?? field }
        let texts: [(String, String, Int)] = [("id", id, 80), ("name", self.name, 200), ("lesson", lesson, 4000), ("hint", hint, 4000),
                                              ("character", character, 40)]
            + decor.enumerated().map { ("decor[\($0.offset)].name", $0.element.name, 40) }
        for (field, text, limit) in texts where text.unicodeScalars.count > limit {
            throw APIError.badRequest("'\(name(field))' may be at most \(limit) characters.", code: "bad_json")
        }
        if let episode, !(1...99).contains(episode) {
            throw APIError.badRequest("'\(name("episode"))' must be a whole number from 1 to 99, or null.", code: "bad_json")
        }
    }
}
