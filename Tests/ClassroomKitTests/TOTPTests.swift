import Foundation
import Testing
@testable import ClassroomKit

/// The second sign-in step's codes: RFC 6238's own test vectors (SHA-1, the 20-byte ASCII secret
/// "12345678901234567890"), the window either side, and Base32 both ways.
@Suite struct TOTPTests {
    let totp = TOTP(secret: Array("12345678901234567890".utf8))

    @Test(arguments: [(59.0, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
                      (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130")])
    func theRFCsVectorsCome(_ seconds: Double, _ eight: String) {
        let counter = UInt64(seconds / TOTP.step)
        #expect(totp.code(counter: counter, digits: 8) == eight)
        #expect(totp.code(at: Date(timeIntervalSince1970: seconds)) == String(eight.suffix(6)))
    }

    @Test func aCodeIsAcceptedOneStepEitherSideAndNoFurther() {
        let now = Date(timeIntervalSince1970: 1_234_567_890)
        let code = totp.code(at: now)
        #expect(totp.accepts(code, at: now) && totp.accepts(String(code.prefix(3)) + " " + code.dropFirst(3), at: now))
        #expect(totp.accepts(code, at: now.addingTimeInterval(30)) && totp.accepts(code, at: now.addingTimeInterval(-30)))
        #expect(!totp.accepts(code, at: now.addingTimeInterval(95)))
        #expect(!totp.accepts("12345", at: now) && !totp.accepts("abcdef", at: now) && !totp.accepts("١٢٣٤٥٦", at: now))
    }

    @Test func theSecretGoesToBase32AndBack() throws {
        #expect(Base32.encode(Array("foobar".utf8)) == "MZXW6YTBOI")
        #expect(Base32.decode("mzxw 6ytb oi======").map { String(decoding: $0, as: UTF8.self) } == "foobar")
        #expect(Base32.decode("not base32!") == nil)
        let random = TOTP.random()
        #expect(random.secret.count == 20 && TOTP(base32: random.base32) == random)
        let uri = random.uri(account: "ann@school.org")
        #expect(uri.hasPrefix("otpauth://totp/Tessera:ann@school.org?secret=\(random.base32)&issuer=Tessera"))
    }

    @Test func aTypedCodeIsTheAppsStepARecoveryCodeOrWrong() {
        let now = Date(timeIntervalSince1970: 1_234_567_890)
        let step = Int64(1_234_567_890 / 30)
        #expect(SecondStepCode(totp.code(at: now), totp: totp, at: now) == .app(step: step))
        #expect(SecondStepCode(totp.code(at: now.addingTimeInterval(30)), totp: totp, at: now) == .app(step: step + 1))
        #expect(SecondStepCode("000000", totp: totp, at: now) == .wrong || totp.accepts("000000", at: now))
        let codes = RecoveryCodes.make()
        #expect(codes.count == 10 && Set(codes).count == 10 && codes.allSatisfy { $0.count == 11 && $0.dropFirst(5).first == "-" })
        let hash = RecoveryCodes.hash(RecoveryCodes.key(codes[0]) ?? "")
        #expect(SecondStepCode(codes[0].uppercased(), totp: totp, at: now) == .recovery(hash: hash))
        #expect(SecondStepCode(codes[0].replacingOccurrences(of: "-", with: " "), totp: totp, at: now) == .recovery(hash: hash))
        #expect(SecondStepCode("hello", totp: totp, at: now) == .wrong && SecondStepCode(String(repeating: "a", count: 40), totp: totp, at: now) == .wrong)
        #expect(RecoveryCodes.key("abcde-fghi1") == nil, "1 and i are left out: they look alike")
    }
}
