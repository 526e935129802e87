import Foundation

/// What a teacher has closed for one class: whole episodes of ours, or single levels. A pupil of
/// the class sees them locked and cannot run them; everyone else plays as before. Only our own
/// levels can be locked (custom levels are shared on purpose, so there is nothing to close).
public struct ClassLocks: Codable, Equatable, Sendable {
    /// The class's id: one document per class.
    public var id: String
    public var episodes: [Int]
    public var levels: [String]

    /// What a pupil reads beside locked levels (`run.locked.levels`), in `language`.
    public static func pupilMessage(in language: TextLanguage = .english) -> String { language.text("run.locked.levels") }

    /// The answer to a run of a locked level (`run.locked.level`), in `language`.
    public static func runMessage(in language: TextLanguage = .english) -> String { language.text("run.locked.level") }

    public init(id: String, episodes: [Int] = [], levels: [String] = []) {
        self.id = id
        self.episodes = episodes
        self.levels = levels
    }

    /// Locks for `id`, sorted and without repeats, once every episode and level is one of ours;
    /// otherwise a sentence naming the first that is not.
    public static func make(id: String, episodes: [Int], levels: [String]) -> Result<ClassLocks, LockProblem> {
        let known = Set(LevelCatalog.episodes.map(\.number))
        if let unknown = episodes.first(where: { !known.contains($0) }) {
            return .failure(LockProblem(words: .say("program.locks.noEpisode", ["episode": .number(unknown),
                                                                               "last": .number(known.max() ?? 0)])))
        }
        if let unknown = levels.first(where: { LevelCatalog.level(id: $0) == nil }) {
            return .failure(LockProblem(words: .say("program.locks.noLevel", ["level": .verbatim(String(unknown.prefix(40)))])))
        }
        let ordered = LevelCatalog.levels.map(\.id).filter(Set(levels).contains)
        return .success(ClassLocks(id: id, episodes: Array(Set(episodes)).sorted(), levels: ordered))
    }

    /// Whether a pupil of the class may not run this level: it is listed, or its episode is.
    public func locks(levelID: String) -> Bool {
        if levels.contains(levelID) { return true }
        guard let episode = LevelCatalog.episode(ofLevel: levelID) else { return false }
        return episodes.contains(episode.number)
    }

    public var isEmpty: Bool { episodes.isEmpty && levels.isEmpty }
}

/// Why a class's locks were refused, as catalogue words (`program.locks.*`).
public struct LockProblem: Error, Equatable, Sendable {
    public var words: Words
    /// The problem in English.
    public var message: String { words.english }

    public init(words: Words) { self.words = words }

    public func message(in language: TextLanguage) -> String { words.text(in: language) }
}
