import Foundation
import Hummingbird
import Languages

/// `/api/languages`: the languages Tessera speaks and each one's catalogue, which every page loads
/// once (`shared/words.js`). The catalogues are read at start; their JSON is made then too, so a
/// request only copies bytes.
struct LanguageRoutes<Context: CallerRequestContext>: Sendable {
    let catalogues: Catalogues

    /// `GET /api/languages` → `{"languages":[{"code","name","dir"}]}` (English first; not en-XA).
    @Sendable func list(_ request: Request, context: Context) async throws -> Response {
        try JSONBody.response(LanguageListJSON(languages: catalogues.languages.map {
            LanguageListJSON.Language(code: $0.code, name: $0.name, dir: $0.dir)
        }))
    }

    /// `GET /api/languages/{code}` → `{"language","messages"}`; en-XA too. Browsers keep it and ask
    /// again with its ETag (a 304 with no body), since every page asks for it first.
    @Sendable func catalogue(_ request: Request, context: Context) async throws -> Response {
        let code = try context.parameters.require("code")
        guard code.utf8.count <= 35, let catalogue = catalogues.catalogues[code] else {
            throw APIError.notFound("shared.errors.notFound.language", ["code": .sent(code, limit: 35)])
        }
        let tag = ETag.of(catalogue.json)
        if let match = request.headers[.ifNoneMatch], ETag.matches(match, tag) {
            return Response(status: .notModified, headers: [.eTag: tag, .cacheControl: "no-cache"])
        }
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .eTag: tag, .cacheControl: "no-cache"],
                        body: .init(byteBuffer: .init(bytes: catalogue.json)))
    }
}

struct LanguageListJSON: Encodable {
    struct Language: Encodable {
        let code: String
        let name: String
        let dir: String
    }
    let languages: [Language]
}
