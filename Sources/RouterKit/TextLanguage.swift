/// The languages our own words are written in: level names, lessons and hints, episode names,
/// the sentences a run ends with and the Python checker's explanations. Python keywords and the
/// `my_van` methods stay English in every language, as in the original: they are code, not words.
public enum TextLanguage: String, CaseIterable, Codable, Sendable {
    case english = "en"
    case spanish = "es"

    /// What a caller that names no language gets.
    public static let standard: TextLanguage = .english
}
