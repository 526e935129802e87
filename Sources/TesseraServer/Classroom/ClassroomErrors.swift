import ClassroomKit
import HTTPTypes

extension AccountError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .passwordTooShort, .passwordTooLong, .invalidName, .invalidEmail: .badRequest
        case .emailTaken, .pupilNameTaken: .conflict
        case .tooManyPupils, .tooManyClasses: .unprocessableContent
        case .wrongCredentials, .wrongPupilCredentials, .signInRequired: .unauthorized
        case .teachersOnly: .forbidden
        }
    }
}
