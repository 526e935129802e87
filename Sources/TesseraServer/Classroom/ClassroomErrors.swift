import ClassroomKit
import HTTPTypes
import Languages

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

    var words: Phrase {
        switch self {
        case .passwordTooShort: Phrase("classroom.errors.account.passwordTooShort", ["count": .number(AccountRules.passwordCharacters)])
        case .passwordTooLong: Phrase("classroom.errors.account.passwordTooLong", ["count": .number(AccountRules.passwordMaxCharacters)])
        case .invalidName: Phrase("classroom.errors.account.invalidName", ["count": .number(AccountRules.nameMaxCharacters)])
        case .invalidEmail: Phrase("classroom.errors.account.invalidEmail")
        case .emailTaken: Phrase("classroom.errors.account.emailTaken")
        case .wrongCredentials: Phrase("classroom.errors.account.wrongCredentials")
        case .wrongPupilCredentials: Phrase("classroom.errors.account.wrongPupilCredentials")
        case .signInRequired: Phrase("classroom.errors.account.signInRequired")
        case .teachersOnly: Phrase("classroom.errors.account.teachersOnly")
        case .pupilNameTaken(let name): Phrase("classroom.errors.account.pupilNameTaken", ["name": .text(name)])
        case .tooManyPupils: Phrase("classroom.errors.account.tooManyPupils", ["count": .number(ClassRules.maxPupilsPerClass)])
        case .tooManyClasses: Phrase("classroom.errors.account.tooManyClasses", ["count": .number(ClassRules.maxClassesPerTeacher)])
        }
    }
}
