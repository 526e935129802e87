import Hummingbird
import RouterKit

extension Request {
    /// The `lang` query parameter (any language the catalogues have, `en-XA` included; English when
    /// absent) that picks the language of the words a Rapid Router answer carries. The page sends
    /// the language its switcher shows, so a level's lesson and a run's message read in the same
    /// language as the buttons around them.
    func textLanguage() throws -> TextLanguage {
        guard let asked = uri.queryParameters["lang"] else { return .standard }
        guard let language = TextLanguage(code: String(asked)) else {
            throw APIError.badRequest("router.errors.language", ["codes": .text(TextLanguage.codes), "asked": .sent(asked, limit: 20)],
                                      code: "bad_language")
        }
        return language
    }
}
