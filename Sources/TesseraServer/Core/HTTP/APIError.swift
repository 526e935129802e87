import Foundation
import HTTPTypes
import Hummingbird
import Languages

/// The one error type the server answers with: a status, a stable machine code and words a person
/// can act on. Rendered as `{"error":{"code":"…","message":"…"}}`, the message made when the answer
/// is written, in the asker's language (`?lang=`, else `Accept-Language`, which every page sets to
/// its own language): errors are said by catalogue key, never as English in Swift.
public struct APIError: Error, HTTPResponseError, Sendable {
    public let status: HTTPResponse.Status
    public let code: String
    /// What to say: a catalogue phrase, or words a kit made that say themselves in any language.
    public let words: Said
    /// Extra response headers, such as `Retry-After` on a 429.
    public var headers: HTTPFields = [:]

    public enum Said: Sendable {
        case phrase(Phrase)
        /// Words made elsewhere (Rapid Router's program problems), given a language code.
        case made(@Sendable (_ language: String) -> String)
    }

    /// An error said by the catalogue message `key` (`shared.errors.bodyNotJSON`) with its arguments.
    public init(_ status: HTTPResponse.Status, code: String, say key: String, _ arguments: [String: Phrase.Argument] = [:]) {
        self.init(status, code: code, words: .phrase(Phrase(key, arguments)))
    }

    public init(_ status: HTTPResponse.Status, code: String, words: Said) {
        self.status = status
        self.code = code
        self.words = words
    }

    /// The words in `language` (a catalogue code).
    public func message(in language: String) -> String {
        switch words {
        case .phrase(let phrase): Catalogues.current.text(phrase, language: language)
        case .made(let make): make(language)
        }
    }

    /// The words in English: for logs, the CLI and tests.
    public var message: String { message(in: Catalogues.english) }

    /// 404 `not_found`, said by `key` (each thing looked for has its own sentence, so every
    /// language can say it in its own order).
    public static func notFound(_ key: String, _ arguments: [String: Phrase.Argument] = [:]) -> APIError {
        APIError(.notFound, code: "not_found", say: key, arguments)
    }

    public static func badRequest(_ key: String, _ arguments: [String: Phrase.Argument] = [:], code: String = "bad_request") -> APIError {
        APIError(.badRequest, code: code, say: key, arguments)
    }

    /// 429 `too_busy`: a limit on concurrent work was reached; `Retry-After` says when to retry.
    public static func tooBusy(_ key: String, _ arguments: [String: Phrase.Argument] = [:], retryAfterSeconds: Int) -> APIError {
        var error = APIError(.tooManyRequests, code: "too_busy", say: key, arguments)
        error.headers[.retryAfter] = String(retryAfterSeconds)
        return error
    }

    /// The language a request's errors are said in: `?lang=` when it names one we have, else the
    /// best of `Accept-Language`, else English.
    public static func language(of request: Request) -> String {
        Catalogues.current.negotiate(asked: request.uri.queryParameters["lang"].map(String.init),
                                     acceptLanguage: request.headers[.acceptLanguage])
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let message = message(in: Self.language(of: request))
        var response = try JSONBody.response(ErrorEnvelope(error: .init(code: code, message: message)), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }

    struct ErrorEnvelope: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }
        let error: Detail
    }
}

extension Phrase.Argument {
    /// Text from the request (an id, a name) shown as sent, cut to `limit` characters.
    static func sent(_ text: some StringProtocol, limit: Int = 64) -> Phrase.Argument { .text(String(text.prefix(limit))) }
}
