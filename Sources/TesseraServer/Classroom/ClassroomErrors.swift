import ClassroomKit
import HTTPTypes

extension AccountError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .passwordTooShort, .passwordTooLong, .invalidName, .invalidEmail: .badRequest
        case .emailTaken: .conflict
        case .wrongCredentials, .signInRequired: .unauthorized
        case .teachersOnly: .forbidden
        }
    }
}
