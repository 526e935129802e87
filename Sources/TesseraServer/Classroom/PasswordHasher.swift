import ClassroomKit
import NIOPosix
import Synchronization
import TesseraStore

/// bcrypt, off the event loops and a few at a time. A hash costs tens of milliseconds of CPU on
/// purpose; done on an event loop it would stall every request on that loop, and a storm of logins
/// would starve `/health`. So the work runs on a small thread pool of its own, and once
/// `maxWaiting` hashes are queued a new one is refused with 429 instead of growing the queue.
final class PasswordHasher: Sendable {
    /// bcrypt's cost (`PasswordHashing`): 2^cost rounds.
    let cost: UInt8
    let maxWaiting: Int
    private let inFlight = Mutex(0)

    /// Two threads, shared by every server in the process (tests build many), started once.
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    /// A hash of a password nobody has, verified when the account does not exist, so an unknown
    /// email takes as long to refuse as a wrong password (the answer reveals nothing either way).
    /// Made on the pool at the first such check, never while the server is built: a bcrypt hash
    /// there would hold up one of the few threads every task shares.
    private let decoy = Mutex<String?>(nil)

    init(cost: UInt8 = PasswordHashing.defaultCost, maxWaiting: Int = 32) {
        self.cost = cost
        self.maxWaiting = maxWaiting
    }

    func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await run { PasswordHashing.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`; with no hash (no such account) it checks the decoy and
    /// answers `false`, taking the same time.
    func verify(_ password: String, against hash: String?) async throws -> Bool {
        let matches = try await run { [self] in
            let against = hash ?? decoy.withLock { made in
                if let made { return made }
                let fresh = PasswordHashing.hash(Secrets.token(), cost: cost)
                made = fresh
                return fresh
            }
            return PasswordHashing.verify(password, against: against)
        }
        return matches && hash != nil
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
        let admitted = inFlight.withLock { count in
            guard count < maxWaiting else { return false }
            count += 1
            return true
        }
        guard admitted else {
            TesseraMetrics.refused("password_checks").increment()
            throw APIError.tooBusy("Many people are signing in at once; try again in a few seconds.", retryAfterSeconds: 2)
        }
        defer { inFlight.withLock { $0 -= 1 } }
        return try await Self.pool.runIfActive(work)
    }
}
