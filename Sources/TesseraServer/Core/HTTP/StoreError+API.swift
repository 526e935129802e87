import HTTPTypes
import TesseraStore

/// The one place storage's errors become HTTP answers. Storage knows nothing of HTTP; a new
/// `StoreError` case will not compile until it has a status here.
extension StoreError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .notFound: .notFound
        case .duplicateID, .emailTaken, .classCodeTaken, .pupilNameTaken, .alreadyInSchool: .conflict
        case .unavailable, .busy, .storageUnavailable: .serviceUnavailable
        case .invalid: .badRequest
        }
    }

    var code: String {
        switch self {
        case .notFound: "not_found"
        case .duplicateID: "duplicate_id"
        case .emailTaken: "email_taken"
        case .classCodeTaken: "class_code_taken"
        case .pupilNameTaken: "pupil_name_taken"
        case .alreadyInSchool: "already_in_school"
        case .unavailable: "database_unavailable"
        case .storageUnavailable: "storage_unavailable"
        case .busy: "busy"
        case .invalid: "bad_request"
        }
    }

    var message: String { description }

    /// A 503 says when to try again: the database usually answers within a second of coming back.
    var apiError: APIError {
        var error = APIError(status, code: code, message: message)
        switch self {
        case .unavailable: error.headers[.retryAfter] = "1"
        case .busy: error.headers[.retryAfter] = "5"
        // A full or failing disk needs a person; a minute keeps retries from piling onto it.
        case .storageUnavailable: error.headers[.retryAfter] = "60"
        case .notFound, .duplicateID, .emailTaken, .classCodeTaken, .pupilNameTaken, .alreadyInSchool, .invalid: break
        }
        return error
    }
}
