import HTTPTypes
import Languages
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

    /// Storage's own reasons (a full disk, a lost connection) are for whoever runs the server and
    /// are passed on as written; the sentence around them is the asker's.
    var words: Phrase {
        switch self {
        case .notFound(let what): Phrase("shared.errors.store.notFound", ["what": .text(what)])
        case .duplicateID(let id): Phrase("shared.errors.store.duplicateID", ["id": .text(id)])
        case .emailTaken: Phrase("shared.errors.store.emailTaken")
        case .classCodeTaken: Phrase("shared.errors.store.classCodeTaken")
        case .pupilNameTaken(let name): Phrase("shared.errors.store.pupilNameTaken", ["name": .text(name)])
        case .alreadyInSchool: Phrase("shared.errors.store.alreadyInSchool")
        case .unavailable(let reason): Phrase("shared.errors.store.unavailable", ["reason": .text(reason)])
        case .storageUnavailable(let reason): Phrase("shared.errors.store.storageUnavailable", ["reason": .text(reason)])
        case .busy(let what): Phrase("shared.errors.store.busy", ["detail": .text(what)])
        case .invalid(let why): Phrase("shared.errors.store.invalid", ["detail": .text(why)])
        }
    }

    /// A 503 says when to try again: the database usually answers within a second of coming back.
    var apiError: APIError {
        var error = APIError(status, code: code, words: .phrase(words))
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
