import RouterKit

extension TextLanguage {
    /// Spanish, the second language every test of translated words uses.
    static var spanish: TextLanguage { TextLanguage(code: "es") ?? .english }
}
