/// More of a limited request's allowance, taken by the route once it knows what the request
/// costs: an import stores many levels for one request, and each stored level is a creation
/// (`RouterRoutes.importLevels` charges one per level beyond the request's own token). Set by
/// `RateLimitMiddleware` for the request's kind and clients; `nil` when the route is not limited
/// or limits are off.
struct RateLimitCharge: Sendable {
    @TaskLocal static var current: RateLimitCharge?

    let buckets: RateLimitBuckets
    let kind: RateLimits.Kind
    let clients: [String]

    /// Takes `extra` more tokens from every client the request counts against, all or none; 429
    /// `too_busy` with `Retry-After` (and nothing taken) when any bucket has too few.
    func take(_ extra: Int) throws {
        guard extra > 0 else { return }
        for (index, client) in clients.enumerated() {
            guard let wait = buckets.take(kind, client: client, count: extra) else { continue }
            for taken in clients.prefix(index) { buckets.refund(kind, client: taken, count: extra) }
            TesseraMetrics.refused("rate").increment()
            throw RateLimitMiddleware<TesseraRequestContext>.refusal(kind, wait: wait)
        }
    }
}
