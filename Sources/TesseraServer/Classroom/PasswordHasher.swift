import ClassroomKit
import DequeModule
import NIOPosix
import Synchronization
import TesseraStore

/// bcrypt, off the event loops, a few at a time, sign-ins first. A hash costs tens of milliseconds
/// of CPU on purpose; done on an event loop it would stall every request on that loop. So the work
/// runs on two threads of its own, and waits its turn in one of two lanes:
///
/// - `.signIn` (checking a password at sign-in): always served first, at most `maxWaiting` queued;
/// - `.other` (new passwords: sign-up, a teacher's change, pupils' new and reset passwords): served
///   when no sign-in waits, at most `maxOtherWaiting` queued and `perClient` for any one client.
///
/// A full lane answers 429 at once instead of growing, so a teacher resetting passwords in a loop
/// is refused while a pupil's sign-in waits for at most the two hashes already running.
final class PasswordHasher: Sendable {
    enum Lane: Sendable { case signIn, other }

    /// bcrypt's cost (`PasswordHashing`): 2^cost rounds.
    let cost: UInt8
    let maxWaiting: Int
    let maxOtherWaiting: Int
    let perClient: Int
    private static let threads = 2

    private struct State {
        var running = 0
        var signInCount = 0
        var otherCount = 0
        var perClient: [String: Int] = [:]
        var signInQueue: Deque<CheckedContinuation<Void, Never>> = []
        var otherQueue: Deque<CheckedContinuation<Void, Never>> = []
    }
    private let state = Mutex(State())

    /// Two threads, shared by every server in the process (tests build many), started once.
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        return pool
    }()

    /// A hash of a password nobody has, verified when the account does not exist, so an unknown
    /// email takes as long to refuse as a wrong password (the answer reveals nothing either way).
    /// Made on the pool at the first such check, never while the server is built.
    private let decoy = Mutex<String?>(nil)

    init(cost: UInt8 = PasswordHashing.defaultCost, maxWaiting: Int = 32, maxOtherWaiting: Int = 8, perClient: Int = 2) {
        self.cost = cost
        self.maxWaiting = maxWaiting
        self.maxOtherWaiting = maxOtherWaiting
        self.perClient = perClient
    }

    /// A new password's hash, in the `.other` lane, counted against `client` (an account or address).
    func hash(_ password: String, client: String) async throws -> String {
        let cost = cost
        return try await run(.other, client: client) { PasswordHashing.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`; with no hash (no such account) it checks the decoy and
    /// answers `false`, taking the same time. `lane`: `.signIn` at sign-in, `.other` for a change.
    func verify(_ password: String, against hash: String?, lane: Lane = .signIn, client: String = "") async throws -> Bool {
        let matches = try await run(lane, client: client) { [self] in
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

    private func run<T: Sendable>(_ lane: Lane, client: String, _ work: @escaping @Sendable () -> T) async throws -> T {
        try admit(lane, client: client)
        defer { leave(lane, client: client) }
        await takeTurn(lane)
        defer { passTurn() }
        return try await Self.pool.runIfActive(work)
    }

    private func admit(_ lane: Lane, client: String) throws {
        let refusal: String? = state.withLock { state in
            switch lane {
            case .signIn:
                guard state.signInCount < maxWaiting else { return "classroom.errors.hashing.signIns" }
                state.signInCount += 1
            case .other:
                guard state.otherCount < maxOtherWaiting else { return "classroom.errors.hashing.passwords" }
                guard state.perClient[client, default: 0] < perClient else {
                    return "classroom.errors.hashing.yours"
                }
                state.otherCount += 1
                state.perClient[client, default: 0] += 1
            }
            return nil
        }
        if let refusal {
            // Asking again while one's own hashes wait is not free: the rate limit keeps the token,
            // so a loop meets that limit, which refuses before any work, instead of this one.
            if lane == .other { WorkDone.current?.mark() }
            TesseraMetrics.refused("password_checks").increment()
            throw APIError.tooBusy(refusal, retryAfterSeconds: 2)
        }
    }

    private func leave(_ lane: Lane, client: String) {
        state.withLock { state in
            switch lane {
            case .signIn: state.signInCount -= 1
            case .other:
                state.otherCount -= 1
                let left = state.perClient[client, default: 1] - 1
                state.perClient[client] = left > 0 ? left : nil
            }
        }
    }

    /// Waits until one of the threads is free for this lane (sign-ins go first).
    private func takeTurn(_ lane: Lane) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = state.withLock { state in
                if state.running < Self.threads {
                    state.running += 1
                    return true
                }
                switch lane {
                case .signIn: state.signInQueue.append(continuation)
                case .other: state.otherQueue.append(continuation)
                }
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Hands this thread's turn to the next waiter, a sign-in if any waits.
    private func passTurn() {
        let next: CheckedContinuation<Void, Never>? = state.withLock { state in
            if let next = state.signInQueue.popFirst() ?? state.otherQueue.popFirst() { return next }
            state.running -= 1
            return nil
        }
        next?.resume()
    }
}
