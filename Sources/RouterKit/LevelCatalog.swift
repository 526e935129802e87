import Foundation
import GridKit

/// One episode of Tessera's own levels: a lesson theme and its levels in playing order.
public struct Episode: Codable, Hashable, Sendable, Identifiable {
    public var number: Int
    public var name: String
    /// One line for the level picker.
    public var summary: String
    public var levelIDs: [String]

    public var id: Int { number }

    public init(number: Int, name: String, summary: String, levelIDs: [String]) {
        self.number = number
        self.name = name
        self.summary = summary
        self.levelIDs = levelIDs
    }
}

/// Tessera's own levels, shipped in the `Levels` resource folder: `episodes.json` (the episodes in
/// order, each naming its level ids) and one `<id>.json` per level in our level format. They are
/// written by `scripts/router_levels.py` from the episode files in `scripts/levels`.
///
/// Everything is read and checked once, on first use. A level that cannot be read, decoded or
/// validated is a mistake on our side: it is left out and described in `problems` (a test requires
/// that list to be empty), so a bad file never crashes the app — at worst the catalog is smaller.
public enum LevelCatalog {
    /// The episodes in playing order (only level ids that loaded).
    public static let episodes: [Episode] = contents.episodes

    /// Every level, in episode order.
    public static var levels: [Level] { contents.levels }

    public static func level(id: String) -> Level? { contents.levelsByID[id] }

    /// The episode a level belongs to.
    public static func episode(ofLevel id: String) -> Episode? {
        episodes.first { $0.levelIDs.contains(id) }
    }

    /// The level after this one in playing order (across episodes), nil after the last.
    public static func nextLevel(after id: String) -> Level? {
        let all = contents.levels
        guard let index = all.firstIndex(where: { $0.id == id }), index + 1 < all.count else { return nil }
        return all[index + 1]
    }

    /// What went wrong while loading, one readable line each; empty when every file is sound.
    public static var problems: [String] { contents.problems }

    // MARK: Loading

    struct Contents: Sendable {
        var episodes: [Episode] = []
        var levels: [Level] = []
        var levelsByID: [String: Level] = [:]
        var problems: [String] = []
    }

    private static let contents: Contents = {
        guard let folder = levelsFolder else {
            return Contents(problems: ["the Levels resource folder is missing (Tessera_RouterKit.resources beside the binary)"])
        }
        return load(from: folder)
    }()

    /// The bundled `Levels` folder, or nil when the bundle is missing (a binary copied without its
    /// bundles). (Internal: `LevelTexts` reads its `texts` folder from here too.)
    static var levelsFolder: URL? { ResourceBundle.find("Levels", inBundleOf: "RouterKit", directory: true) }

    /// Reads a levels folder (`episodes.json` + `<id>.json`). Never throws: problems are collected.
    static func load(from folder: URL) -> Contents {
        var result = Contents()
        let decoder = JSONDecoder()
        let episodesURL = folder.appendingPathComponent("episodes.json")
        let listed: [Episode]
        do {
            listed = try decoder.decode([Episode].self, from: Data(contentsOf: episodesURL))
        } catch {
            result.problems.append("episodes.json: \(describe(error))")
            return result
        }

        var seenIDs: Set<String> = []
        var seenNumbers: Set<Int> = []
        for episode in listed {
            if !seenNumbers.insert(episode.number).inserted {
                result.problems.append("episodes.json: episode \(episode.number) is listed twice")
            }
            var loaded = episode
            loaded.levelIDs = []
            for id in episode.levelIDs {
                guard seenIDs.insert(id).inserted else {
                    result.problems.append("episodes.json: level \(id) is listed in more than one place")
                    continue
                }
                let file = "\(id).json"
                let level: Level
                do {
                    level = try decoder.decode(Level.self, from: Data(contentsOf: folder.appendingPathComponent(file)))
                } catch {
                    result.problems.append("\(file): \(describe(error))")
                    continue
                }
                var fileProblems: [String] = []
                if level.id != id { fileProblems.append("its id is \"\(level.id)\", not \"\(id)\"") }
                if level.episode != episode.number {
                    fileProblems.append("it says episode \(level.episode.map(String.init) ?? "none"), but episodes.json puts it in episode \(episode.number)")
                }
                fileProblems += level.problems().map(\.description)
                guard fileProblems.isEmpty else {
                    result.problems += fileProblems.map { "\(file): \($0)" }
                    continue
                }
                loaded.levelIDs.append(id)
                result.levels.append(level)
                result.levelsByID[id] = level
            }
            result.episodes.append(loaded)
        }

        // A level file that no episode lists would never be played: report it.
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in files.sorted() where file.hasSuffix(".json") && !["episodes.json", "guides.json"].contains(file) {
            let id = String(file.dropLast(".json".count))
            if !seenIDs.contains(id) { result.problems.append("\(file): no episode lists level \(id)") }
        }
        return result
    }

    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return error.localizedDescription }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch decoding {
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\"\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription)\(path(context))"
        @unknown default:
            return "\(decoding)"
        }
    }
}
