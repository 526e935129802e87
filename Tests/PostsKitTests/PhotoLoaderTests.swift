import Foundation
import GridKit
import Synchronization
import Testing
@testable import PostsKit

/// The photo loader as the reader sees it: what starts first, what is shared, what fails and what
/// is refused (the caches and cancelling are PhotoLoaderCacheTests'). No sleeps: downloads are held
/// (a suspended loader, or a fetcher that parks each fetch until the test answers it) and the test
/// waits on the loader's own events (PhotoLoaderTestSupport.swift).
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
        let (loader, first, second) = await askTwiceForPhoto1(fetcher, first: .low, second: .normal)
        await loader.resume()

        #expect(try await first.value == InstantFetcher.bytes(photo(1)))
        #expect(try await second.value == InstantFetcher.bytes(photo(1)))
        #expect(fetcher.calls == [photo(1)])
    }

    @Test func aRequestForAPhotoBeingDownloadedJoinsTheDownload() async throws {
        let fetcher = ParkingFetcher()
        let (loader, first, second) = await askTwiceForPhoto1(fetcher, first: .normal, second: .high, running: true)
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

    // MARK: Failures and bounds

    @Test func aFailedFetchReachesEveryCallerAndIsNotCached() async throws {
        let fetcher = DownFetcher()
        let (loader, first, second) = await askTwiceForPhoto1(fetcher, first: .normal, second: .high)
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
