import HTTPTypes
import Languages
import RouterKit

/// A level that is well-formed JSON but does not hold together (roads that do not join, a house
/// off the road): 422 with the validator's code and a sentence saying what and where.
extension LevelError: APIErrorProviding {
    var apiError: APIError { APIError(.unprocessableContent, code: code, words: .words(words)) }
}

/// A program that cannot be read, or uses blocks the level does not offer: 422 with the kit's
/// code, its problem said in the asker's language.
extension ProgramError: APIErrorProviding {
    var apiError: APIError {
        switch code {
        case .invalidJSON, .invalidXML, .python, .tooLarge, .notInToolbox, .overLimit:
            APIError(.unprocessableContent, code: code.rawValue, words: .made { message(in: TextLanguage(code: $0) ?? .english) })
        }
    }
}

/// A file to import that is not JSON, not a level file, or too large.
extension LevelImport.ImportError: APIErrorProviding {
    var apiError: APIError { APIError(status, code: code, words: .words(words)) }

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
