import GridKit
import MazeKit

/// One server-sent event of `GET /api/maze/explore`, as the page reads it. Positions are absolute
/// maze squares with row 0 at the top; `t` and `seconds` are seconds since the exploration began.
enum ExploreEventJSON: Encodable {
    case began(parameters: MazeParameters, strategy: ExplorationStrategy, latency: LatencyPreset?, start: Square)
    case room(ExploredRoom, start: Square)
    case finished(ExplorationStats, valid: Bool, path: [Square])
    case failed(String, ExplorationStats)
    case cancelled(ExplorationStats)

    private enum Key: String, CodingKey {
        case type, seed, width, height, algorithm, strategy, latency, start
        case col, row, tileUrl, roomType, openSides, t, stats, path, message
    }

    /// The stats in their one JSON form (`ExplorationStats`), plus whether the map checked out.
    private static func stats(_ stats: ExplorationStats, valid: Bool) -> Flattened<ExplorationStats, [String: Bool]> {
        Flattened(stats, ["valid": valid])
    }

    func encode(to encoder: any Encoder) throws {
        var json = encoder.container(keyedBy: Key.self)
        switch self {
        case let .began(parameters, strategy, latency, start):
            try json.encode("began", forKey: .type)
            try json.encode(String(parameters.seed), forKey: .seed)
            try json.encode(parameters.width, forKey: .width)
            try json.encode(parameters.height, forKey: .height)
            try json.encode(parameters.algorithm.rawValue, forKey: .algorithm)
            try json.encode(strategy.rawValue, forKey: .strategy)
            try json.encode(latency?.rawValue ?? "server", forKey: .latency)
            try json.encode(start, forKey: .start)  // a single position: {"row", "col"}
        case let .room(room, start):
            let square = room.coordinate.offset(by: start)
            try json.encode("room", forKey: .type)
            try json.encode(square.col, forKey: .col)
            try json.encode(square.row, forKey: .row)
            try json.encode(room.tileUrl, forKey: .tileUrl)
            try json.encode(room.type.rawValue, forKey: .roomType)
            try json.encode(room.openSides.map(\.rawValue), forKey: .openSides)
            try json.encode(room.discoveredAfter.seconds, forKey: .t)
        case let .finished(stats, valid, path):
            try json.encode("finished", forKey: .type)
            try json.encode(Self.stats(stats, valid: valid), forKey: .stats)
            try json.encode(path.map(\.pair), forKey: .path)
        case let .failed(message, stats):
            try json.encode("failed", forKey: .type)
            try json.encode(message, forKey: .message)
            try json.encode(Self.stats(stats, valid: false), forKey: .stats)
        case let .cancelled(stats):
            try json.encode("cancelled", forKey: .type)
            try json.encode(Self.stats(stats, valid: false), forKey: .stats)
        }
    }
}
