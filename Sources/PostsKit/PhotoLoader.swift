import Collections
import Foundation

/// Loads photos by URL with priorities, de-duplication and caches, for a page that shows a post's
/// album: thumbnails at `normal`, prefetches at `low`, the full-size photo at `high`.
///
/// - **Order.** At most `maxConcurrent` downloads run at once. The next to start is the waiting
///   download of highest priority, and within a level the most recently queued (LIFO: what the
///   reader just scrolled to). Asking again for a waiting URL bumps it: it becomes the most recent
///   at its level, and its priority becomes the higher of the two.
/// - **De-duplication.** A request for a URL that is waiting *or downloading* joins that download:
///   the fetcher is called once and every caller gets the same bytes or the same error.
/// - **Caches.** A URL in the memory cache (LRU, 500 images by default) or, with a
///   `PhotoDiskCache`, on disk answers at once without queueing; the disk is read before a download
///   is queued. A download fills both (the disk first, so an answer means the file is written). A
///   failed download is not cached: the next request tries again.
/// - **Cancellation.** `cancelAll()` drops every waiting download (their callers get
///   `CancellationError`, and so does a request still reading the disk); running downloads finish
///   and fill the cache, and their callers get the photo. A caller whose task is cancelled gets
///   `CancellationError` at once, but the download it shared carries on for the others. When the
///   last caller of a *waiting* download gives up, the download is not cancelled but lowered one
///   level, like the original's cancelled prefetch: it still warms the cache if there is time
///   (`cancelAll` drops it). One already at `veryLow` is dropped instead, so abandoned work cannot
///   pile up. A running download whose callers all gave up finishes and fills the cache.
/// - **Bounds.** URLs over 2048 bytes, more than `maxQueued` waiting URLs, more than
///   `maxWaitingCallers` waiting callers, and photos over `maxImageBytes` are refused with a
///   `PhotoLoaderError`.
public actor PhotoLoader {
    public struct Options: Sendable {
        public static let maxURLBytes = 2048
        public static let defaultMaxImageBytes = 8 << 20

        /// Downloads running at once (1…1000).
        public var maxConcurrent: Int
        /// Images kept in memory (0…1,000,000).
        public var memoryCacheCount: Int
        /// Bytes kept in memory (0…1 TiB).
        public var memoryCacheBytes: Int
        /// The largest photo accepted from the fetcher (1 B…1 GiB).
        public var maxImageBytes: Int
        /// Different URLs waiting to download (1…1,000,000).
        public var maxQueued: Int
        /// Callers waiting for downloads, over all URLs (1…1,000,000).
        public var maxWaitingCallers: Int

        public init(
            maxConcurrent: Int = 10,
            memoryCacheCount: Int = 500,
            memoryCacheBytes: Int = 256 << 20,
            maxImageBytes: Int = defaultMaxImageBytes,
            maxQueued: Int = 10_000,
            maxWaitingCallers: Int = 10_000
        ) {
            self.maxConcurrent = maxConcurrent
            self.memoryCacheCount = memoryCacheCount
            self.memoryCacheBytes = memoryCacheBytes
            self.maxImageBytes = maxImageBytes
            self.maxQueued = maxQueued
            self.maxWaitingCallers = maxWaitingCallers
        }

        /// Every value moved into its documented range.
        func clamped() -> Options {
            func clamp(_ value: Int, _ range: ClosedRange<Int>) -> Int {
                min(max(value, range.lowerBound), range.upperBound)
            }
            return Options(
                maxConcurrent: clamp(maxConcurrent, 1...1000),
                memoryCacheCount: clamp(memoryCacheCount, 0...1_000_000),
                memoryCacheBytes: clamp(memoryCacheBytes, 0...(1 << 40)),
                maxImageBytes: clamp(maxImageBytes, 1...(1 << 30)),
                maxQueued: clamp(maxQueued, 1...1_000_000),
                maxWaitingCallers: clamp(maxWaitingCallers, 1...1_000_000))
        }
    }

    private struct Job {
        var priority: PhotoPriority
        /// When it was queued or last bumped: within a level, the largest starts first.
        var sequence: UInt64
        var isDownloading = false
        var waiters: [UInt64: CheckedContinuation<Data, any Error>] = [:]
    }

    /// The limits in force (the given options, clamped).
    public nonisolated let options: Options
    private let fetcher: any PhotoFetching
    private let diskCache: PhotoDiskCache?
    private let onEvent: @Sendable (PhotoLoaderEvent) -> Void

    private var memory: PhotoMemoryCache
    private var jobs: [String: Job] = [:]
    /// Waiting URLs per priority level (indexed by raw value), oldest sequence first.
    private var waiting = Array(repeating: OrderedSet<String>(), count: PhotoPriority.allCases.count)
    private var downloading = 0
    private var waitingCallers = 0
    private var isSuspended: Bool
    private var nextSequence: UInt64 = 0
    private var nextWaiterID: UInt64 = 0
    /// Bumped by `cancelAll`, so a request that was reading the disk meanwhile knows it was cancelled.
    private var cancelEpoch: UInt64 = 0

    /// - Parameters:
    ///   - startsSuspended: hold every download until `resume()` (requests still queue, and cached
    ///     URLs still answer), e.g. to queue a page's requests before any starts.
    ///   - onEvent: called on the actor for every `PhotoLoaderEvent`; keep it quick.
    public init(
        fetcher: any PhotoFetching,
        options: Options = Options(),
        diskCache: PhotoDiskCache? = nil,
        startsSuspended: Bool = false,
        onEvent: @escaping @Sendable (PhotoLoaderEvent) -> Void = { _ in }
    ) {
        let options = options.clamped()
        self.options = options
        self.fetcher = fetcher
        self.diskCache = diskCache
        self.onEvent = onEvent
        isSuspended = startsSuspended
        memory = PhotoMemoryCache(countLimit: options.memoryCacheCount, byteLimit: options.memoryCacheBytes)
    }

    // MARK: Asking for photos

    /// The photo's bytes: from memory, from disk, or by joining or queueing a download.
    ///
    /// Throws `PhotoLoaderError` for a refused request, `CancellationError` when the caller's task
    /// is cancelled or `cancelAll()` drops the download, and otherwise the fetcher's error.
    public func image(_ url: String, priority: PhotoPriority = .normal) async throws -> Data {
        try Self.check(url)
        if let data = cached(url) { return data }
        if jobs[url] != nil { return try await join(url, priority: priority) }
        if let diskCache {
            let epoch = cancelEpoch
            let stored = await diskCache.read(url)  // off the actor
            if let stored { memory.insert(stored, for: url) }
            // Asked before a `cancelAll`: cancelled like the requests that were already queued.
            guard epoch == cancelEpoch else { throw CancellationError() }
            try Task.checkCancellation()
            if let stored {
                onEvent(.diskHit(url))
                return stored
            }
            // Others may have filled the cache or queued the URL while the disk was read.
            if let data = cached(url) { return data }
            if jobs[url] != nil { return try await join(url, priority: priority) }
        }
        try Task.checkCancellation()
        guard jobs.count - downloading < options.maxQueued else {
            throw PhotoLoaderError.queueFull(limit: options.maxQueued)
        }
        try checkRoomForCaller()
        jobs[url] = Job(priority: priority, sequence: takeSequence())
        waiting[priority.rawValue].append(url)
        onEvent(.queued(url, priority))
        return try await wait(for: url)
    }

    /// The photo if it is in the memory cache (making it the most recently used), without fetching.
    public func cachedImage(_ url: String) -> Data? { memory.image(for: url) }

    /// Lowers a waiting download one level (floor `veryLow`) instead of cancelling it, e.g. for a
    /// prefetch the reader scrolled past. No effect once it is downloading or done.
    public func slowDown(_ url: String) {
        guard let job = jobs[url], !job.isDownloading, job.priority > .veryLow else { return }
        move(url, to: job.priority.lowered)
    }

    /// Drops every waiting download; their callers get `CancellationError`. Running downloads
    /// finish, answer their callers and fill the cache. Used when the selected post changes.
    public func cancelAll() {
        cancelEpoch &+= 1
        let dropped = waiting.flatMap { $0 }
        waiting = Array(repeating: [], count: PhotoPriority.allCases.count)
        for url in dropped {
            guard let job = jobs.removeValue(forKey: url) else { continue }
            waitingCallers -= job.waiters.count
            onEvent(.dropped(url))
            for waiter in job.waiters.values { waiter.resume(throwing: CancellationError()) }
        }
    }

    /// Holds new downloads (running ones finish); requests still queue and cached URLs still answer.
    public func suspend() { isSuspended = true }

    /// Lets downloads start again.
    public func resume() {
        isSuspended = false
        startDownloads()
    }

    /// Empties the memory cache (e.g. on memory pressure); the disk cache stays.
    public func clearMemoryCache() { memory.removeAll() }

    // MARK: Looking in

    public func state(of url: String) -> PhotoState {
        if memory.contains(url) { return .cached }
        guard let job = jobs[url] else { return .absent }
        return job.isDownloading ? .downloading : .waiting(job.priority)
    }

    public var waitingCount: Int { jobs.count - downloading }
    public var downloadingCount: Int { downloading }
    public var memoryCacheCount: Int { memory.count }

    // MARK: Queue

    static func check(_ url: String) throws {
        let bytes = url.utf8.count
        guard bytes > 0 else { throw PhotoLoaderError.emptyURL }
        guard bytes <= Options.maxURLBytes else {
            throw PhotoLoaderError.urlTooLong(bytes: bytes, limit: Options.maxURLBytes)
        }
    }

    private func cached(_ url: String) -> Data? {
        guard let data = memory.image(for: url) else { return nil }
        onEvent(.memoryHit(url))
        return data
    }

    private func checkRoomForCaller() throws {
        guard waitingCallers < options.maxWaitingCallers else {
            throw PhotoLoaderError.tooManyWaiting(limit: options.maxWaitingCallers)
        }
    }

    private func takeSequence() -> UInt64 {
        nextSequence &+= 1
        return nextSequence
    }

    /// Joins the URL's download; a waiting one is bumped.
    private func join(_ url: String, priority: PhotoPriority) async throws -> Data {
        try Task.checkCancellation()
        try checkRoomForCaller()
        if let job = jobs[url], !job.isDownloading {
            waiting[job.priority.rawValue].remove(url)
            let raised = max(job.priority, priority)
            jobs[url]?.priority = raised
            jobs[url]?.sequence = takeSequence()
            waiting[raised.rawValue].append(url)
        }
        onEvent(.joined(url))
        return try await wait(for: url)
    }

    /// Parks the caller on the URL's job (which exists: nothing suspends between finding or creating
    /// it and this call) until the download answers.
    private func wait(for url: String) async throws -> Data {
        let id = nextWaiterID
        nextWaiterID &+= 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard jobs[url] != nil else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                jobs[url]?.waiters[id] = continuation
                waitingCallers += 1
                startDownloads()
            }
        } onCancel: {
            // Runs on the actor after the continuation above is stored (the actor is busy until then).
            Task { await self.callerCancelled(id, url: url) }
        }
    }

    /// A caller's task was cancelled: it gets `CancellationError` now; the download carries on for
    /// the others. The last caller of a waiting download lowers it (dropped at `veryLow`).
    private func callerCancelled(_ id: UInt64, url: String) {
        guard let continuation = jobs[url]?.waiters.removeValue(forKey: id) else { return }
        waitingCallers -= 1
        if let job = jobs[url], job.waiters.isEmpty, !job.isDownloading {
            if job.priority == .veryLow {
                waiting[job.priority.rawValue].remove(url)
                jobs[url] = nil
                onEvent(.dropped(url))
            } else {
                move(url, to: job.priority.lowered)
            }
        }
        continuation.resume(throwing: CancellationError())
    }

    /// Changes a waiting URL's level, keeping its place in queueing order within the new level.
    private func move(_ url: String, to priority: PhotoPriority) {
        guard let job = jobs[url], !job.isDownloading else { return }
        waiting[job.priority.rawValue].remove(url)
        jobs[url]?.priority = priority
        let level = waiting[priority.rawValue]
        var low = 0
        var high = level.count
        while low < high {
            let middle = low + (high - low) / 2
            if (jobs[level[middle]]?.sequence ?? 0) < job.sequence { low = middle + 1 } else { high = middle }
        }
        waiting[priority.rawValue].insert(url, at: low)
    }

    /// The most recently queued URL of the highest non-empty level.
    private func takeNext() -> String? {
        for level in waiting.indices.reversed() where !waiting[level].isEmpty {
            return waiting[level].removeLast()
        }
        return nil
    }

    private func startDownloads() {
        while !isSuspended, downloading < options.maxConcurrent, let url = takeNext() {
            jobs[url]?.isDownloading = true
            downloading += 1
            onEvent(.started(url))
            let fetcher = fetcher
            let diskCache = diskCache
            let limit = options.maxImageBytes
            Task {
                let result = await Self.download(url, fetcher: fetcher, diskCache: diskCache, limit: limit)
                self.finish(url, result)
            }
        }
    }

    /// Fetches and, on success, writes the disk cache; runs off the actor.
    private static func download(
        _ url: String, fetcher: any PhotoFetching, diskCache: PhotoDiskCache?, limit: Int
    ) async -> Result<Data, any Error> {
        do {
            let data = try await fetcher.fetch(url)
            guard data.count <= limit else {
                return .failure(PhotoLoaderError.photoTooLarge(bytes: data.count, limit: limit))
            }
            await diskCache?.write(data, for: url)
            return .success(data)
        } catch {
            return .failure(error)
        }
    }

    private func finish(_ url: String, _ result: Result<Data, any Error>) {
        downloading -= 1
        if let job = jobs.removeValue(forKey: url) {
            if case let .success(data) = result { memory.insert(data, for: url) }
            waitingCallers -= job.waiters.count
            onEvent(.finished(url, succeeded: (try? result.get()) != nil))
            for waiter in job.waiters.values { waiter.resume(with: result) }
        }
        startDownloads()
    }
}
