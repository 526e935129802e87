import HTTPTypes
import Hummingbird

/// `Cache-Control: no-store` on every answer that depends on who asks: an API request that carries
/// a session cookie, a bearer token or an anonymous owner key (their levels, their classes, their
/// errors). A shared cache (a school's proxy) or the browser's disk must not keep one person's
/// answer for another. Answers to nobody in particular keep their own caching.
struct PrivateAnswersMiddleware<Context: CallerRequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if Self.isPrivate(request, context.caller) { response.headers[.cacheControl] = "no-store" }
        return response
    }

    static func isPrivate(_ request: Request, _ caller: Caller) -> Bool {
        guard request.uri.path.hasPrefix("/api/") else { return false }
        return caller.account != nil || caller.anonymousOwner != nil || caller.ownerKeyProblem != nil
            || request.headers[.cookie] != nil || request.headers[.authorization] != nil
    }
}
