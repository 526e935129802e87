import Languages

/// A sentence for people, kept as WHAT to say rather than as finished text, so one run can be told
/// in any `TextLanguage` at the end: the engine records a run's ending (`RunMessage`: a failure
/// kind with its numbers) or a program's problem (a catalogue phrase with its arguments), and the
/// server renders it in the language the page asked for.
///
/// Problems are named where they are found, by catalogue key, with named arguments:
/// `Words.say("program.python.noValue", ["name": .code(name), "advice": advice])`. The words are
/// the catalogues' (`program.*` in `Languages/catalogues/<code>/program.json`), so adding a
/// language is adding files and the engine has no English sentence (and no `if spanish`) anywhere.
/// A key a language lacks falls back to English (`Words.untranslated` lets tests find them).
public indirect enum Words: Hashable, Sendable {
    /// The same in every language: code, names, numbers.
    case verbatim(String)
    /// A number a phrase counts with: its plural chooses by it. Said as the program writes
    /// numbers (digits, no grouping), as code is.
    case number(Int)
    /// A catalogue message (`program.python.noValue`) with its named arguments, which are words
    /// themselves (said in the same language first).
    case phrase(String, [String: Words])
    /// How a run ended, with what happened and where (`RunWords` says it).
    case run(RunMessage)

    /// The catalogue message `key` with its named arguments.
    public static func say(_ key: String, _ arguments: [String: Words] = [:]) -> Words { .phrase(key, arguments) }

    /// Code, a name or a number, shown as written in every language.
    public static func code(_ value: some CustomStringConvertible) -> Words { .verbatim(value.description) }

    /// Words that say nothing (no suggestion to add, say).
    public static let nothing = Words.verbatim("")

    public var english: String { text(in: .english) }

    /// True for words that say nothing (no suggestion, say).
    public var isEmpty: Bool { english.isEmpty }

    public func text(in language: TextLanguage) -> String {
        switch self {
        case .verbatim(let text): return text
        case .number(let value): return String(value)
        case .run(let message): return RunWords.text(message, in: language)
        case .phrase(let key, let arguments):
            // Every argument as text: a plural reads its number back from the digits.
            return language.text(key, arguments.mapValues { .text($0.text(in: language)) })
        }
    }

    /// Ends with a full stop unless it already ends a sentence (as Python's messages do).
    package var asSentence: Words {
        (english.last.map { ".?!".contains($0) } ?? false) ? self : .say("program.sentence", ["text": self])
    }

    /// The catalogue keys in these words that `language`'s own catalogue lacks (English's too:
    /// tests look for none).
    public func untranslated(in language: TextLanguage) -> [String] {
        switch self {
        case .verbatim, .number: return []
        case .run(let message): return Self.untranslated(message.phrase, in: language)
        case .phrase(let key, let arguments):
            let own = language.ownText(key) == nil ? [key] : []
            return own + arguments.keys.sorted().flatMap { arguments[$0]?.untranslated(in: language) ?? [] }
        }
    }

    private static func untranslated(_ phrase: Phrase, in language: TextLanguage) -> [String] {
        let own = language.ownText(phrase.key) == nil ? [phrase.key] : []
        return own + phrase.arguments.keys.sorted().flatMap { name -> [String] in
            guard case .phrase(let inner) = phrase.arguments[name] else { return [] }
            return untranslated(inner, in: language)
        }
    }

    /// "'A' or 'B' or 'C'": choices given in code, joined in words.
    package static func either(_ choices: [String]) -> Words {
        guard let last = choices.last else { return .nothing }
        guard choices.count > 1 else { return .verbatim(last) }
        return .say("program.or", ["a": either(Array(choices.dropLast())), "b": .verbatim(last)])
    }
}
