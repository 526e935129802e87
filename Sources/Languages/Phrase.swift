import Foundation
import Synchronization

/// What to say, as data: a catalogue key and its arguments, which may be phrases themselves (a
/// run's ending names *when* and *where* with phrases of their own). Kits record phrases; the edge
/// (the server answering a page, the CLI printing) makes the words in the reader's language.
public struct Phrase: Hashable, Sendable {
    public indirect enum Argument: Hashable, Sendable {
        case text(String)
        case number(Int)
        case phrase(Phrase)
    }

    public let key: String
    public let arguments: [String: Argument]

    public init(_ key: String, _ arguments: [String: Argument] = [:]) {
        self.key = key
        self.arguments = arguments
    }
}

extension Catalogues {
    /// The phrase's words in `language` (phrases inside it first), falling back as `text(_:_:language:)`.
    public func text(_ phrase: Phrase, language: String) -> String {
        text(phrase.key, phrase.arguments.mapValues { argument in
            switch argument {
            case .text(let words): .text(words)
            case .number(let value): .number(Double(value))
            case .phrase(let inner): .text(text(inner, language: language))
            }
        }, language: language)
    }

    private static let inUse = Mutex<Catalogues?>(nil)

    /// The catalogues kits' words are made with: the shipped ones until the server sets its own
    /// (`use`), with the operator's `--languages-dir`.
    public static var current: Catalogues {
        inUse.withLock { current in
            if let current { return current }
            let loaded = Catalogues.load()
            current = loaded
            return loaded
        }
    }

    /// Makes these the catalogues every kit speaks with from now on (the server, at start).
    public static func use(_ catalogues: Catalogues) { inUse.withLock { $0 = catalogues } }
}
