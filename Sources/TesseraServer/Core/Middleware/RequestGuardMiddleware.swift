import HTTPTypes
import Hummingbird

/// What every request must satisfy before it reaches a route, and the headers every answer carries.
///
/// - A request with a body must say `Content-Type: application/json` (else 415), which also stops a
///   cross-site `<form>` from posting `text/plain` that happens to parse as JSON.
/// - A `Host` that `AllowedHosts` does not serve (bound to loopback: any name but a loopback one;
///   with `--allowed-host`: any name but those and loopback ones) is refused (403
///   `host_not_allowed`): a hostile web page cannot reach us through DNS rebinding.
/// - A browser request from another site's page to the API is refused (403 `cross_site`).
/// - Every response, errors included, gets a strict Content-Security-Policy (no inline script or
///   style, no framing), `nosniff` and `no-referrer`.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The `Host` names served (all of them when bound to a wider address with no `--allowed-host`).
    let hosts: AllowedHosts

    static var securityHeaders: HTTPFields {
        [
            .contentSecurityPolicy: "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
            .xContentTypeOptions: "nosniff",
            .referrerPolicy: "no-referrer",
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        if let refusal = refusal(for: request) {
            response = try refusal.response(from: request, context: context)
        } else {
            response = try await next(request, context)
        }
        for field in Self.securityHeaders where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }

    private func refusal(for request: Request) -> APIError? {
        if !hosts.allows(authority: request.head.authority) {
            // With --allowed-host the server has names of its own: say the name was not one of them.
            guard hosts.names.isEmpty else {
                return APIError(.forbidden, code: "host_not_allowed", say: "shared.errors.hostNotServed",
                                ["host": .sent(request.head.authority ?? "")])
            }
            return APIError(.forbidden, code: "host_not_allowed", say: "shared.errors.hostNotAllowed")
        }
        // Browsers say where a request comes from; another site's page may not drive the API
        // (an `EventSource` on /api/maze/explore from any page would make us work for it).
        if let site = request.headers[.secFetchSite], site == "cross-site" || site == "same-site",
           request.uri.path.hasPrefix("/api/") {
            return APIError(.forbidden, code: "cross_site", say: "shared.errors.crossSite")
        }
        if Self.hasBody(request), !Self.isJSON(request.headers[.contentType]) {
            return APIError(.unsupportedMediaType, code: "unsupported_media_type", say: "shared.errors.notJSONContent")
        }
        return nil
    }

    static func hasBody(_ request: Request) -> Bool {
        if let length = request.headers[.contentLength] { return length != "0" }
        return request.headers[.transferEncoding] != nil
    }

    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }

    /// `localhost`, any `127.x.y.z` or `[::1]`, with or without a port.
    static func isLoopbackName(_ authority: String) -> Bool { AllowedHosts.isLoopbackName(authority) }

    /// Whether `host` (as given to `--host`) is a loopback address.
    static func isLoopbackHost(_ host: String) -> Bool { AllowedHosts.isLoopbackHost(host) }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
