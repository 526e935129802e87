import GridKit
import Hummingbird
import Logging

/// One access line per request, written when the response has been sent: method, path (never the
/// query, bodies or headers, so no token reaches a log), status and duration. At `info`; run with
/// `--log-level warning` to silence it.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Longer paths are cut in the log so a hostile URL cannot bloat it.
    static var maxLoggedPath: Int { 200 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.logger.logLevel <= .info else { return try await next(request, context) }
        let started = ContinuousClock.now
        let logger = context.logger
        let method = request.method.rawValue
        let path = String(request.uri.path.prefix(Self.maxLoggedPath))
        var response = try await next(request, context)
        let status = response.status.code
        response.body = response.body.afterWriting {
            let elapsed = ContinuousClock.now - started
            let milliseconds = elapsed.milliseconds
            logger.info("\(method) \(path) \(status) \(Self.format(milliseconds)) ms")
        }
        return response
    }

    private static func format(_ milliseconds: Double) -> String {
        let hundredths = Int((milliseconds * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}

extension ResponseBody {
    /// This body, then `done` once it has been written (or failed to be).
    func afterWriting(_ done: @escaping @Sendable () -> Void) -> ResponseBody {
        let body = self
        return ResponseBody(contentLength: contentLength) { writer in
            defer { done() }
            try await body.write(writer)
        }
    }
}
