import Crypto
import Foundation

/// Random identifiers and secrets, and the one-way form in which secrets are stored.
package enum Secrets {
    private static let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")

    /// A short, unambiguous id (about 60 bits) from the system's secure generator.
    package static func id() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<12).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
    }

    /// A 128-bit secret in hex from the system's secure generator.
    package static func token() -> String { randomHex(bytes: 16) }

    /// `bytes` random bytes from the system's secure generator, in lowercase hex.
    package static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return hex((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// What is stored instead of a token: its SHA-256 in hex. A leaked database reveals no token.
    package static func hash(_ token: String) -> String { hex(SHA256.hash(data: Data(token.utf8))) }

    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
