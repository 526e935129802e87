/// FNV-1a, 64-bit: the one small, stable hash every app uses (the same on every platform, process
/// and release, unlike `Hasher`). For names, tags and reproducible jitter only, never security:
/// the photo cache's file names, the API's entity tags, the maze explorer's per-request jitter.
public enum FNV1a {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    public static func hash64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash as 16 lowercase hex digits.
    public static func hex64(_ bytes: some Sequence<UInt8>) -> String {
        let digits = String(hash64(bytes), radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}
