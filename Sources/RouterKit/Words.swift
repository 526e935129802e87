/// A sentence for people, kept as WHAT to say rather than as finished text, so one run can be told
/// in any `TextLanguage` at the end: the engine records a run's ending (`RunMessage`: a failure
/// kind with its numbers) or a Python problem (an English template with its parts), and the
/// server renders it in the language the page asked for.
///
/// Python problems are written where they are found, in English, as before:
/// `fail(at, "`\(name)` has no value\(advice)")` makes the template "`{0}` has no value{1}" with
/// the parts `name` (code: the same in every language) and `advice` (words of their own). Each
/// other language has one catalog of those templates (`SpanishWords`, WordsSpanish.swift), gettext-style, so
/// all of a language's sentences sit together and the engine has no `if spanish` anywhere. A
/// template a catalog lacks falls back to English (`Words.untranslated` lets tests find them).
public indirect enum Words: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// The same in every language: code, names, numbers.
    case verbatim(String)
    /// An English template with `{0}`, `{1}`, … for its parts.
    case sentence(String, [Words])
    /// How a run ended, with what happened and where (`RunWords` says it).
    case run(RunMessage)

    public init(stringLiteral value: String) { self = .sentence(value, []) }

    /// English words held in a variable (a table's advice, say): translated like a literal.
    public init(_ english: String) { self = .sentence(english, []) }

    public init(stringInterpolation: StringInterpolation) {
        self = .sentence(stringInterpolation.template, stringInterpolation.parts)
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var template = ""
        var parts: [Words] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            template.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) { template += literal }

        /// Words inside words: translated with the sentence around them.
        public mutating func appendInterpolation(_ words: Words) {
            template += "{\(parts.count)}"
            parts.append(words)
        }

        /// Code, names and numbers: the same in every language.
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T) {
            appendInterpolation(Words.verbatim(value.description))
        }
    }

    public var english: String { text(in: .english) }

    /// True for words that say nothing (no suggestion, say).
    public var isEmpty: Bool { english.isEmpty }

    public func text(in language: TextLanguage) -> String {
        switch self {
        case .verbatim(let text): return text
        case .run(let message): return RunWords.text(message, in: language)
        case .sentence(let template, let parts):
            let said = Self.catalog(language)[template] ?? template
            return Self.fill(said, with: parts.map { $0.text(in: language) })
        }
    }

    /// Ends with a full stop unless it already ends a sentence (as Python's messages do).
    package var asSentence: Words {
        (english.last.map { ".?!".contains($0) } ?? false) ? self : .sentence("{0}.", [self])
    }

    /// The templates in these words that `language` has no translation for (tests look for none).
    public func untranslated(in language: TextLanguage) -> [String] {
        guard case .sentence(let template, let parts) = self else { return [] }
        let own = language == .english || Self.catalog(language)[template] != nil || Self.neutral(template) ? [] : [template]
        return own + parts.flatMap { $0.untranslated(in: language) }
    }

    static func catalog(_ language: TextLanguage) -> [String: String] {
        switch language {
        case .english: [:]
        case .spanish: SpanishWords.catalog
        }
    }

    /// "'A' or 'B' or 'C'": choices given in code, joined in words.
    package static func either(_ choices: [String]) -> Words {
        .sentence(choices.indices.map { "{\($0)}" }.joined(separator: " or "), choices.map(Words.verbatim))
    }

    /// Templates with no words outside code ("{0}.", "`return`") read the same in every language.
    static func neutral(_ template: String) -> Bool {
        let outsideCode = template.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 0 }.map(\.element).joined()
        return !outsideCode.contains { $0.isLetter }
    }

    /// The template with `{n}` replaced by the n-th part; parts are not read again, so a part that
    /// itself holds "{0}" stays as written.
    static func fill(_ template: String, with parts: [String]) -> String {
        guard !parts.isEmpty else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let n = Int(after[..<close]), parts.indices.contains(n) {
                result += parts[n]
                rest = after[after.index(after: close)...]
            } else {
                result.append("{")
                rest = after
            }
        }
        return result + rest
    }
}
