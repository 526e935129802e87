import HTTPTypes
import MazeKit

/// A forged, malformed or wall-naming room id and a lock that opens nothing are all "not found",
/// deliberately alike; an impossible size is a bad request.
extension MazeError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .invalidSize: .badRequest
        case .unknownRoom, .invalidLock: .notFound
        }
    }
}
