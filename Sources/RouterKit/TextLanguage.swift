import Languages

/// A language our own words are said in: level names, lessons and hints, episode names, guides,
/// the sentences a run ends with and the Python checker's explanations. Any language the
/// catalogues have (`Catalogues.current`, the pseudo-language `en-XA` included), so adding a
/// language is adding catalogue files. Python keywords and the `my_van` methods stay English in
/// every language, as in the original: they are code, not words.
public struct TextLanguage: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The catalogue's code: `en`, `es`, `ar`, `en-XA`…
    public let code: String

    public static let english = TextLanguage(known: Catalogues.english)

    /// What a caller that names no language gets.
    public static let standard: TextLanguage = .english

    /// The language the catalogues call `code` (any capitals, `es-MX` → `es`), nil when they have none.
    public init?(code: String) {
        guard let known = Catalogues.current.match(code) else { return nil }
        self.code = known
    }

    private init(known code: String) { self.code = code }

    /// Every language the catalogues have, English first (`en-XA` last).
    public static var allCases: [TextLanguage] {
        Catalogues.current.languages.map { TextLanguage(known: $0.code) }
            + (Catalogues.current.catalogues[Catalogues.pseudo] == nil ? [] : [TextLanguage(known: Catalogues.pseudo)])
    }

    /// The codes a caller may name, for an error message: "en, es, ar, …".
    public static var codes: String { allCases.map(\.code).joined(separator: ", ") }

    public var rawValue: String { code }
    public var description: String { code }
    public var isEnglish: Bool { code == Catalogues.english }

    /// The words of `key` in this language (else English, else the key).
    public func text(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String {
        Catalogues.current.text(key, arguments, language: code)
    }

    /// The words of `key` when this language has them itself (no English fallback).
    public func ownText(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String? {
        Catalogues.current.catalogues[code]?.text(key, arguments)
    }

    public init(from decoder: any Decoder) throws {
        let code = try decoder.singleValueContainer().decode(String.self)
        guard let known = TextLanguage(code: code) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no catalogue for language \(code)"))
        }
        self = known
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
