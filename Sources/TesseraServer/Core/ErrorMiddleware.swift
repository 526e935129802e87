import Hummingbird
import Logging
import NIOCore

/// Makes every failure a JSON error: unknown routes become 404 `not_found`, oversized bodies 413,
/// Hummingbird's own errors keep their status, and anything unexpected is logged and answered
/// with a 500 that hides internals. Bad input never reaches that last case: routes throw `APIError`.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // A declared length over the limit is refused before anything reads the body.
        if let length = request.headers[.contentLength].flatMap(Int.init), length > JSONBody.maxBytes {
            return try JSONBody.tooLarge.response(from: request, context: context)
        }
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as HTTPError {
            return try Self.apiError(for: error).response(from: request, context: context)
        } catch is NIOTooManyBytesError {
            return try JSONBody.tooLarge.response(from: request, context: context)
        } catch {
            context.logger.error("Unhandled error: \(String(reflecting: error))")
            return try APIError(.internalServerError, code: "internal_error", message: "Something went wrong on the server.")
                .response(from: request, context: context)
        }
    }

    static func apiError(for error: HTTPError) -> APIError {
        switch error.status {
        case .notFound:
            // Unknown paths and unrouted methods both land here; see ARCHITECTURE.md.
            return APIError(.notFound, code: "not_found", message: error.body ?? "No route matches this method and path.")
        case .contentTooLarge:
            return JSONBody.tooLarge
        default:
            return APIError(error.status, code: error.status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_"),
                            message: error.body ?? error.status.reasonPhrase)
        }
    }
}
