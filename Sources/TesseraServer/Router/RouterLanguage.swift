import Hummingbird
import RouterKit

extension Request {
    /// The `lang` query parameter (`en` or `es`; English when absent) that picks the language of
    /// the words a Rapid Router answer carries. The page sends the language its switcher shows, so
    /// a level's lesson and a run's message read in the same language as the buttons around them.
    func textLanguage() throws -> TextLanguage {
        guard let asked = uri.queryParameters["lang"] else { return .standard }
        guard let language = TextLanguage(rawValue: String(asked)) else {
            let known = TextLanguage.allCases.map(\.rawValue).joined(separator: " or ")
            throw APIError.badRequest("'lang' must be \(known), not '\(asked.prefix(20))'.", code: "bad_language")
        }
        return language
    }
}
