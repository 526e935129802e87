import Foundation
import GridKit
import MazeKit

/// `POST /api/maze/mazes`: every field optional. The seed may be a number or a decimal string
/// (a 64-bit seed does not survive a JavaScript number); the algorithm is checked by name so a typo
/// gets its own error code rather than a generic decoding error.
struct CreateMazeRequest: Decodable {
    var seed: String?
    var width: Int?
    var height: Int?
    var algorithm: String?

    private enum CodingKeys: String, CodingKey { case seed, width, height, algorithm }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decodeIfPresent(UInt64.self, forKey: .seed) {
            seed = String(number)
        } else {
            seed = try container.decodeIfPresent(String.self, forKey: .seed)
        }
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        algorithm = try container.decodeIfPresent(String.self, forKey: .algorithm)
    }
}

/// Turns optional, user-given maze settings into checked parameters. A missing seed is random; a
/// missing size comes from the seed (31–63, like the original); one missing side copies the other.
enum MazeRequestRules {
    static func parameters(seed: String?, width: Int?, height: Int?, algorithm: String?) throws -> MazeParameters {
        let seedValue: UInt64
        if let seed {
            guard let parsed = UInt64(seed.trimmingCharacters(in: .whitespaces)) else {
                throw APIError.badRequest("The seed must be a whole number from 0 to \(UInt64.max), not '\(seed)'.",
                                          code: "invalid_seed")
            }
            seedValue = parsed
        } else {
            seedValue = UInt64.random(in: 0...UInt64.max)
        }
        let algorithmValue = try self.algorithm(algorithm)
        guard width != nil || height != nil else { return .random(seed: seedValue, algorithm: algorithmValue) }
        let w = width ?? height ?? 0, h = height ?? width ?? 0
        do {
            return try MazeParameters(seed: seedValue, width: w, height: h, algorithm: algorithmValue)
        } catch {
            throw APIError.badRequest(error.description.prefix(1).uppercased() + error.description.dropFirst() + ".",
                                      code: error.code)
        }
    }

    static func algorithm(_ name: String?) throws -> MazeAlgorithm {
        guard let name else { return .hybrid }
        guard let algorithm = MazeAlgorithm(rawValue: name) else {
            throw APIError.badRequest(
                "Unknown algorithm '\(name)'; use one of \(MazeAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")).",
                code: "invalid_algorithm")
        }
        return algorithm
    }

    static func int(_ text: String?, _ name: String) throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text) else {
            throw APIError.badRequest("'\(name)' must be a whole number, not '\(text)'.", code: "invalid_size")
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

    init(id: String, parameters: MazeParameters) {
        self.id = id
        seed = String(parameters.seed)
        width = parameters.width
        height = parameters.height
        algorithm = parameters.algorithm.rawValue
    }
}

struct RoomIDJSON: Codable {
    let id: String
}

struct UnlockRequest: Decodable {
    let lock: String
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
