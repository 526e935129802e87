/// SipHash-2-4 (Aumasson & Bernstein): a fast keyed hash with a 128-bit key, used here as a MAC for
/// room ids and lock tokens and as the round function of their small cipher. Written out rather than
/// pulled from a crypto library: it is 40 lines and the kit stays dependency-free.
public struct SipHashKey: Hashable, Sendable {
    public let k0: UInt64
    public let k1: UInt64

    public init(k0: UInt64, k1: UInt64) {
        self.k0 = k0
        self.k1 = k1
    }

    /// A key from 16 bytes, read little-endian as the SipHash paper specifies; nil for other lengths.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        k0 = littleEndianWord(bytes, at: 0)
        k1 = littleEndianWord(bytes, at: 8)
    }

    public func hash(_ message: [UInt8]) -> UInt64 {
        var state = SipState(key: self)
        let wholeWords = message.count / 8
        for word in 0..<wholeWords { state.absorb(littleEndianWord(message, at: word * 8)) }
        var last = UInt64(truncatingIfNeeded: message.count) << 56
        for (shift, byte) in message[(wholeWords * 8)...].enumerated() { last |= UInt64(byte) << (8 * shift) }
        state.absorb(last)
        return state.finish()
    }
}

private func littleEndianWord(_ bytes: [UInt8], at offset: Int) -> UInt64 {
    (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
}

private struct SipState {
    var v0: UInt64, v1: UInt64, v2: UInt64, v3: UInt64

    init(key: SipHashKey) {
        v0 = 0x736f_6d65_7073_6575 ^ key.k0
        v1 = 0x646f_7261_6e64_6f6d ^ key.k1
        v2 = 0x6c79_6765_6e65_7261 ^ key.k0
        v3 = 0x7465_6462_7974_6573 ^ key.k1
    }

    mutating func round() {
        v0 &+= v1; v1 = v1.rotatedLeft(13); v1 ^= v0; v0 = v0.rotatedLeft(32)
        v2 &+= v3; v3 = v3.rotatedLeft(16); v3 ^= v2
        v0 &+= v3; v3 = v3.rotatedLeft(21); v3 ^= v0
        v2 &+= v1; v1 = v1.rotatedLeft(17); v1 ^= v2; v2 = v2.rotatedLeft(32)
    }

    mutating func absorb(_ word: UInt64) {
        v3 ^= word
        round(); round()
        v0 ^= word
    }

    mutating func finish() -> UInt64 {
        v2 ^= 0xff
        round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
