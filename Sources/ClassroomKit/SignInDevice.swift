import Crypto
import Foundation

/// A browser's proof of the accounts that have signed in on it before: a random device id and,
/// for each account, a keyed tag of (device, account) that only the server can make.
///
/// Why: wrong passwords are counted per account, and someone who knows a classmate's name could
/// keep her out by guessing. Attempts from a device the account has used before are counted apart
/// (per account *and* device), so guesses from elsewhere never lock her out where she signs in.
/// The proof needs no storage: any node with the same secret checks it, and it survives restarts.
/// A shared classroom tablet vouches for up to `maxAccounts` pupils (the newest kept).
public struct SignInDevice: Sendable, Equatable {
    public static let maxAccounts = 40
    /// 128 bits in hex.
    public let id: String
    /// 64-bit tags in hex, newest first.
    public private(set) var tags: [String]

    /// A new device (its first successful sign-in).
    public static func fresh() -> SignInDevice {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return SignInDevice(id: hex(bytes), tags: [])
    }

    private init(id: String, tags: [String]) {
        self.id = id
        self.tags = tags
    }

    /// Reads a cookie's value (`ID.TAG.TAG…`); anything malformed is no device at all.
    public init?(cookie: String) {
        guard cookie.utf8.count <= 33 + 17 * Self.maxAccounts else { return nil }
        let parts = cookie.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let id = parts.first, id.utf8.count == 32, Self.isHex(id), parts.count - 1 <= Self.maxAccounts else { return nil }
        let tags = Array(parts.dropFirst())
        guard tags.allSatisfy({ $0.utf8.count == 16 && Self.isHex($0) }) else { return nil }
        self.init(id: id, tags: tags)
    }

    /// The cookie's value.
    public var cookie: String { ([id] + tags).joined(separator: ".") }

    /// Whether `account` has signed in on this device (its tag is here and was made with `key`).
    public func vouches(for account: String, key: SignInDeviceKey) -> Bool {
        let expected = key.tag(device: id, account: account)
        return tags.contains { $0.utf8.elementsEqual(expected.utf8) }
    }

    /// Remembers that `account` signed in here (first in the list; the oldest beyond the cap go).
    public mutating func remember(_ account: String, key: SignInDeviceKey) {
        let tag = key.tag(device: id, account: account)
        tags = Array(([tag] + tags.filter { $0 != tag }).prefix(Self.maxAccounts))
    }

    private static func isHex(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    fileprivate static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

/// The server's key for device tags, derived from a secret every node shares.
public struct SignInDeviceKey: Sendable {
    private let bytes: [UInt8]

    /// `secret`: bytes only the servers know (the same on every node that shares a database).
    public init(secret: some Sequence<UInt8>) {
        var material = Array("tessera sign-in device v1".utf8)
        material.append(contentsOf: secret)
        bytes = Array(SHA256.hash(data: material))
    }

    func tag(device: String, account: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Array((device + "|" + account).utf8), using: SymmetricKey(data: bytes))
        return SignInDevice.hex(Array(mac).prefix(8))
    }
}
