import Crypto
import GridKit
import Foundation

/// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP, HMAC-SHA1, 30-second steps,
/// six digits): what an authenticator app shows for a teacher's second sign-in step. The secret
/// is 20 random bytes, shown to the teacher once as Base32 and as an `otpauth://` URI (a QR code).
public struct TOTP: Sendable, Equatable {
    public let secret: [UInt8]
    public static let step: TimeInterval = 30
    public static let digits = 6
    /// Codes one step either side are accepted too (a phone's clock a little off).
    public static let window = 1

    public init(secret: [UInt8]) { self.secret = secret }

    /// A new random secret.
    public static func random() -> TOTP {
        var generator = SystemRandomNumberGenerator()
        return TOTP(secret: (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The secret from its Base32 text, or nil when it is not Base32.
    public init?(base32: String) {
        guard let bytes = Base32.decode(base32), !bytes.isEmpty else { return nil }
        secret = bytes
    }

    public var base32: String { Base32.encode(secret) }

    /// The code for a moment (`digits` digits, leading zeros kept).
    public func code(at time: Date) -> String {
        code(counter: UInt64(max(0, time.timeIntervalSince1970) / Self.step))
    }

    func code(counter: UInt64, digits: Int = TOTP.digits) -> String {
        let message = withUnsafeBytes(of: counter.bigEndian) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let value = (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let text = String(value % modulus)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// Whether `typed` (spaces ignored) is the code now or one step either side.
    public func accepts(_ typed: String, at time: Date) -> Bool { step(of: typed, at: time) != nil }

    /// The time step whose code `typed` is (now or one step either side), or nil. A server keeps
    /// the newest step it accepted, so each code signs in once (RFC 6238 §5.2).
    public func step(of typed: String, at time: Date) -> Int64? {
        guard let code = Self.shaped(typed) else { return nil }
        let now = Int64(max(0, time.timeIntervalSince1970) / Self.step)
        return (-Int64(Self.window)...Int64(Self.window)).map { now + $0 }.first { step in
            step >= 0 && self.code(counter: UInt64(step)).constantTimeEquals(code)
        }
    }

    /// `typed` without spaces when it is shaped like a code (six ASCII digits), else nil.
    public static func shaped(_ typed: String) -> String? {
        guard typed.utf8.count <= 32 else { return nil }
        let code = typed.filter { !$0.isWhitespace }
        guard code.count == digits, code.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return code
    }

    /// What an authenticator app scans: `otpauth://totp/Tessera:<account>?secret=…&issuer=Tessera`.
    public func uri(account: String, issuer: String = "Tessera") -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~@"))
        let label = "\(issuer):\(account)".addingPercentEncoding(withAllowedCharacters: allowed.union([":"])) ?? issuer
        let name = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? "Tessera"
        return "otpauth://totp/\(label)?secret=\(base32)&issuer=\(name)&algorithm=SHA1&digits=\(Self.digits)&period=\(Int(Self.step))"
    }
}

/// RFC 4648 Base32 (capitals and 2–7, no padding written; padding, spaces and case ignored when read).
enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")

    static func encode(_ bytes: [UInt8]) -> String {
        var text = "", buffer = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                text.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { text.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return text
    }

    static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = [], buffer = 0, bits = 0
        for character in text.uppercased() where character != "=" && !character.isWhitespace {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = ((buffer << 5) | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return bytes
    }
}
