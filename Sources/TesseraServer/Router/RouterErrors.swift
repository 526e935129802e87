import HTTPTypes
import RouterKit

/// A level that is well-formed JSON but does not hold together (roads that do not join, a house
/// off the road): 422 with the validator's code and a sentence saying what and where.
extension LevelError: APIErrorConvertible {
    var status: HTTPResponse.Status { .unprocessableContent }
}

/// A program that cannot be read, or uses blocks the level does not offer: 422 with the kit's
/// code. (`ProgramError.code` is the kit's enum, so it maps through `apiError` rather than
/// conforming to `APIErrorConvertible`.)
extension ProgramError {
    var apiError: APIError {
        switch code {
        case .invalidJSON, .invalidXML, .python, .tooLarge, .notInToolbox, .overLimit:
            APIError(.unprocessableContent, code: code.rawValue, message: message)
        }
    }
}



extension LevelImport.ImportError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .notJSON: .badRequest
        case .unrecognised: .unprocessableContent
        case .tooLarge: .contentTooLarge
        }
    }
    var code: String {
        switch self {
        case .notJSON: "bad_json"
        case .unrecognised: "not_a_level_file"
        case .tooLarge: "payload_too_large"
        }
    }
}
