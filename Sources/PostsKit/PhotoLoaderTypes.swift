import Collections
import Foundation

/// How soon a photo is wanted. A visible thumbnail asks at `normal`, a prefetch at `low`, the
/// full-size photo at `high`.
public enum PhotoPriority: Int, Comparable, Sendable, CaseIterable {
    case veryLow, low, normal, high

    /// One level down, never below `veryLow`.
    public var lowered: PhotoPriority { PhotoPriority(rawValue: rawValue - 1) ?? .veryLow }

    public static func < (lhs: PhotoPriority, rhs: PhotoPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where the loader gets a photo's bytes (the live one speaks HTTP; tests use fakes). Any error it
/// throws reaches every caller waiting for that URL unchanged.
public protocol PhotoFetching: Sendable {
    func fetch(_ url: String) async throws -> Data
}

public enum PhotoLoaderError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyURL
    case urlTooLong(bytes: Int, limit: Int)
    /// As many different URLs are waiting as the loader allows.
    case queueFull(limit: Int)
    /// As many callers are waiting (over all URLs) as the loader allows.
    case tooManyWaiting(limit: Int)
    /// The fetcher returned more bytes than the loader keeps for one photo.
    case photoTooLarge(bytes: Int, limit: Int)

    public var code: String {
        switch self {
        case .emptyURL: "empty_url"
        case .urlTooLong: "url_too_long"
        case .queueFull: "queue_full"
        case .tooManyWaiting: "too_many_waiting"
        case .photoTooLarge: "photo_too_large"
        }
    }

    public var description: String {
        switch self {
        case .emptyURL: "the photo URL is empty"
        case let .urlTooLong(bytes, limit): "the photo URL is \(bytes) bytes long; the limit is \(limit)"
        case let .queueFull(limit): "\(limit) photos are already waiting to download; try again later"
        case let .tooManyWaiting(limit): "\(limit) requests are already waiting for photos; try again later"
        case let .photoTooLarge(bytes, limit): "the photo is \(bytes) bytes; the limit is \(limit)"
        }
    }
}

/// What the loader did, in order, for logs, metrics and tests.
public enum PhotoLoaderEvent: Hashable, Sendable {
    case memoryHit(String)
    case diskHit(String)
    /// A new download for the URL is waiting at this priority.
    case queued(String, PhotoPriority)
    /// A caller joined the URL's waiting or running download (a waiting one was bumped).
    case joined(String)
    case started(String)
    case finished(String, succeeded: Bool)
    /// A waiting download was dropped (`cancelAll`, or its last caller gave up at `veryLow`).
    case dropped(String)
}

/// Where a URL stands in the loader.
public enum PhotoState: Hashable, Sendable {
    case absent
    case waiting(PhotoPriority)
    case downloading
    /// In the memory cache.
    case cached
}
