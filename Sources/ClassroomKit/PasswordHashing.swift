import Crypto
import Foundation
import HummingbirdBcrypt

/// The one stored form of a password: bcrypt of the password's SHA-256 (in hex). bcrypt reads
/// only the first 72 bytes of what it is given, so hashing first makes every character of a long
/// password count. Slow on purpose: callers on a server run it off the event loops.
public enum PasswordHashing {
    /// bcrypt's cost (2^cost rounds); the server's default, and the floor it accepts.
    public static let defaultCost: UInt8 = 11
    public static let minimumCost: UInt8 = 10

    public static func hash(_ password: String, cost: UInt8 = defaultCost) -> String {
        Bcrypt.hash(digest(password), cost: max(cost, minimumCost))
    }

    public static func verify(_ password: String, against hash: String) -> Bool {
        Bcrypt.verify(digest(password), hash: hash)
    }

    /// A password to hand out (a reset, a pupil's first one): groups of four letters and a digit,
    /// without look-alikes (no 0/o, 1/l/i), easy to read aloud and type on a tablet (about 62 bits).
    public static func readablePassword(groups: Int = 3) -> String {
        let letters = Array("abcdefghjkmnpqrstuvwxyz"), digits = Array("23456789")
        var generator = SystemRandomNumberGenerator()
        return (0..<groups).map { _ in
            String((0..<4).map { _ in letters.randomElement(using: &generator) ?? "a" })
                + String(digits.randomElement(using: &generator) ?? "2")
        }.joined(separator: "-")
    }

    private static func digest(_ password: String) -> String {
        SHA256.hash(data: Data(password.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
