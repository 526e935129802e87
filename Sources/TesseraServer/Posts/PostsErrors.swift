import HTTPTypes
import Languages
import PostsKit

/// Every way the origin can fail a sync is the origin's fault, not the caller's: 502.
extension PostsOriginError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .unreachable, .status, .undecodable, .tooLarge: .badGateway
        }
    }

    /// The reasons inside (a refused connection, a decoding error) are the network's and the
    /// decoder's, for whoever runs the server, and are passed on as written.
    var words: Phrase {
        switch self {
        case let .unreachable(list, reason): Phrase("posts.errors.origin.unreachable", ["list": .text(list), "reason": .text(reason)])
        case let .status(list, code): Phrase("posts.errors.origin.status", ["list": .text(list), "code": .text(String(code))])
        case let .undecodable(list, reason): Phrase("posts.errors.origin.undecodable", ["list": .text(list), "reason": .text(reason)])
        case let .tooLarge(list, limit): Phrase("posts.errors.origin.tooLarge", ["list": .text(list), "megabytes": .number(limit / 1_000_000)])
        }
    }
}

/// A photo address from the origin that is unusable, or a photo too large, is the origin's fault
/// (502); a full queue is ours and passes (429, like every limit).
extension PhotoLoaderError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .emptyURL, .urlTooLong, .photoTooLarge: .badGateway
        case .queueFull, .tooManyWaiting: .tooManyRequests
        }
    }

    var words: Phrase {
        switch self {
        case .emptyURL: Phrase("posts.errors.photo.emptyURL")
        case let .urlTooLong(bytes, limit):
            Phrase("posts.errors.photo.urlTooLong", ["bytes": .text(String(bytes)), "limit": .text(String(limit))])
        case let .queueFull(limit): Phrase("posts.errors.photo.queueFull", ["limit": .number(limit)])
        case let .tooManyWaiting(limit): Phrase("posts.errors.photo.tooManyWaiting", ["limit": .number(limit)])
        case let .photoTooLarge(bytes, limit):
            Phrase("posts.errors.photo.tooLarge", ["bytes": .text(String(bytes)), "limit": .text(String(limit))])
        }
    }
}
