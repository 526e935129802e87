import GridKit

/// The server secret behind room ids and lock tokens. Every server process given the same secret
/// accepts every id any of them issued; anyone without it cannot forge one.
public struct MazeSecret: Hashable, Sendable {
    public let key: SipHashKey

    public init(key: SipHashKey) { self.key = key }

    /// A secret derived from a passphrase (for configuration by environment variable). Use a long
    /// random one in production: the derivation is a plain keyed hash, not a slow password hash.
    public init(passphrase: String) {
        let bytes = Array(passphrase.utf8)
        key = SipHashKey(
            k0: SipHashKey(k0: 0x7465_7373_6572_6130, k1: 1).hash(bytes),
            k1: SipHashKey(k0: 0x7465_7373_6572_6131, k1: 2).hash(bytes))
    }
}

/// Where a room is: which maze and which tile. Room ids and lock tokens are sealed encodings of this.
public struct RoomAddress: Hashable, Sendable {
    public let parameters: MazeParameters
    public let square: Square

    public init(parameters: MazeParameters, square: Square) {
        self.parameters = parameters
        self.square = square
    }
}

/// Issues and checks room ids (`"R"` + 32 base32 characters) and lock tokens (`"L"` + 32).
///
/// Both seal 14 bytes — seed, sizes, algorithm, tile, and a kind tag — with a 4-round Feistel
/// cipher (so ids are opaque and neighbours' ids look unrelated) followed by a 6-byte SipHash MAC
/// (so they cannot be forged or altered: one guess in 2^48 passes, and every guess is a request).
/// Decoding re-derives everything from the id alone: no stored state. A lock seals the **door
/// room's** address, so both sides of a door carry the same token and unlocking it yields that
/// room's id. (Until mazes grew to 201×201 and eleven algorithms the plain text was 12 bytes and the
/// MAC 8; the id kept its length, so clients see no change, but ids from before do not open.)
public struct RoomCodec: Sendable {
    private let macKey: SipHashKey
    private let cipherKey: SipHashKey

    public init(secret: MazeSecret) {
        // Separate subkeys so the MAC and the cipher never share key material.
        func derive(_ label: UInt64) -> SipHashKey {
            SipHashKey(k0: secret.key.hash(bytes(label) + [0]), k1: secret.key.hash(bytes(label) + [1]))
        }
        macKey = derive(0x6d61_635f_6b65_7900)
        cipherKey = derive(0x6369_7068_6572_0000)
    }

    private enum Kind: UInt64 {
        case room = 0x5
        case lock = 0xA
        var prefix: String { self == .room ? "R" : "L" }
    }

    public func roomID(for address: RoomAddress) -> String { seal(address, as: .room) }

    public func lockToken(forDoor address: RoomAddress) -> String { seal(address, as: .lock) }

    /// The address inside a room id; `MazeError.unknownRoom` when malformed or forged. It does not
    /// check that the tile is a room: that needs the maze (see `MazeService`).
    public func address(ofRoomID id: String) throws(MazeError) -> RoomAddress {
        guard let address = open(id, as: .room) else { throw .unknownRoom(id) }
        return address
    }

    /// The door address inside a lock token; `MazeError.invalidLock` when malformed or forged.
    public func address(ofLock token: String) throws(MazeError) -> RoomAddress {
        guard let address = open(token, as: .lock) else { throw .invalidLock(token) }
        return address
    }

    // MARK: Sealing

    private typealias Plain = (seed: UInt64, fields: UInt64)

    private func seal(_ address: RoomAddress, as kind: Kind) -> String {
        let plain = pack(address, kind)
        let cipher = encrypt(plain)
        return kind.prefix + Base32.encode(bytes56(cipher.left) + bytes56(cipher.right) + bytes48(mac(plain)))
    }

    private func open(_ text: String, as kind: Kind) -> RoomAddress? {
        // Exactly 32 characters: longer text would decode to the same bytes with ignored spare bits,
        // giving one room many spellings.
        guard text.utf8.count == 33, text.hasPrefix(kind.prefix), let data = Base32.decode(text.dropFirst()), data.count == 20 else {
            return nil
        }
        let left = data[0..<7].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let right = data[7..<14].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let plain = decrypt((left, right))
        let tag = data[14..<20].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        // Compare without early exit so timing does not reveal how many bytes matched.
        guard (mac(plain) ^ tag) == 0 else { return nil }
        return unpack(plain, kind)
    }

    /// 112 bits: seed (64) | kind (4) | width index (7) | height index (7) | algorithm (5) | row (8) |
    /// col (8) | 9 zero bits. Sides index from 5 in steps of 2 (98 at 201); rows and columns reach 200.
    private func pack(_ address: RoomAddress, _ kind: Kind) -> Plain {
        let parameters = address.parameters
        var fields = kind.rawValue << 44
        fields |= UInt64((parameters.width - MazeParameters.sizeRange.lowerBound) / 2) << 37
        fields |= UInt64((parameters.height - MazeParameters.sizeRange.lowerBound) / 2) << 30
        fields |= UInt64(parameters.algorithm.code) << 25
        fields |= UInt64(address.square.row & 0xff) << 17 | UInt64(address.square.col & 0xff) << 9
        return (parameters.seed, fields)
    }

    private func unpack(_ plain: Plain, _ kind: Kind) -> RoomAddress? {
        let fields = plain.fields
        let width = Int(fields >> 37 & 0x7f) * 2 + MazeParameters.sizeRange.lowerBound
        let height = Int(fields >> 30 & 0x7f) * 2 + MazeParameters.sizeRange.lowerBound
        let row = Int(fields >> 17 & 0xff), col = Int(fields >> 9 & 0xff)
        guard fields >> 44 == kind.rawValue, fields & 0x1ff == 0,
              let algorithm = MazeAlgorithm(code: UInt32(fields >> 25 & 0x1f)),
              let parameters = try? MazeParameters(seed: plain.seed, width: width, height: height, algorithm: algorithm),
              row < height, col < width
        else { return nil }
        return RoomAddress(parameters: parameters, square: Square(row: row, col: col))
    }

    private func mac(_ plain: Plain) -> UInt64 {
        macKey.hash(bytes(plain.seed) + bytes(plain.fields)) & Self.mask48
    }

    // MARK: Cipher: a balanced Feistel network on two 56-bit halves with SipHash as round function.

    private static let mask48: UInt64 = (1 << 48) - 1
    private static let mask56: UInt64 = (1 << 56) - 1
    private static let rounds: [UInt8] = [0, 1, 2, 3]

    private func roundFunction(_ round: UInt8, _ half: UInt64) -> UInt64 {
        cipherKey.hash([round] + bytes56(half)) & Self.mask56
    }

    private func encrypt(_ plain: Plain) -> (left: UInt64, right: UInt64) {
        var left = plain.seed >> 8
        var right = (plain.seed & 0xff) << 48 | plain.fields
        for round in Self.rounds { (left, right) = (right, left ^ roundFunction(round, right)) }
        return (left, right)
    }

    private func decrypt(_ cipher: (UInt64, UInt64)) -> Plain {
        var (left, right) = cipher
        for round in Self.rounds.reversed() { (left, right) = (right ^ roundFunction(round, left), left) }
        return (left << 8 | right >> 48, right & Self.mask48)
    }
}

private func bytes(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
private func bytes48(_ value: UInt64) -> [UInt8] { (0..<6).map { UInt8(truncatingIfNeeded: value >> (40 - 8 * $0)) } }
private func bytes56(_ value: UInt64) -> [UInt8] { (0..<7).map { UInt8(truncatingIfNeeded: value >> (48 - 8 * $0)) } }

/// Lower-case Crockford-style base32 without padding: URL-safe, case-stable, no ambiguous letters.
enum Base32 {
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)

    static func encode(_ data: [UInt8]) -> String {
        var output: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for byte in data {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int(buffer >> UInt32(bits) & 31)])
            }
        }
        if bits > 0 { output.append(alphabet[Int(buffer << UInt32(5 - bits) & 31)]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Nil for any character outside the alphabet (upper case included: one spelling per id).
    static func decode(_ text: Substring) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for character in text.utf8 {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = buffer << 5 | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return output
    }
}
