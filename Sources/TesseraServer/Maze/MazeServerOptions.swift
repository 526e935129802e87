import Foundation
import MazeKit
import TesseraStore

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
    /// How many server-side explorations may run at once, and for how long.
    public var explorations = ExplorationLimits()

    public init() {}
}

extension LatencyPreset {
    /// Exactly one of the preset names (as the contract's enum lists them); anything else is a 400.
    static func parse(_ text: String) throws -> LatencyPreset {
        guard let preset = LatencyPreset(rawValue: text) else {
            throw APIError.badRequest("maze.errors.unknownLatency",
                                      ["name": .sent(text, limit: 40), "choices": .text(allCases.map(\.rawValue).joined(separator: ", "))],
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
/// is read from `TESSERA_MAZE_SECRET`, else from `maze-secret` in the data folder (created with 32
/// random bytes, mode 0600, on first start), else made up per process when there is no data folder.
/// A secret that cannot be read or is too short stops start-up: silently replacing it would
/// invalidate every room id handed out before.
enum MazeSecretStore {
    static let minimumLength = 32
    static let fileName = DataFolder.mazeSecretFileName

    static func load(dataDirectory: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> MazeSecret {
        if let passphrase = environment["TESSERA_MAZE_SECRET"], !passphrase.isEmpty {
            guard passphrase.utf8.count >= minimumLength else {
                throw StartupError("TESSERA_MAZE_SECRET must be at least \(minimumLength) characters; "
                    + "make one with `openssl rand -hex 32`.")
            }
            return MazeSecret(passphrase: passphrase)
        }
        guard let dataDirectory else { return MazeSecret(passphrase: Secrets.randomHex(bytes: 32)) }
        let path = dataDirectory + "/" + fileName
        if FileManager.default.fileExists(atPath: path) {
            let saved: String
            do {
                saved = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            } catch {
                throw StartupError("Cannot read the maze secret \(path) (\(error.localizedDescription)). Give this user "
                    + "read access (chmod 600), or delete the file to make a new one (room ids handed out so far then stop working).")
            }
            guard saved.utf8.count >= minimumLength else {
                throw StartupError("The maze secret \(path) is shorter than \(minimumLength) characters. Put a long random "
                    + "value in it (`openssl rand -hex 32 > \(path)`), or delete it to make a new one.")
            }
            try DataFolder.restrict(path, to: 0o600)
            return MazeSecret(passphrase: saved)
        }
        let fresh = Secrets.randomHex(bytes: 32)
        try DataFolder.prepare(dataDirectory)
        guard FileManager.default.createFile(atPath: path, contents: Data(fresh.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw StartupError("Cannot write the maze secret \(path); check that the data folder is writable.")
        }
        return MazeSecret(passphrase: fresh)
    }
}
