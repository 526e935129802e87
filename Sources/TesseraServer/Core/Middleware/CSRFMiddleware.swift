import Hummingbird

/// Double-submit CSRF protection for cookie-authenticated writes: a state-changing request to
/// the API that carries a session cookie must repeat the `tessera_csrf` cookie's value in
/// `X-CSRF-Token` (403 `csrf_token_mismatch` otherwise). Another site can make a browser send the
/// cookies, but cannot read them to set the header. Requests without a session are untouched.
struct CSRFMiddleware<Context: CallerRequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method), request.uri.path.hasPrefix("/api/"),
              request.cookies[Sessions.sessionCookie] != nil else {
            return try await next(request, context)
        }
        let expected = request.cookies[Sessions.csrfCookie]?.value ?? ""
        let sent = request.headers[Sessions.csrfHeader] ?? ""
        guard !expected.isEmpty, sent.constantTimeEquals(expected) else {
            return try APIError(.forbidden, code: "csrf_token_mismatch", say: "shared.errors.csrf")
                .response(from: request, context: context)
        }
        return try await next(request, context)
    }
}
