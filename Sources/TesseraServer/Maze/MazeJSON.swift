import Foundation
import GridKit
import Languages
import MazeKit

/// `POST /api/maze/mazes`: every field optional. The seed may be a number or a decimal string
/// (a 64-bit seed does not survive a JavaScript number); the algorithm is checked by name so a typo
/// gets its own error code rather than a generic decoding error.
struct CreateMazeRequest: Decodable {
    var seed: String?
    var width: Int?
    var height: Int?
    var algorithm: String?

    static let largestNumericSeed: UInt64 = (1 << 53) - 1

    private enum CodingKeys: String, CodingKey { case seed, width, height, algorithm }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decodeUnlessNull(UInt64.self, forKey: .seed) {
            // Numbers past 2^53 are not exact in JavaScript; those seeds travel as strings.
            guard number <= CreateMazeRequest.largestNumericSeed else {
                throw APIError.badRequest("maze.errors.numericSeedTooLarge",
                                          ["max": .text(String(CreateMazeRequest.largestNumericSeed))], code: "invalid_seed")
            }
            seed = String(number)
        } else {
            seed = try container.decodeUnlessNull(String.self, forKey: .seed)
        }
        width = try container.decodeUnlessNull(Int.self, forKey: .width)
        height = try container.decodeUnlessNull(Int.self, forKey: .height)
        algorithm = try container.decodeUnlessNull(String.self, forKey: .algorithm)
    }
}

/// Turns optional, user-given maze settings into checked parameters. A missing seed is random; a
/// missing size comes from the seed (31–63, like the original); one missing side copies the other.
///
/// What is accepted is exactly what `openapi.yaml` says: a seed of 1–20 decimal digits (values
/// past 2^64−1 wrap around, so every such string names a maze), sides from 5 to 201 (an even side
/// is rounded up to the next odd one, since walls and rooms alternate), and the listed algorithms.
enum MazeRequestRules {
    static let sides = MazeParameters.sizeRange

    static func parameters(seed: String?, width: Int?, height: Int?, algorithm: String?) throws -> MazeParameters {
        let seedValue: UInt64
        if let seed {
            guard let parsed = Self.seed(seed) else {
                throw APIError.badRequest("maze.errors.seedDigits", ["seed": .sent(seed, limit: 40)], code: "invalid_seed")
            }
            seedValue = parsed
        } else {
            seedValue = UInt64.random(in: 0...UInt64.max)
        }
        let algorithmValue = try self.algorithm(algorithm)
        guard width != nil || height != nil else { return .random(seed: seedValue, algorithm: algorithmValue) }
        let w = try side(width ?? height ?? 0, "width"), h = try side(height ?? width ?? 0, "height")
        return try MazeParameters(seed: seedValue, width: w, height: h, algorithm: algorithmValue)
    }

    /// 1–20 ASCII digits (one trailing newline tolerated: regex engines let `$` match before it), wrapping modulo 2^64.
    static func seed(_ text: String) -> UInt64? {
        let body = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
        guard (1...20).contains(body.utf8.count), body.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return body.utf8.reduce(UInt64(0)) { $0 &* 10 &+ UInt64($1 - 0x30) }
    }

    static func side(_ value: Int, _ name: String) throws -> Int {
        let checked = try Input.int(value, name, in: sides, code: "invalid_size")
        return checked.isMultiple(of: 2) ? checked + 1 : checked
    }

    static func algorithm(_ name: String?) throws -> MazeAlgorithm {
        guard let name else { return .hybrid }
        guard let algorithm = MazeAlgorithm(rawValue: name) else {
            throw APIError.badRequest("maze.errors.unknownAlgorithm",
                                      ["name": .sent(name, limit: 40),
                                       "choices": .text(MazeAlgorithm.allCases.map(\.rawValue).joined(separator: ", "))],
                                      code: "invalid_algorithm")
        }
        return algorithm
    }

    static func int(_ text: String?, _ name: String) throws -> Int? {
        guard let text else { return nil }
        guard text.utf8.count <= 20, let value = Int(text) else {
            throw APIError.badRequest("maze.errors.notWholeNumber", ["name": .text(name), "value": .sent(text, limit: 40)],
                                      code: "invalid_size")
        }
        return value
    }
}

/// A new maze: its start room and the parameters that regenerate it.
struct CreatedMazeJSON: Encodable {
    let id: String
    let seed: String
    let width: Int
    let height: Int
    let algorithm: String
    /// Where the start room is drawn (row 0 at the top), so a page that walks the maze room by room
    /// (the maze page's "solve it yourself") can place what it is shown; the rest stays unknown.
    let start: Square

    init(id: String, parameters: MazeParameters, start: Square) {
        self.id = id
        seed = String(parameters.seed)
        width = parameters.width
        height = parameters.height
        algorithm = parameters.algorithm.rawValue
        self.start = start
    }
}

/// The debug map: one string per row of tiles, top row first.
struct MazeMapJSON: Encodable {
    let seed: String
    let width: Int
    let height: Int
    let algorithm: String
    let rows: [String]
    let rooms: Int
    let doors: Int

    init(_ maze: Maze) {
        seed = String(maze.parameters.seed)
        width = maze.width
        height = maze.height
        algorithm = maze.parameters.algorithm.rawValue
        rows = maze.mapRows
        rooms = maze.roomCount
        doors = maze.doorCount
    }
}
