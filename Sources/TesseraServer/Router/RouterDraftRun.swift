import Foundation
import Hummingbird
import RouterKit
import RouterPython

/// `POST /api/router/runs`: `{"level": <a level as POST /api/router/levels takes it>, "program": <as
/// levels/{id}/runs takes it>}`. The designer's Test drive plays a draft with it, so nothing is
/// stored: no level, no progress. The answer is a run's answer.
struct DraftRunRequest {
    let level: Level
    let program: RunnableProgram

    /// The keys the body may hold (the contract's `additionalProperties: false`): a draft run
    /// records nothing, so `player` and `seconds` are refused rather than silently ignored.
    static let keys: Set<String> = ["level", "program"]

    /// The checks run in this order: the body's keys, the level's shape and text bounds (400), the
    /// program (400 for a wrong shape, 422 for one that cannot be read), then whether the level
    /// holds together (422), as POST /api/router/levels checks it.
    static func decode(from request: Request) async throws -> DraftRunRequest {
        let body = try await JSONBody.decode(Body.self, from: request)
        try body.level.validate()
        return DraftRunRequest(level: body.level, program: body.program)
    }

    private struct Body: Decodable {
        var level: Level
        let program: RunnableProgram

        init(from decoder: any Decoder) throws {
            let body = try AnyKey.object(decoder)
            if let unknown = body.allKeys.map(\.stringValue).sorted().first(where: { !keys.contains($0) }) {
                throw APIError.badRequest("router.errors.draftKey", ["key": .sent(unknown)], code: "bad_json")
            }
            guard body.contains("level"), (try? body.nestedContainer(keyedBy: AnyKey.self, forKey: "level")) != nil else {
                throw APIError.badRequest("router.errors.draftLevel", code: "bad_json")
            }
            // Decoded like POST /api/router/levels' body, so a mistyped field gets the same answer
            // (named `level.<field>`).
            level = try body.decode(Level.self, forKey: "level")
            try level.checkTextBounds(field: "level")
            level.id = "draft"
            level.episode = nil
            program = try body.program()
        }
    }
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
            throw APIError.badRequest("router.errors.textTooLong", ["field": .text(name(field)), "limit": .text(String(limit))], code: "bad_json")
        }
        if let episode, !(1...99).contains(episode) {
            throw APIError.badRequest("router.errors.episodeNumber", ["field": .text(name("episode"))], code: "bad_json")
        }
    }
}
