import GridKit
import HTTPTypes
import Languages
import RouterKit

/// A kit error the API answers with. Each app's errors conform in the server (the kits know
/// nothing of HTTP or of languages), mapping every case exhaustively to a status and to the
/// catalogue phrase that says it; a new case will not compile until someone decides both.
/// `ErrorMiddleware` turns any of them into the JSON error, in the asker's language.
protocol APIErrorConvertible: APIErrorProviding {
    var status: HTTPResponse.Status { get }
    /// A stable snake_case code for clients.
    var code: String { get }
    /// What a person can act on, as a catalogue phrase.
    var words: Phrase { get }
    /// The answer: status, code and words, and any headers the error needs (`Retry-After`).
    var apiError: APIError { get }
}

extension APIErrorConvertible {
    var apiError: APIError { APIError(status, code: code, words: .phrase(words)) }
}

/// Any error the API answers with its own `APIError`: `APIErrorConvertible` kit errors, and Rapid
/// Router's engine errors, which carry `Words` of their own (a level's problem names the tile and
/// square) and say themselves in any language.
protocol APIErrorProviding: Error {
    var apiError: APIError { get }
}

extension APIError.Said {
    /// Rapid Router's words, said in the asker's language.
    static func words(_ words: Words) -> APIError.Said {
        .made { words.text(in: TextLanguage(code: $0) ?? .english) }
    }
}

extension Optional {
    /// The value, or a 404 `not_found` said by `key` ("Game '{id}' was not found.").
    func orNotFound(_ key: String, _ arguments: @autoclosure () -> [String: Phrase.Argument] = [:]) throws -> Wrapped {
        guard let self else { throw APIError.notFound(key, arguments()) }
        return self
    }
}
