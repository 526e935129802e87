import HTTPTypes
import PostsKit

/// Every way the origin can fail a sync is the origin's fault, not the caller's: 502.
extension PostsOriginError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .unreachable, .status, .undecodable, .tooLarge: .badGateway
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
}
