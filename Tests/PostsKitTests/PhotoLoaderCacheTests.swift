import Foundation
import GridKit
import Synchronization
import Testing
@testable import PostsKit

/// The photo loader's caches (memory and disk) and what cancelling does to queued and running
/// downloads. The helpers are in PhotoLoaderTestSupport.swift.
@Suite(.timeLimit(.minutes(1)))
struct PhotoLoaderCacheTests {
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
        let (loader, leaving, staying) = await askTwiceForPhoto1(fetcher, running: true)

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
}
