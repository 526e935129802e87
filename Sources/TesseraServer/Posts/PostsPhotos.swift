import Foundation
import PostsClient
import PostsKit

/// Photo images for the reader's page, through one `PhotoLoader`: at most 10 downloads from the
/// origin at once, highest priority first, one download per address however many pages ask, a
/// memory cache, and a disk cache in the data folder — so a synced reader shows the photos it has
/// seen even with the origin down.
struct PostsPhotos: Sendable {
    enum Size: String, Sendable {
        case thumbnail, full
    }

    struct Image: Sendable {
        let bytes: Data
        let contentType: String
    }

    let loader: PhotoLoader

    /// Photos are cached in `<data dir>/posts-photos` (both sizes of every photo fit); with no
    /// data folder, only in memory.
    init(cacheDirectory: String?, fetcher: any PhotoFetching = HTTPPhotoFetcher()) throws {
        let disk = try cacheDirectory.map { try PhotoDiskCache(folder: $0, maxFiles: 12_000) }
        loader = PhotoLoader(fetcher: fetcher, diskCache: disk)
    }

    /// `?priority=` as the page asks: the visible thumbnails at normal, prefetches at low, the
    /// full-size photo at high (the defaults follow the size).
    static func priority(_ text: String?, size: Size) throws -> PhotoPriority {
        guard let text else { return size == .full ? .high : .normal }
        guard let priority = PhotoPriority.allCases.first(where: { "\($0)" == text }) else {
            throw APIError.badRequest("posts.errors.priority", code: "invalid_priority")
        }
        return priority
    }

    func image(of photo: Photo, size: Size, priority: PhotoPriority) async throws -> Image {
        do {
            let bytes = try await loader.image(size == .full ? photo.url : photo.thumbnailUrl, priority: priority)
            return Image(bytes: bytes, contentType: Self.contentType(of: bytes))
        } catch let error as PhotoLoaderError where error == .queueFull(limit: loader.options.maxQueued)
                    || error == .tooManyWaiting(limit: loader.options.maxWaitingCallers) {
            // Every limit answers alike: 429 `too_busy` with Retry-After.
            throw APIError.tooBusy("posts.errors.photosBusy", retryAfterSeconds: 1)
        }
    }

    /// What the bytes are, from their first bytes (the caches keep bytes, not headers).
    static func contentType(of bytes: Data) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.starts(with: Array("RIFF".utf8)) { return "image/webp" }
        if String(decoding: bytes.prefix(512), as: UTF8.self).contains("<svg") { return "image/svg+xml" }
        return "application/octet-stream"
    }
}
