/// How the Posts origin (`/origin/…`) misbehaves on demand, for tests and demos of a slow or flaky
/// network (`tessera serve --posts-origin-delay-ms … --posts-origin-failure-rate …`). The defaults
/// answer at once and never fail.
public struct PostsOriginOptions: Sendable, Equatable {
    /// Every origin request (except a CORS preflight) waits this long first, with an async sleep.
    public var delayMilliseconds: Int = 0 {
        didSet { delayMilliseconds = min(max(delayMilliseconds, 0), Self.delayRange.upperBound) }
    }
    /// The share (0…1) of origin requests that answer 500 with `{}` (after the delay).
    public var failureRate: Double = 0 {
        didSet { failureRate = failureRate.isNaN ? 0 : min(max(failureRate, 0), 1) }
    }

    public static let delayRange = 0...60_000

    public init(delayMilliseconds: Int = 0, failureRate: Double = 0) {
        // Clamped here too (property observers do not run in an initialiser).
        self.delayMilliseconds = min(max(delayMilliseconds, 0), Self.delayRange.upperBound)
        self.failureRate = failureRate.isNaN ? 0 : min(max(failureRate, 0), 1)
    }

    /// One draw: should this request fail?
    func drawsFailure() -> Bool {
        failureRate > 0 && Double.random(in: 0..<1) < failureRate
    }
}
