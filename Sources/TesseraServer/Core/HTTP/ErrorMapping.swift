import GridKit
import HTTPTypes

/// A kit error the API answers with. Each app's errors conform in the server (the kits know
/// nothing of HTTP), mapping every case exhaustively to a status; a new case will not compile
/// until someone decides its status. `ErrorMiddleware` turns any of them into the JSON error.
protocol APIErrorConvertible: Error {
    var status: HTTPResponse.Status { get }
    /// A stable snake_case code for clients.
    var code: String { get }
    /// What a person can act on (the kits' descriptions, as a sentence).
    var message: String { get }
    /// The answer: status, code and message, and any headers the error needs (`Retry-After`).
    var apiError: APIError { get }
}

extension APIErrorConvertible {
    var apiError: APIError { APIError(status, code: code, message: message) }
}

extension APIErrorConvertible where Self: CustomStringConvertible {
    /// The kit's description as a sentence: capital first letter, final full stop.
    var message: String { description.asSentence }
}

extension Optional {
    /// The value, or a 404 `not_found` naming what was looked for ("Game 'abc'").
    func orNotFound(_ what: @autoclosure () -> String) throws -> Wrapped {
        guard let self else { throw APIError.notFound(what()) }
        return self
    }
}
