import Foundation
import HTTPTypes
import Hummingbird

/// The one error type the server answers with: a status, a stable machine code and a message a
/// person can act on. Rendered as `{"error":{"code":"…","message":"…"}}`.
public struct APIError: Error, HTTPResponseError, Sendable {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    /// Extra response headers, such as `Retry-After` on a 429.
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public static func notFound(_ what: String) -> APIError {
        APIError(.notFound, code: "not_found", message: "\(what) was not found.")
    }

    public static func badRequest(_ message: String, code: String = "bad_request") -> APIError {
        APIError(.badRequest, code: code, message: message)
    }

    /// 429 `too_busy`: a limit on concurrent work was reached; `Retry-After` says when to retry.
    public static func tooBusy(_ message: String, retryAfterSeconds: Int) -> APIError {
        var error = APIError(.tooManyRequests, code: "too_busy", message: message)
        error.headers[.retryAfter] = String(retryAfterSeconds)
        return error
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
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
