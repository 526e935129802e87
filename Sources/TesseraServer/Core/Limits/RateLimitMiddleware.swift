import Foundation
import HTTPTypes
import Hummingbird
import Languages
import Synchronization

/// Per-client limits on the routes that create something or cost real work, in one place: the
/// table below names each limited route (as `APIRoutes` spells it) and its kind. A request takes
/// one token from its client's bucket of that kind (`RateLimitBuckets`, client from
/// `context.caller`); an empty bucket answers 429 `too_busy` with `Retry-After` and a sentence
/// saying when to try again, and counts in `tessera_refused_total{limit="rate"}`.
///
/// A request whose answer says nothing was done (malformed, not found, refused by another limit)
/// gets its token back, so a class's mistakes never use up its allowance; but once its CPU work
/// has run (`WorkDone`), it keeps the token whatever it answers. A wrong password keeps
/// its token: sign-ins are what guessing would spend (`LoginThrottle` counts those per account too).
struct RateLimitMiddleware<Context: CallerRequestContext>: RouterMiddleware {
    let buckets: RateLimitBuckets

    /// Method, path pattern (`:name` matches one segment) and kind, for every limited route.
    static var limitedRoutes: [(method: HTTPRequest.Method, path: String, kind: RateLimits.Kind)] {
        [
            (.post, "/api/tictactoe/games", .create),
            (.post, "/api/tictactoe/games/:id/rematch", .create),  // a rematch is a new stored game
            (.post, "/api/pentomino/puzzles", .create),
            (.post, "/api/pentomino/daily", .create),  // a copy of the day's puzzle is a new stored puzzle
            (.post, "/api/router/levels", .create),
            (.post, "/api/router/levels/import", .create),
            (.post, "/api/router/levels/:id/copy", .create),
            (.post, "/api/classes", .create),
            (.post, "/api/schools", .create),
            (.post, "/api/schools/:id/invites", .create),
            (.post, "/api/schools/:id/teachers/:teacher/password", .passwords),
            (.post, "/api/classes/:id/pupils", .passwords),
            (.patch, "/api/classes/:id", .passwords),  // a new way to sign in is new passwords for all
            (.post, "/api/classes/:id/pupils/:pupil/password", .passwords),
            (.post, "/api/classes/:id/passwords", .passwords),
            (.put, "/api/auth/password", .passwords),
            (.post, "/api/router/levels/:id/runs", .runs),
            (.post, "/api/router/runs", .runs),
            (.post, "/api/router/programs/python", .runs),
            // Answers and replays run the engine too.
            (.get, "/api/router/levels/:id/solution", .runs),
            (.put, "/api/router/levels/:id/solution", .runs),
            (.get, "/api/router/players/:player/programs/:id/attempts/:n", .runs),
            (.get, "/api/classes/:id/levels/:level/solutions", .runs),
            (.get, "/api/pentomino/puzzles/:id/hint", .solver),
            (.get, "/api/pentomino/puzzles/:id/stuck", .solver),
            (.get, "/api/pentomino/puzzles/:id/solutions", .solver),
            (.post, "/api/pentomino/boards/count", .solver),
            (.post, "/api/posts/sync", .sync),
            (.get, "/api/maze/explore", .explore),
            (.post, "/api/auth/login", .signin),
            (.post, "/api/auth/teachers", .signin),
        ]
    }

    /// Answers that mean no work was done: the token goes back.
    static var refunded: Set<HTTPResponse.Status> { [
        .badRequest, .forbidden, .notFound, .methodNotAllowed, .contentTooLarge, .unsupportedMediaType,
        .unprocessableContent, .tooManyRequests,
    ] }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard buckets.limits.rules != nil, let kind = Self.kind(of: request) else { return try await next(request, context) }
        let caller = context.caller
        // New passwords count for the account and for its address too: one school's accounts
        // share what bcrypt costs, and making more accounts does not buy more.
        var counted = [caller.client]
        if kind == .passwords, caller.account != nil { counted.append("address:" + caller.address) }
        for (index, each) in counted.enumerated() {
            guard let wait = buckets.take(kind, client: each) else { continue }
            for taken in counted.prefix(index) { buckets.refund(kind, client: taken) }
            TesseraMetrics.refused("rate").increment()
            return try Self.refusal(kind, wait: wait).response(from: request, context: context)
        }
        let work = WorkDone()
        let charge = RateLimitCharge(buckets: buckets, kind: kind, clients: counted)
        let response = try await WorkDone.$current.withValue(work) {
            try await RateLimitCharge.$current.withValue(charge) { try await next(request, context) }
        }
        if Self.refunded.contains(response.status), !work.happened { for each in counted { buckets.refund(kind, client: each) } }
        return response
    }

    static func kind(of request: Request) -> RateLimits.Kind? {
        let segments = request.uri.path.split(separator: "/", omittingEmptySubsequences: true)
        return limitedRoutes.first { route in
            guard route.method == request.method else { return false }
            let pattern = route.path.split(separator: "/")
            return pattern.count == segments.count && zip(pattern, segments).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
        }?.kind
    }

    /// What to tell the person, in their words, with when to try again.
    static func refusal(_ kind: RateLimits.Kind, wait: Int) -> APIError {
        let minutes = wait / 60 + (wait % 60 == 0 ? 0 : 1), hours = wait / 3600 + (wait % 3600 == 0 ? 0 : 1)
        let when = wait < 90 ? Phrase("shared.errors.inSeconds", ["count": .number(max(wait, 1))])
            : minutes < 60 ? Phrase("shared.errors.inMinutes", ["count": .number(minutes)])
            : Phrase("shared.errors.inHours", ["count": .number(hours)])
        return APIError.tooBusy("shared.errors.rate.\(kind.rawValue)", ["when": .phrase(when)], retryAfterSeconds: wait)
    }
}

/// Marked by `CPUWork` when a limited request's expensive work was admitted: that request keeps
/// its token even if it then answers 4xx (say, a run whose player id turns out to be refused), so
/// no answer can make the work free.
final class WorkDone: Sendable {
    @TaskLocal static var current: WorkDone?
    private let flag = Atomic<Bool>(false)

    func mark() { flag.store(true, ordering: .relaxed) }
    var happened: Bool { flag.load(ordering: .relaxed) }
}
