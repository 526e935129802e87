import HTTPTypes
import Hummingbird
import Languages
import Logging
import NIOCore
import Synchronization

/// Makes every failure a JSON error: unknown paths become 404 `not_found` (a browser's page load
/// outside the API gets a small HTML page with a link home instead), a known path asked with
/// a method it does not serve becomes 405 with an `Allow` header, oversized bodies 413, Hummingbird's
/// own errors keep their status, and anything unexpected is logged and answered with a 500 that
/// hides internals. Bad input never reaches that last case: routes throw `APIError`.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A declared length over the limit is refused before anything reads the body.
        if let length = request.headers[.contentLength].flatMap(Int.init), length > JSONBody.maxBytes(forPath: request.uri.path) {
            return try JSONBody.tooLarge.response(from: request, context: context)
        }
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as any APIErrorProviding {
            return try error.apiError.response(from: request, context: context)
        } catch let error as HTTPError {
            if error.status == .notFound, let allowed = routes.methods(forPath: request.uri.path), !allowed.isEmpty {
                var response = try Self.methodNotAllowed(request.method.rawValue, allowed: allowed)
                    .response(from: request, context: context)
                response.headers[.allow] = allowed.joined(separator: ", ")
                return response
            }
            if error.status == .notFound, NotFoundPage.wanted(by: request) { return NotFoundPage.response(to: request) }
            return try Self.apiError(for: error).response(from: request, context: context)
        } catch is NIOTooManyBytesError {
            return try JSONBody.tooLarge.response(from: request, context: context)
        } catch {
            context.logger.error("Unhandled error: \(String(reflecting: error))")
            return try APIError(.internalServerError, code: "internal_error", say: "shared.errors.internal")
                .response(from: request, context: context)
        }
    }

    /// 405 naming the methods the path does serve ("use GET or POST"), in the asker's words.
    static func methodNotAllowed(_ method: String, allowed: [String]) -> APIError {
        APIError(.methodNotAllowed, code: "method_not_allowed", say: "shared.errors.methodNotAllowed",
                 ["method": .text(method), "allowed": .phrase(Self.either(allowed))])
    }

    /// "A or B or C" in the asker's words: choices given in code, joined as the language joins them.
    static func either(_ choices: [String]) -> Phrase {
        guard choices.count > 1, let last = choices.last else { return Phrase("shared.errors.verbatim", ["text": .text(choices.first ?? "")]) }
        return Phrase("shared.errors.or", ["a": .phrase(either(Array(choices.dropLast()))), "b": .text(last)])
    }

    /// Hummingbird's own errors (a path nothing serves, a body too large) in our words: its English
    /// bodies are not passed on, only the status.
    static func apiError(for error: HTTPError) -> APIError {
        switch error.status {
        case .notFound:
            return APIError(.notFound, code: "not_found", say: "shared.errors.nothingHere")
        case .contentTooLarge:
            return JSONBody.tooLarge
        default:
            return APIError(error.status, code: error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"),
                            say: "shared.errors.refused", ["status": .number(error.status.code)])
        }
    }
}

/// The routed paths and their methods, filled once every app has registered its routes, so an
/// unrouted method on a known path can be answered 405 with the methods that path does serve.
final class RouteTable: Sendable {
    private let entries = Mutex<[(path: RouterPath, methods: Set<String>)]>([])

    /// Called with each table once it is loaded. `buildApplication` returns an opaque app, so the
    /// OpenAPI contract test binds this (task-local: only its own build reports) to read the routes.
    @TaskLocal static var onLoad: (@Sendable (RouteTable) -> Void)?

    /// Every routed (method, path template), templates as Hummingbird writes them (`/api/posts/{id}`).
    var operations: [(method: String, path: String)] {
        entries.withLock { entries in
            entries.flatMap { entry in entry.methods.sorted().map { (method: $0, path: entry.path.description) } }
        }
    }

    func load<Context>(from router: Router<Context>) {
        var table: [(path: RouterPath, methods: Set<String>)] = []
        for route in router.routes {
            if let index = table.firstIndex(where: { $0.path.description == route.path.description }) {
                table[index].methods.insert(route.method.rawValue)
            } else {
                table.append((route.path, [route.method.rawValue]))
            }
        }
        entries.withLock { $0 = table }
        Self.onLoad?(self)
    }

    /// The methods served at `path` (sorted), or nil when no route has this path.
    ///
    /// Like Hummingbird's trie, a literal segment beats a parameter: `/api/posts/status` is the
    /// `status` route only, not also `/api/posts/{id}`, so its `Allow` lists only what it serves.
    func methods(forPath path: String) -> [String]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let methods = entries.withLock { entries in
            var matching = entries.filter { entry in
                entry.path.components.count == segments.count
                    && zip(entry.path.components, segments).allSatisfy { element, segment in element ~= segment }
            }
            for (index, segment) in segments.enumerated() {
                let literal = { (entry: (path: RouterPath, methods: Set<String>)) in
                    entry.path.components[index].description == segment
                }
                if matching.contains(where: literal) { matching = matching.filter(literal) }
            }
            return matching.reduce(into: Set<String>()) { $0.formUnion($1.methods) }
        }
        return methods.isEmpty ? nil : methods.sorted()
    }
}
