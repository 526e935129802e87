import Foundation
import GridKit
import HTTPTypes
import Hummingbird
import NIOCore
import PostsKit

/// `/origin/…`: the Posts app's origin, which behaves like jsonplaceholder (json-server 0.17 with
/// fake writes) over our own generated `OriginDataset`:
///
/// - `GET /origin/{resource}` (with `OriginQuery`'s filters, sort and paging, `X-Total-Count` and
///   `Link`), `GET /origin/{resource}/{id}`, `GET /origin/{resource}/{id}/{nested}` (=
///   `/origin/{nested}?{singular}Id={id}`), `GET /origin/db`;
/// - fake writes that change nothing: `POST` → 201 `{...body, id: max+1}` with `Location`, `PUT`
///   → `{...body, id}`, `PATCH` → the record merged with the body, `DELETE` → `{}`;
/// - `GET /origin/placeholder/{600|150}/{hex}`: the solid-colour image a photo URL names;
/// - unknown resources and ids → 404 `{}`; json-server's cache and CORS headers on everything.
///
/// Answers are written byte for byte as json-server writes them (field order, two-space indent),
/// not with the app's sorted-keys encoder. All paths share one handler that dispatches on the
/// path's shape, so an unknown resource is `{}` for every method and a wrong method is 405.
struct OriginRoutes<Context: CallerRequestContext>: Sendable {
    let options: PostsOriginOptions
    var catalog: OriginCatalog { .standard }

    static var methods: [HTTPRequest.Method] { [.get, .post, .put, .patch, .delete, .options] }

    func register(on router: Router<Context>) {
        // The fourth level is routed only to answer it as json-server does (404 `{}`): nesting is
        // one level deep (`/origin/posts/1/comments/1` is no route). Hummingbird refuses a `**`
        // beside these captures.
        for path in ["origin/:resource", "origin/:resource/:id", "origin/:resource/:id/:nested",
                     "origin/:resource/:id/:nested/:rest"] {
            for method in Self.methods {
                router.on(RouterPath(path), method: method, use: handle)
            }
        }
    }

    @Sendable func handle(_ request: Request, context: Context) async throws -> Response {
        if request.method == .options { return Self.preflight(request) }
        // A cancelled wait just answers early (nobody may be listening), rather than logging an error.
        if options.delayMilliseconds > 0 { try? await Task.sleep(for: .milliseconds(options.delayMilliseconds)) }
        var response: Response
        if options.drawsFailure() {
            response = Self.emptyObject(.internalServerError)
        } else {
            do {
                response = try await route(request, context: context)
            } catch let error as APIError {
                response = try error.response(from: request, context: context)
            } catch is NIOTooManyBytesError {
                response = try JSONBody.tooLarge.response(from: request, context: context)
            }
        }
        Self.addCommonHeaders(to: &response, for: request)
        return response
    }

    private func route(_ request: Request, context: Context) async throws -> Response {
        let parts = Array(request.uri.path.split(separator: "/").dropFirst())  // after "origin"
        let base = Self.base(of: request)
        let reading = request.method == .get || request.method == .head
        switch parts.count {
        case 1 where parts[0] == "db":
            guard reading else { throw Self.notAllowed(request, ["GET"]) }
            return Self.json(catalog.database(base: base))
        case 1:
            guard let resource = OriginResource(rawValue: String(parts[0])) else { return Self.emptyObject(.notFound) }
            switch request.method {
            case .get, .head: return try list(resource, request, base: base)
            case .post: return try await create(resource, request, base: base)
            default: throw Self.notAllowed(request, ["GET", "POST"])
            }
        case 2:
            guard let resource = OriginResource(rawValue: String(parts[0])) else { return Self.emptyObject(.notFound) }
            guard reading || [.put, .patch, .delete].contains(request.method) else {
                throw Self.notAllowed(request, ["GET", "PUT", "PATCH", "DELETE"])
            }
            guard let index = catalog.index(of: parts[1], in: resource) else { return Self.emptyObject(.notFound) }
            return try await item(resource, index, request, base: base)
        case 3 where parts[0] == "placeholder":
            guard reading else { throw Self.notAllowed(request, ["GET"]) }
            return OriginPlaceholder.response(size: parts[1], hex: parts[2]) ?? Self.emptyObject(.notFound)
        case 3:
            guard let parent = OriginResource(rawValue: String(parts[0])),
                  let nested = OriginResource(rawValue: String(parts[2])) else { return Self.emptyObject(.notFound) }
            guard reading else { throw Self.notAllowed(request, ["GET"]) }
            // Like json-server, the parent need not exist (`/posts/999/comments` is `[]`), but the id
            // must look like one.
            guard let id = Self.boundedID(parts[1]) else { return Self.emptyObject(.notFound) }
            return try list(nested, request, base: base, adding: (parent.singular + "Id", id))
        default:
            return Self.emptyObject(.notFound)
        }
    }

    private func list(_ resource: OriginResource, _ request: Request, base: String,
                      adding extra: (key: String, value: String)? = nil) throws -> Response {
        var items = try OriginQueryItems(request.uri.query)
        if let extra { items.replace(extra.key, with: extra.value) }
        let result = OriginQuery(items: items.pairs).run(on: catalog.records(resource), base: base)
        let everything = result.indices.count == catalog.records(resource).count && zip(result.indices, 0...).allSatisfy { $0 == $1 }
        var response = Self.json(everything ? catalog.wholeList(resource, base: base)
            : OriginRendering.list(catalog.rendered(resource), indices: result.indices, base: Array(base.utf8)))
        if let total = result.totalCount { response.headers[.originTotalCount] = String(total) }
        if let pages = result.pages, !pages.isEmpty {
            let url = { (page: Int) in "<\(base)\(request.uri.path)?\(items.withPage(page))>" }
            let links = [("first", pages.first), ("prev", pages.prev), ("next", pages.next), ("last", pages.last)]
                .compactMap { rel, page in page.map { "\(url($0)); rel=\"\(rel)\"" } }
            response.headers[.originLink] = links.joined(separator: ", ")
        }
        return response
    }

    private func create(_ resource: OriginResource, _ request: Request, base: String) async throws -> Response {
        var body = try await Self.objectBody(request)
        let id = catalog.nextID(resource)
        body["id"] = .int(id)  // `{...body, id}`: a sent id keeps its place but not its value
        var path = request.uri.path
        while path.hasSuffix("/") { path.removeLast() }
        var response = Self.json(OriginRendering(.object(body)).buffer(base: Array(base.utf8)), status: .created)
        response.headers[.location] = "\(base)\(path)/\(id)"
        return response
    }

    private func item(_ resource: OriginResource, _ index: Int, _ request: Request, base: String) async throws -> Response {
        let record = catalog.records(resource)[index]
        let answer: JSONValue
        switch request.method {
        case .put:
            var body = try await Self.objectBody(request)
            body["id"] = record.value(at: ["id"])
            answer = .object(body)
        case .patch:
            let body = try await Self.objectBody(request)
            guard case .object(let object) = record else { answer = .object(body); break }  // records are objects
            answer = .object(object.merging(body))
        case .delete:
            answer = .object(JSONObject())
        default:
            answer = record
        }
        return Self.json(OriginRendering(answer).buffer(base: Array(base.utf8)))
    }

    /// The body as a JSON object; no body at all is `{}` (json-server's body parser gives that).
    static func objectBody(_ request: Request) async throws -> JSONObject {
        let buffer = try await request.body.collect(upTo: JSONBody.maxBytes)
        guard buffer.readableBytes > 0 else { return JSONObject() }
        let value: JSONValue
        do {
            value = try OriginJSONParser.parse(Array(buffer.readableBytesView))
        } catch .tooComplex {
            throw APIError.badRequest("posts.errors.fakeOrigin.tooComplex",
                                      ["members": .number(OriginJSONParser.maxMembers), "depth": .number(OriginJSONParser.maxDepth)],
                                      code: "bad_json")
        } catch .invalid(let offset) {
            throw APIError.badRequest("posts.errors.fakeOrigin.notJSON", ["offset": .text(String(offset))], code: "bad_json")
        }
        guard case .object(let object) = value else {
            throw APIError.badRequest("posts.errors.fakeOrigin.notAnObject", code: "bad_json")
        }
        return object
    }

    /// An id as json-server prints ids (1–9 digits without a leading zero); ids start at 1.
    static func boundedID(_ text: Substring) -> String? {
        guard (1...9).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let id = Int(text), id >= 1, String(id) == text else { return nil }
        return String(text)
    }

    /// `http://` + the `Host` the client used, so links and photo URLs point back at this server
    /// however it was reached; a `Host` with unexpected characters is replaced by `localhost`.
    static func base(of request: Request) -> String {
        guard let host = request.head.authority, !host.isEmpty, host.utf8.count <= 255,
              host.utf8.allSatisfy({ byte in
                  (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                      || [0x2E, 0x2D, 0x3A, 0x5B, 0x5D, 0x5F].contains(byte)
              }) else { return "http://localhost" }
        return "http://" + host
    }

    static func json(_ body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
    }

    /// json-server's answer for anything missing, and ours for a simulated failure: `{}`.
    static func emptyObject(_ status: HTTPResponse.Status) -> Response {
        json(ByteBuffer(string: "{}"), status: status)
    }

    static func notAllowed(_ request: Request, _ allowed: [String]) -> APIError {
        var error = ErrorMiddleware<Context>.methodNotAllowed(request.method.rawValue, allowed: allowed)
        error.headers[.allow] = allowed.joined(separator: ", ")
        return error
    }

    static var exposedHeaders: String { "X-Total-Count, Link, Location" }

    /// The request's `Origin` (any site may read the origin, as jsonplaceholder allows), or `*`.
    static func allowedOrigin(_ request: Request) -> String {
        guard let origin = request.headers[.origin], !origin.isEmpty, origin.utf8.count <= 512 else { return "*" }
        return origin
    }

    /// json-server's headers on every answer: CORS (origin reflected, credentials allowed) and
    /// "never cache" (`no-cache`, `Pragma`, `Expires: -1`) unless the route chose its own caching.
    static func addCommonHeaders(to response: inout Response, for request: Request) {
        response.headers[.accessControlAllowOrigin] = allowedOrigin(request)
        response.headers[.accessControlAllowCredentials] = "true"
        response.headers[.accessControlExposeHeaders] = exposedHeaders
        response.headers[.vary] = "Origin"
        if response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-cache"
            response.headers[.originPragma] = "no-cache"
            response.headers[.expires] = "-1"
        }
    }

    /// A CORS preflight (any `OPTIONS`): 204 with the methods json-server allows and the request
    /// headers the browser asked about. Never delayed or failed: browsers retry preflights badly.
    static func preflight(_ request: Request) -> Response {
        var headers: HTTPFields = [
            .accessControlAllowOrigin: allowedOrigin(request),
            .accessControlAllowCredentials: "true",
            .accessControlAllowMethods: "GET,HEAD,PUT,PATCH,POST,DELETE",
            .vary: "Origin, Access-Control-Request-Headers",
            .contentLength: "0",
        ]
        if let asked = request.headers[.accessControlRequestHeaders], asked.utf8.count <= 512,
           asked.utf8.allSatisfy({ $0 == 0x2C || $0 == 0x20 || $0 == 0x2D || (0x30...0x39).contains($0)
               || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) {
            headers[.accessControlAllowHeaders] = asked
        }
        return Response(status: .noContent, headers: headers)
    }
}

/// The images photo URLs name: a solid square of the colour, as an SVG with its size written small
/// in a contrasting colour. Sizes 600 and 150 and 3 or 6 hex digits only; anything else is 404.
enum OriginPlaceholder {
    static func response(size: Substring, hex: Substring) -> Response? {
        guard size == "600" || size == "150", hex.utf8.count == 3 || hex.utf8.count == 6,
              hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        let colour = hex.lowercased()
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)" viewBox="0 0 \(size) \(size)">\
            <rect width="\(size)" height="\(size)" fill="#\(colour)"/>\
            <text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" \
            font-size="\(size == "600" ? 48 : 14)" fill="\(isLight(colour) ? "#000000" : "#ffffff")">\(size)×\(size)</text></svg>
            """
        return Response(status: .ok,
                        headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                        body: .init(byteBuffer: ByteBuffer(string: svg)))
    }

    /// Whether dark text reads better on this colour (perceived luminance above one half).
    static func isLight(_ colour: String) -> Bool {
        let digits = colour.count == 3 ? colour.map { "\($0)\($0)" }.joined() : colour
        guard let value = UInt32(digits, radix: 16) else { return true }
        let red = Double(value >> 16 & 0xFF), green = Double(value >> 8 & 0xFF), blue = Double(value & 0xFF)
        return (0.299 * red + 0.587 * green + 0.114 * blue) / 255 > 0.5
    }
}

// File-private names, so nobody else's header constants can clash with these.
extension HTTPField.Name {
    fileprivate static let originTotalCount = HTTPField.Name("X-Total-Count")!
    fileprivate static let originLink = HTTPField.Name("Link")!
    fileprivate static let originPragma = HTTPField.Name("Pragma")!
}
