import Foundation
import MazeKit

/// How the maze API behaves: its realism knobs (set by `tessera serve --maze-…`) and whether the
/// debug map is on. Latency and failures use MazeKit's `SimulatedConditions`, the same shape the
/// in-process API uses, so one vocabulary describes both.
public struct MazeServerOptions: Sendable {
    /// Defaults to the original server's: fetches 6–9 ms, unlocks 200–400 ms, and once a maze has
    /// served 4096 rooms a 6/4096 chance of a 504 after 2 s.
    public var conditions: SimulatedConditions = .original
    /// Enables `GET /api/maze/mazes/{seed}/map`, which gives the whole maze away.
    public var debug = false
    /// The key behind room ids and lock tokens; nil reads `TESSERA_MAZE_SECRET` or a per-install
    /// secret file in the data folder (see `MazeSecretStore`).
    public var secret: MazeSecret?

    public init() {}
}

/// Named latency presets a client can ask for per request (`X-Maze-Latency` header or `latency`
/// query item), so a page or benchmark can pick conditions without restarting the server.
public enum LatencyPreset: String, CaseIterable, Sendable {
    /// The original server's delays and failure injection.
    case original
    /// Barely noticeable: 1 ms fetches, 20 ms unlocks, no failures.
    case fast
    /// The benchmark's conditions: exactly 20 ms fetches and 300 ms unlocks, no failures.
    case slow
    /// No waiting at all.
    case none

    public var conditions: SimulatedConditions {
        switch self {
        case .original: .original
        case .fast: fixed(fetch: .milliseconds(1), unlock: .milliseconds(20))
        case .slow: fixed(fetch: .milliseconds(20), unlock: .milliseconds(300))
        case .none: .instant
        }
    }

    private func fixed(fetch: Duration, unlock: Duration) -> SimulatedConditions {
        SimulatedConditions(fetchDelay: fetch...fetch, unlockDelay: unlock...unlock)
    }

    static func parse(_ text: String) throws -> LatencyPreset {
        guard let preset = LatencyPreset(rawValue: text.lowercased()) else {
            throw APIError.badRequest(
                "Unknown latency '\(text)'; use one of \(allCases.map(\.rawValue).joined(separator: ", ")).",
                code: "invalid_latency")
        }
        return preset
    }
}

/// Parses the CLI's delay arguments: `"7"` (exactly 7 ms) or `"6-9"` (uniform in 6…9 ms).
public func parseMillisecondRange(_ text: String) -> ClosedRange<Duration>? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
    }
    let numbers = parts.compactMap { Double($0) }
    guard numbers.count == parts.count, (1...2).contains(numbers.count),
          numbers.allSatisfy({ $0 >= 0 && $0 <= 600_000 }) else { return nil }
    let low = numbers[0], high = numbers.last ?? low
    guard low <= high else { return nil }
    return .milliseconds(low)...(.milliseconds(high))
}

/// Where the maze secret comes from. Ids stay valid across restarts only if the secret does, so it
/// is read from `TESSERA_MAZE_SECRET`, else from `maze-secret` in the data folder (created with
/// random bytes on first start), else made up per process when there is no data folder.
enum MazeSecretStore {
    static func load(dataDirectory: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> MazeSecret {
        if let passphrase = environment["TESSERA_MAZE_SECRET"], !passphrase.isEmpty {
            return MazeSecret(passphrase: passphrase)
        }
        guard let dataDirectory else { return MazeSecret(passphrase: randomHex()) }
        let path = dataDirectory + "/maze-secret"
        if let saved = try? String(contentsOfFile: path, encoding: .utf8), saved.count >= 32 {
            return MazeSecret(passphrase: saved.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let fresh = randomHex()
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        try fresh.write(toFile: path, atomically: true, encoding: .utf8)
        return MazeSecret(passphrase: fresh)
    }

    private static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
    }
}
