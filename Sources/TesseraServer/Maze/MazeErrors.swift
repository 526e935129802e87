import HTTPTypes
import Languages
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

    var words: Phrase {
        switch self {
        case let .invalidSize(width, height):
            Phrase("maze.errors.invalidSize", ["width": .text(String(width)), "height": .text(String(height)),
                                               "min": .number(MazeParameters.sizeRange.lowerBound),
                                               "max": .number(MazeParameters.sizeRange.upperBound)])
        case let .unknownRoom(id): Phrase("maze.errors.unknownRoom", ["id": .text(id)])
        case let .invalidLock(lock): Phrase("maze.errors.invalidLock", ["lock": .text(lock)])
        }
    }
}

extension MazeAPIError {
    /// Why the server's own explorer stopped, for the exploration's `failed` event. The reasons
    /// inside (a method, a path, a status) are the HTTP client's and are passed on as written.
    var words: Phrase {
        switch self {
        case let .retryable(reason): Phrase("maze.errors.explorer.retryable", ["reason": .text(reason)])
        case let .notFound(what): Phrase("maze.errors.explorer.notFound", ["what": .text(what)])
        case let .badResponse(reason): Phrase("maze.errors.explorer.badResponse", ["reason": .text(reason)])
        }
    }
}
