import Crypto
import Foundation
import GridKit

/// A teacher's two-step sign-in: after the password, a code from an authenticator app (`TOTP`),
/// or one of ten recovery codes for the day the phone is lost. Set up in two moves so a typo in
/// the app cannot lock anyone out: the secret is stored first (not yet asked for), and only a
/// code from the app confirms it and turns it on.
public struct TwoStep: Sendable, Equatable {
    public var totp: TOTP
    /// When a code from the app confirmed it; nil while set-up is unfinished (sign-in ignores it).
    public var confirmedAt: Date?
    /// The newest time step a code was accepted for: an older or equal one is refused, so a code
    /// seen over a shoulder cannot sign in again.
    public var lastStep: Int64
    public var recoveryCodesLeft: Int

    public init(totp: TOTP, confirmedAt: Date? = nil, lastStep: Int64 = 0, recoveryCodesLeft: Int = 0) {
        self.totp = totp
        self.confirmedAt = confirmedAt
        self.lastStep = lastStep
        self.recoveryCodesLeft = recoveryCodesLeft
    }

    public var isOn: Bool { confirmedAt != nil }
}

/// Recovery codes: ten, each usable once, shown once. Ten letters and digits from a 31-character
/// alphabet with no look-alikes (about 50 bits each), written `abcde-fghij`; only a SHA-256 of each
/// is stored, which is enough for random codes that long (nobody can guess them from the hash).
public enum RecoveryCodes {
    public static let count = 10
    static let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")
    static let length = 10

    public static func make() -> [String] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            let letters = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            return letters.prefix(5) + "-" + letters.dropFirst(5)
        }
    }

    /// The code as typed, made comparable (capitals, spaces and dashes ignored), or nil when it
    /// cannot be a recovery code.
    public static func key(_ typed: String) -> String? {
        guard typed.utf8.count <= 32 else { return nil }
        let key = typed.lowercased().filter { !$0.isWhitespace && $0 != "-" }
        guard key.count == length, key.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return key
    }

    /// What the store keeps for a code.
    public static func hash(_ key: String) -> String {
        SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// What a typed second-step code is.
public enum SecondStepCode: Equatable, Sendable {
    /// Six digits from the app, for this time step.
    case app(step: Int64)
    /// A recovery code, as the store's hash.
    case recovery(hash: String)
    /// Neither shape, or a six-digit code that is not the app's now.
    case wrong

    public init(_ typed: String, totp: TOTP, at time: Date) {
        if TOTP.shaped(typed) != nil {
            self = totp.step(of: typed, at: time).map { .app(step: $0) } ?? .wrong
        } else if let key = RecoveryCodes.key(typed) {
            self = .recovery(hash: RecoveryCodes.hash(key))
        } else {
            self = .wrong
        }
    }
}
