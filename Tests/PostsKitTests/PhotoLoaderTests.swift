import Foundation
import GridKit
import Synchronization
import Testing
@testable import PostsKit

/// The photo loader as the reader sees it: what starts first, what is shared, what is cached, what a
/// cancel does. No sleeps: downloads are held (a suspended loader, or a fetcher that parks each
/// fetch until the test answers it) and the test waits on the loader's own events.
@Suite(.timeLimit(.minutes(1)))
struct PhotoLoaderTests {
    // MARK: Order

    @Test func theHighestPriorityStartsFirstAndTheNewestWithinALevel() async throws {
        let fetcher = InstantFetcher()
        let (loader, reader) = makeLoader(fetcher, options: .init(maxConcurrent: 1), suspended: true)
        var events = reader
        let priorities: [PhotoPriority] = [.low, .low, .high, .veryLow, .normal, .high]
        var callers: [Int: Task<Data, any Error>] = [:]
        for (index, priority) in priorities.enumerated() {
            let number = index + 1
            callers[number] = Task { try await loader.image(photo(number), priority: priority) }
            await events.wait(for: .queued(photo(number), priority))
        }
        await loader.resume()

        #expect(await events.finished(6) == [6, 3, 5, 2, 1, 4].map(photo))
        for (number, caller) in callers {
            #expect(try await caller.value == InstantFetcher.bytes(photo(number)))
        }
    }

    @Test func slowingDownLowersAWaitingRequestOneLevel() async throws {
        let fetcher = InstantFetcher()
        let (loader, reader) = makeLoader(fetcher, options: .init(maxConcurrent: 1), suspended: true)
        var events = reader
        var callers: [Task<Data, any Error>] = []
        for number in 0...6 {
            callers.append(Task { try await loader.image(photo(number), priority: .normal) })
            await events.wait(for: .queued(photo(number), .normal))
        }
        for number in [1, 3, 5] { await loader.slowDown(photo(number)) }
        #expect(await loader.state(of: photo(3)) == .waiting(.low))
        #expect(await loader.state(of: photo(4)) == .waiting(.normal))
        await loader.resume()

        #expect(await events.finished(7) == [6, 4, 2, 0, 5, 3, 1].map(photo))
        for caller in callers { _ = try await caller.value }
    }

    @Test func slowingDownStopsAtVeryLowAndLeavesARunningDownloadAlone() async throws {
        #expect(PhotoPriority.allCases.map(\.lowered) == [.veryLow, .veryLow, .low, .normal])
        let fetcher = ParkingFetcher()
        let (loader, reader) = makeLoader(fetcher, options: .init(maxConcurrent: 1))
        var events = reader
        let running = Task { try await loader.image(photo(1), priority: .high) }
        await events.wait(for: .started(photo(1)))
        await loader.slowDown(photo(1))
        #expect(await loader.state(of: photo(1)) == .downloading)

        let waiting = Task { try await loader.image(photo(2), priority: .low) }
        await events.wait(for: .queued(photo(2), .low))
        await loader.slowDown(photo(2))
        await loader.slowDown(photo(2))
        #expect(await loader.state(of: photo(2)) == .waiting(.veryLow))
        await loader.slowDown(photo(99))  // unknown: nothing happens

        fetcher.releaseOldest()
        await events.wait(for: .started(photo(2)))
        fetcher.releaseOldest()
        #expect(try await running.value == InstantFetcher.bytes(photo(1)))
        #expect(try await waiting.value == InstantFetcher.bytes(photo(2)))
    }

    @Test func askingAgainForAWaitingPhotoBumpsIt() async throws {
        let fetcher = InstantFetcher()
        let (loader, reader) = makeLoader(fetcher, options: .init(maxConcurrent: 1), suspended: true)
        var events = reader
        var callers: [Task<Data, any Error>] = []
        for (number, priority) in [(1, PhotoPriority.normal), (2, .normal), (3, .low)] {
            callers.append(Task { try await loader.image(photo(number), priority: priority) })
            await events.wait(for: .queued(photo(number), priority))
        }
        // Photo 1 again, at a lower priority: it keeps `normal` but is now the newest there.
        callers.append(Task { try await loader.image(photo(1), priority: .low) })
        await events.wait(for: .joined(photo(1)))
        // Photo 3 again, wanted at full size now.
        callers.append(Task { try await loader.image(photo(3), priority: .high) })
        await events.wait(for: .joined(photo(3)))
        #expect(await loader.state(of: photo(1)) == .waiting(.normal))
        #expect(await loader.state(of: photo(3)) == .waiting(.high))
        await loader.resume()

        #expect(await events.finished(3) == [3, 1, 2].map(photo))
        for caller in callers { _ = try await caller.value }
        #expect(fetcher.calls.count == 3)
    }

    // MARK: Sharing

    @Test func twoRequestsForAWaitingPhotoShareOneFetch() async throws {
        let fetcher = InstantFetcher()
        let (loader, reader) = makeLoader(fetcher, suspended: true)
        var events = reader
        let first = Task { try await loader.image(photo(1), priority: .low) }
        await events.wait(for: .queued(photo(1), .low))
        let second = Task { try await loader.image(photo(1), priority: .normal) }
        await events.wait(for: .joined(photo(1)))
        await loader.resume()

        #expect(try await first.value == InstantFetcher.bytes(photo(1)))
        #expect(try await second.value == InstantFetcher.bytes(photo(1)))
        #expect(fetcher.calls == [photo(1)])
    }

    @Test func aRequestForAPhotoBeingDownloadedJoinsTheDownload() async throws {
        let fetcher = ParkingFetcher()
        let (loader, reader) = makeLoader(fetcher)
        var events = reader
        let first = Task { try await loader.image(photo(1), priority: .normal) }
        await events.wait(for: .started(photo(1)))
        let second = Task { try await loader.image(photo(1), priority: .high) }
        await events.wait(for: .joined(photo(1)))
        #expect(await loader.state(of: photo(1)) == .downloading)
        fetcher.releaseOldest()

        #expect(try await first.value == InstantFetcher.bytes(photo(1)))
        #expect(try await second.value == InstantFetcher.bytes(photo(1)))
        #expect(fetcher.callCount == 1)
    }

    @Test func neverMoreThanTenDownloadsRunAtOnce() async throws {
        let fetcher = ParkingFetcher()
        let (loader, reader) = makeLoader(fetcher)
        var events = reader
        #expect(loader.options.maxConcurrent == 10)
        let total = 25
        let callers = (0..<total).map { number in Task { try await loader.image(photo(number)) } }
        for _ in 0..<total { await events.next { if case .queued = $0 { true } else { false } } }
        var starts = fetcher.starts.makeAsyncIterator()
        for _ in 0..<10 { _ = await starts.next() }
        #expect(fetcher.active == 10)
        #expect(await loader.downloadingCount == 10)
        #expect(await loader.waitingCount == total - 10)

        // Each answered download lets exactly one more start.
        for answered in 1...total {
            fetcher.releaseOldest()
            if answered <= total - 10 { _ = await starts.next() }
        }
        for (number, caller) in callers.enumerated() {
            #expect(try await caller.value == InstantFetcher.bytes(photo(number)))
        }
        #expect(fetcher.maxActive == 10)
        #expect(fetcher.callCount == total)
    }

    // MARK: Caches

    @Test func theMemoryCacheKeepsThe500MostRecentlyUsedPhotos() async throws {
        let fetcher = InstantFetcher()
        let (loader, _) = makeLoader(fetcher)
        #expect(await loader.cachedImage(photo(0)) == nil)
        for number in 0..<500 { _ = try await loader.image(photo(number)) }
        #expect(await loader.memoryCacheCount == 500)

        // Photo 0 is used again (from memory), so photo 1 is now the least recently used.
        #expect(try await loader.image(photo(0)) == InstantFetcher.bytes(photo(0)))
        #expect(fetcher.calls.count == 500)
        _ = try await loader.image(photo(500))

        #expect(await loader.memoryCacheCount == 500)
        #expect(await loader.state(of: photo(1)) == .absent)
        #expect(await loader.state(of: photo(0)) == .cached)
        #expect(await loader.state(of: photo(500)) == .cached)
        _ = try await loader.image(photo(1))
        #expect(fetcher.calls.count == 502)
        #expect(fetcher.calls.last == photo(1))
    }

    @Test func aCachedPhotoAnswersAtOnceWithoutQueueing() async throws {
        let fetcher = InstantFetcher()
        let (loader, reader) = makeLoader(fetcher)
        var events = reader
        _ = try await loader.image(photo(1))
        await loader.suspend()  // a request that queued would now wait forever

        #expect(try await loader.image(photo(1), priority: .veryLow) == InstantFetcher.bytes(photo(1)))
        await events.wait(for: .memoryHit(photo(1)))
        #expect(await loader.waitingCount == 0)
        #expect(fetcher.calls == [photo(1)])
    }

    @Test func aSecondLoaderOnTheSameFolderAnswersWithTheOriginDown() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = "https://via.placeholder.com/600/92c952"
        let disk = try PhotoDiskCache(folder: folder + "/posts-photos")
        let first = PhotoLoader(fetcher: InstantFetcher(), diskCache: disk)
        _ = try await first.image(url)

        // One file, named by the URL's hash, readable by this user only, in a private folder.
        let file = disk.path(for: url)
        #expect(disk.storedFiles() == [file])
        #expect(PhotoDiskCache.fileName(for: url) == FNV1a.hex64(url.utf8))
        #expect(try permissions(file) == 0o600)
        #expect(try permissions(disk.folder) == 0o700)

        let down = DownFetcher()
        let (second, reader) = makeLoader(down, diskCache: try PhotoDiskCache(folder: disk.folder), suspended: true)
        var events = reader
        #expect(try await second.image(url) == InstantFetcher.bytes(url))
        await events.wait(for: .diskHit(url))
        #expect(down.callCount == 0)
        #expect(await second.state(of: url) == .cached)

        // A photo that was never fetched still needs the origin.
        await second.resume()
        await #expect(throws: DownFetcher.OriginDown.self) { try await second.image(url + "0") }
    }

    @Test func theDiskCacheKeepsOnlyTheNewestFiles() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let disk = try PhotoDiskCache(folder: folder, maxFiles: 4)
        for number in 0..<10 {
            #expect(await disk.write(Data([UInt8(number)]), for: photo(number)))
        }
        #expect(disk.storedFiles().count == 4)
        #expect(await disk.read(photo(9)) == Data([9]))
        #expect(await disk.read(photo(0)) == nil)
        // Nothing is left behind from the atomic writes.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 4)
    }

    @Test func theDiskCacheKeepsLargePhotosWholeAndRefusesOversizedOnes() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let disk = try PhotoDiskCache(folder: folder, maxImageBytes: 4 << 20)
        let large = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        #expect(await disk.write(large, for: photo(1)))
        #expect(await disk.read(photo(1)) == large)

        #expect(await disk.write(Data(count: 5 << 20), for: photo(2)) == false)
        #expect(await disk.read(photo(2)) == nil)
        #expect(disk.storedFiles() == [disk.path(for: photo(1))])
    }

    @Test func aDamagedOrForeignCacheFileIsAMiss() async throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let disk = try PhotoDiskCache(folder: folder)
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: disk.path(for: photo(1))))
        #expect(await disk.read(photo(1)) == nil)
        // Another URL's file under this URL's name (as a hash collision would give) is not its photo.
        await disk.write(Data("two".utf8), for: photo(2))
        try FileManager.default.removeItem(atPath: disk.path(for: photo(1)))
        try FileManager.default.copyItem(atPath: disk.path(for: photo(2)), toPath: disk.path(for: photo(1)))
        #expect(await disk.read(photo(1)) == nil)

        let fetcher = InstantFetcher()
        let loader = PhotoLoader(fetcher: fetcher, diskCache: disk)
        #expect(try await loader.image(photo(1)) == InstantFetcher.bytes(photo(1)))
        #expect(fetcher.calls == [photo(1)])
        #expect(await disk.read(photo(1)) == InstantFetcher.bytes(photo(1)))
    }

    // MARK: Cancelling

    @Test func cancelAllRightAfterQueueingAnswersEveryCallerWithCancellation() async throws {
        let fetcher = InstantFetcher()
        let (loader, reader) = makeLoader(fetcher, suspended: true)
        var events = reader
        var callers: [Task<Data, any Error>] = []
        for number in 1...3 {
            callers.append(Task { try await loader.image(photo(number), priority: .normal) })
            await events.wait(for: .queued(photo(number), .normal))
        }
        callers.append(Task { try await loader.image(photo(2), priority: .high) })
        await events.wait(for: .joined(photo(2)))
        await loader.cancelAll()

        // Every caller is answered now, while downloads are still held.
        for caller in callers {
            await #expect(throws: CancellationError.self) { try await caller.value }
        }
        #expect(await loader.waitingCount == 0)
        await loader.resume()
        #expect(await loader.downloadingCount == 0)
        #expect(fetcher.calls.isEmpty)
    }

    @Test func cancelAllLetsARunningDownloadFinishAndFillTheCache() async throws {
        let fetcher = ParkingFetcher()
        let (loader, reader) = makeLoader(fetcher, options: .init(maxConcurrent: 1))
        var events = reader
        let running = Task { try await loader.image(photo(1), priority: .normal) }
        await events.wait(for: .started(photo(1)))
        let waiting = [2, 3].map { number in Task { try await loader.image(photo(number), priority: .high) } }
        await events.wait(for: .queued(photo(2), .high))
        await events.wait(for: .queued(photo(3), .high))
        await loader.cancelAll()

        for caller in waiting {
            await #expect(throws: CancellationError.self) { try await caller.value }
        }
        fetcher.releaseOldest()
        #expect(try await running.value == InstantFetcher.bytes(photo(1)))
        #expect(await loader.state(of: photo(1)) == .cached)
        #expect(await loader.downloadingCount == 0)
        #expect(fetcher.callCount == 1)
    }

    @Test func aCancelledCallerDoesNotCancelADownloadOthersWaitFor() async throws {
        let fetcher = ParkingFetcher()
        let (loader, reader) = makeLoader(fetcher)
        var events = reader
        let leaving = Task { try await loader.image(photo(1)) }
        await events.wait(for: .started(photo(1)))
        let staying = Task { try await loader.image(photo(1)) }
        await events.wait(for: .joined(photo(1)))

        leaving.cancel()
        await #expect(throws: CancellationError.self) { try await leaving.value }
        fetcher.releaseOldest()
        #expect(try await staying.value == InstantFetcher.bytes(photo(1)))
        #expect(fetcher.callCount == 1)
        #expect(await loader.state(of: photo(1)) == .cached)
    }

    @Test func theLastCallerGivingUpLowersAWaitingDownloadOrDropsItAtVeryLow() async throws {
        let fetcher = InstantFetcher()
        let (loader, reader) = makeLoader(fetcher, suspended: true)
        var events = reader
        let prefetch = Task { try await loader.image(photo(1), priority: .normal) }
        await events.wait(for: .queued(photo(1), .normal))
        prefetch.cancel()
        await #expect(throws: CancellationError.self) { try await prefetch.value }
        #expect(await loader.state(of: photo(1)) == .waiting(.low))

        let leastWanted = Task { try await loader.image(photo(2), priority: .veryLow) }
        await events.wait(for: .queued(photo(2), .veryLow))
        leastWanted.cancel()
        await #expect(throws: CancellationError.self) { try await leastWanted.value }
        await events.wait(for: .dropped(photo(2)))
        #expect(await loader.state(of: photo(2)) == .absent)

        // The lowered one still warms the cache.
        await loader.resume()
        await events.wait(for: .finished(photo(1), succeeded: true))
        #expect(await loader.state(of: photo(1)) == .cached)
        #expect(fetcher.calls == [photo(1)])
    }

    // MARK: Failures and bounds

    @Test func aFailedFetchReachesEveryCallerAndIsNotCached() async throws {
        let fetcher = DownFetcher()
        let (loader, reader) = makeLoader(fetcher, suspended: true)
        var events = reader
        let first = Task { try await loader.image(photo(1), priority: .normal) }
        await events.wait(for: .queued(photo(1), .normal))
        let second = Task { try await loader.image(photo(1), priority: .high) }
        await events.wait(for: .joined(photo(1)))
        await loader.resume()

        await #expect(throws: DownFetcher.OriginDown.self) { try await first.value }
        await #expect(throws: DownFetcher.OriginDown.self) { try await second.value }
        #expect(fetcher.callCount == 1)
        #expect(await loader.state(of: photo(1)) == .absent)
        // The next request asks the origin again.
        await #expect(throws: DownFetcher.OriginDown.self) { try await loader.image(photo(1)) }
        #expect(fetcher.callCount == 2)
    }

    @Test func urlsOver2048BytesAndEmptyURLsAreRefused() async throws {
        let loader = PhotoLoader(fetcher: InstantFetcher())
        let longest = "http://photos.test/" + String(repeating: "a", count: 2048 - 19)
        #expect(longest.utf8.count == 2048)
        #expect(try await loader.image(longest) == InstantFetcher.bytes(longest))
        await #expect(throws: PhotoLoaderError.urlTooLong(bytes: 2049, limit: 2048)) {
            try await loader.image(longest + "a")
        }
        await #expect(throws: PhotoLoaderError.emptyURL) { try await loader.image("") }
    }

    @Test func aPhotoOverTheSizeLimitIsAnErrorNotACacheEntry() async throws {
        let loader = PhotoLoader(fetcher: InstantFetcher(), options: .init(maxImageBytes: 8))
        let url = photo(1)
        let size = InstantFetcher.bytes(url).count
        await #expect(throws: PhotoLoaderError.photoTooLarge(bytes: size, limit: 8)) { try await loader.image(url) }
        #expect(await loader.state(of: url) == .absent)
    }

    @Test func theWaitingQueueAndTheWaitingCallersAreCapped() async throws {
        let fetcher = InstantFetcher()
        let (loader, reader) = makeLoader(fetcher, options: .init(maxQueued: 2, maxWaitingCallers: 3), suspended: true)
        var events = reader
        #expect(PhotoLoader.Options().maxQueued == 10_000)
        var callers: [Task<Data, any Error>] = []
        for number in 1...2 {
            callers.append(Task { try await loader.image(photo(number)) })
            await events.wait(for: .queued(photo(number), .normal))
        }
        await #expect(throws: PhotoLoaderError.queueFull(limit: 2)) { try await loader.image(photo(3)) }
        // Joining a waiting URL adds no entry to the queue…
        callers.append(Task { try await loader.image(photo(1)) })
        await events.wait(for: .joined(photo(1)))
        // …but every caller counts.
        await #expect(throws: PhotoLoaderError.tooManyWaiting(limit: 3)) { try await loader.image(photo(2)) }

        await loader.resume()
        for caller in callers { _ = try await caller.value }
        #expect(fetcher.calls.count == 2)
    }
}

// MARK: - Helpers

private func photo(_ number: Int) -> String { "http://photos.test/600/\(number)" }

private func makeLoader(
    _ fetcher: any PhotoFetching,
    options: PhotoLoader.Options = .init(),
    diskCache: PhotoDiskCache? = nil,
    suspended: Bool = false
) -> (PhotoLoader, EventReader) {
    let (stream, sink) = AsyncStream.makeStream(of: PhotoLoaderEvent.self)
    let loader = PhotoLoader(
        fetcher: fetcher, options: options, diskCache: diskCache, startsSuspended: suspended,
        onEvent: { sink.yield($0) })
    return (loader, EventReader(stream))
}

/// The loader's events in the order it emitted them.
private struct EventReader {
    private var iterator: AsyncStream<PhotoLoaderEvent>.Iterator

    init(_ stream: AsyncStream<PhotoLoaderEvent>) { iterator = stream.makeAsyncIterator() }

    /// Skips to the next event that matches.
    @discardableResult
    mutating func next(where matches: (PhotoLoaderEvent) -> Bool) async -> PhotoLoaderEvent? {
        while let event = await iterator.next() {
            if matches(event) { return event }
        }
        return nil
    }

    mutating func wait(for event: PhotoLoaderEvent) async {
        await next { $0 == event }
    }

    /// The URLs of the next `count` downloads to finish, in order.
    mutating func finished(_ count: Int) async -> [String] {
        var urls: [String] = []
        while urls.count < count, let event = await next(where: { if case .finished = $0 { true } else { false } }) {
            if case let .finished(url, _) = event { urls.append(url) }
        }
        return urls
    }
}

/// Answers every URL at once with bytes of its own, and records the calls.
private final class InstantFetcher: PhotoFetching {
    private let log = Mutex<[String]>([])

    static func bytes(_ url: String) -> Data { Data("photo of \(url)".utf8) }

    var calls: [String] { log.withLock { $0 } }

    func fetch(_ url: String) async throws -> Data {
        log.withLock { $0.append(url) }
        return Self.bytes(url)
    }
}

/// An origin that is down: every fetch fails.
private final class DownFetcher: PhotoFetching {
    struct OriginDown: Error {}
    private let count = Mutex(0)

    var callCount: Int { count.withLock { $0 } }

    func fetch(_ url: String) async throws -> Data {
        count.withLock { $0 += 1 }
        throw OriginDown()
    }
}

/// Holds every fetch until the test answers it (oldest first), reports each start on `starts`, and
/// counts how many run at once. An answer given before any fetch is parked is kept for the next one,
/// so a test need not know whether the download task has reached the fetcher yet.
private final class ParkingFetcher: PhotoFetching {
    private struct State {
        var parked: [(url: String, continuation: CheckedContinuation<Data, any Error>)] = []
        var answersAhead = 0
        var active = 0
        var maxActive = 0
        var calls = 0
    }

    let starts: AsyncStream<String>
    private let startSink: AsyncStream<String>.Continuation
    private let state = Mutex(State())

    init() { (starts, startSink) = AsyncStream.makeStream(of: String.self) }

    var active: Int { state.withLock { $0.active } }
    var maxActive: Int { state.withLock { $0.maxActive } }
    var callCount: Int { state.withLock { $0.calls } }

    func fetch(_ url: String) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            let answerNow = state.withLock { state in
                state.calls += 1
                state.maxActive = max(state.maxActive, state.active + 1)
                if state.answersAhead > 0 {
                    state.answersAhead -= 1
                    return true
                }
                state.parked.append((url, continuation))
                state.active += 1
                return false
            }
            startSink.yield(url)
            if answerNow { continuation.resume(returning: InstantFetcher.bytes(url)) }
        }
    }

    /// Answers the oldest parked fetch with its URL's bytes (or the next fetch, if none is parked).
    func releaseOldest() {
        let oldest = state.withLock { state -> (url: String, continuation: CheckedContinuation<Data, any Error>)? in
            guard !state.parked.isEmpty else {
                state.answersAhead += 1
                return nil
            }
            state.active -= 1
            return state.parked.removeFirst()
        }
        if let oldest { oldest.continuation.resume(returning: InstantFetcher.bytes(oldest.url)) }
    }
}

/// A fresh folder under the system's temporary folder (the caller removes it).
private func makeTemporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-photos-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

private func permissions(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
}
