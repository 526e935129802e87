import Foundation
import Synchronization
import TesseraStore
import Languages

/// One sign-in attempt as the throttle counts it. A school is thirty children behind one address
/// who mistype, and an attacker is one client who guesses; the counts tell them apart:
///
/// - on a device where the account has signed in before (`SignInDevice`), wrong passwords count
///   for that account on that device only: nobody elsewhere can lock her out there;
/// - anywhere else they count for the account (`perAccount`) and, across all accounts, for the
///   address (`perAddress`, a bulk allowance far above a class's typos), and only those two can
///   refuse the attempt: other accounts' typos never refuse a right password until the address's
///   bulk allowance is spent.
///
/// The account's key carries a fingerprint of its password hash, so a new password (the teacher's
/// reset, the class's new passwords, `tessera accounts reset-password`) starts a fresh count on
/// every node at once.
struct SignInAttempt: Sendable {
    /// `acct:<id>:<fingerprint>`, or `name:<what was typed>` when no account answers to it.
    let account: String
    /// The device's id when it vouches for the account.
    let knownDevice: String?
    let address: String

    init(account: String, knownDevice: String?, address: String) {
        self.account = account
        self.knownDevice = knownDevice
        self.address = address
    }

    static func accountKey(id: String, passwordHash: String) -> String {
        "acct:\(id):" + Secrets.hash(passwordHash).prefix(8)
    }

    /// Each count that applies, with its limit; the first is the account's own, cleared by a success.
    func counts(_ limits: SignInLimits) -> [(key: String, limit: Int)] {
        if let knownDevice { return [("device:\(account)/\(knownDevice)", limits.perKnownDevice)] }
        return [("account:\(account)", limits.perAccount), ("address:\(address)", limits.perAddress)]
    }
}

/// How many wrong passwords each count allows within `LoginThrottle.window` (`SignInAttempt`).
public struct SignInLimits: Sendable, Equatable {
    /// Per account, from devices it has not signed in on.
    public var perAccount = 10
    /// Per account on one device it has signed in on.
    public var perKnownDevice = 10
    /// Per address over all accounts, from devices they have not signed in on: far above a class's
    /// typos (thirty pupils mistyping six times each), and what bulk guessing from one client gets.
    public var perAddress = 200

    public init() {}
    public static let defaults = SignInLimits()
}

/// Counts wrong passwords as `SignInAttempt` describes, within a sliding 15-minute window; a count
/// at its limit answers 429 with `Retry-After` until its oldest failure ages out. Kept in memory
/// per node (bounded: the keys whose last failure is oldest go first beyond `maxKeys`).
final class LoginThrottle: Sendable {
    static let window: TimeInterval = 15 * 60
    let limits: SignInLimits
    private let maxKeys: Int
    private let failures = Mutex<[String: [Date]]>([:])

    init(limits: SignInLimits = .defaults, maxKeys: Int = 10_000) {
        self.limits = limits
        self.maxKeys = maxKeys
    }

    /// Throws 429 when any count of `attempt` is at its limit; `pupil` words it for a child.
    func check(_ attempt: SignInAttempt, pupil: Bool = false, now: Date = Date()) throws {
        let refusal = failures.withLock { failures in
            attempt.counts(limits).compactMap { count -> (wait: TimeInterval, isAddress: Bool)? in
                let recent = Self.recent(failures[count.key], now: now)
                guard recent.count >= count.limit, let oldest = recent.first else { return nil }
                return (Self.window - now.timeIntervalSince(oldest), count.key.hasPrefix("address:"))
            }.max { $0.wait < $1.wait }
        }
        guard let refusal else { return }
        TesseraMetrics.refused("sign_ins").increment()
        let minutes = Phrase.Argument.number(max(1, Int((refusal.wait / 60).rounded(.up))))
        let key = refusal.isAddress ? "network" : pupil ? "pupil" : "account"
        throw APIError.tooBusy("classroom.errors.wrongPasswords.\(key)", ["minutes": minutes],
                               retryAfterSeconds: max(1, Int(refusal.wait.rounded(.up))))
    }

    func recordFailure(_ attempt: SignInAttempt, now: Date = Date()) {
        failures.withLock { failures in
            for count in attempt.counts(limits) {
                var recent = Self.recent(failures[count.key], now: now)
                recent.append(now)
                failures[count.key] = Array(recent.suffix(count.limit))
            }
            if failures.count > maxKeys {
                // Forget the keys whose last failure is oldest: an attacker spraying new names
                // cannot grow this without bound.
                let oldestFirst = failures.sorted { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }
                for (key, _) in oldestFirst.prefix(failures.count - maxKeys) { failures[key] = nil }
            }
        }
    }

    /// A right password clears the count it was checked against (the account's, or the account's
    /// on this device), never the address's: other people's typos are theirs.
    func recordSuccess(_ attempt: SignInAttempt) {
        guard let own = attempt.counts(limits).first?.key else { return }
        _ = failures.withLock { $0.removeValue(forKey: own) }
    }

    /// Whether the account is locked for devices it has not used (what a teacher sees as "locked").
    func isLocked(accountID: String, passwordHash: String, now: Date = Date()) -> Bool {
        let key = "account:" + SignInAttempt.accountKey(id: accountID, passwordHash: passwordHash)
        return failures.withLock { Self.recent($0[key], now: now).count >= limits.perAccount }
    }

    /// A teacher's Unlock: forgets every count of the account, on every device, on this node.
    func unlock(accountID: String) {
        let prefixes = ["account:acct:\(accountID):", "device:acct:\(accountID):"]
        failures.withLock { failures in
            for key in failures.keys where prefixes.contains(where: key.hasPrefix) { failures[key] = nil }
        }
    }

    private static func recent(_ dates: [Date]?, now: Date) -> [Date] {
        (dates ?? []).filter { now.timeIntervalSince($0) < window }
    }

}
