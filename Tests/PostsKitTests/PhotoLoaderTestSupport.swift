import Foundation
import GridKit
import Synchronization
import Testing
@testable import PostsKit

// The photo loader tests' helpers: a loader with its events, and fetchers that answer at once,
// fail, or park each fetch until the test lets it go.

func photo(_ number: Int) -> String { "http://photos.test/600/\(number)" }

func makeLoader(
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

/// A new loader with `fetcher`, suspended unless `running`, and photo 1 asked for twice on it,
/// each caller in a task of its own: the first (at `first`) until its download is queued (or, on a
/// running loader, has started), then the second (at `second`) until it has joined the first's.
func askTwiceForPhoto1(
    _ fetcher: any PhotoFetching, first: PhotoPriority = .normal, second: PhotoPriority = .normal, running: Bool = false
) async -> (loader: PhotoLoader, first: Task<Data, any Error>, second: Task<Data, any Error>) {
    let (loader, reader) = makeLoader(fetcher, suspended: !running)
    var events = reader
    let firstCaller = Task { try await loader.image(photo(1), priority: first) }
    await events.wait(for: running ? .started(photo(1)) : .queued(photo(1), first))
    let secondCaller = Task { try await loader.image(photo(1), priority: second) }
    await events.wait(for: .joined(photo(1)))
    return (loader, firstCaller, secondCaller)
}

/// The loader's events in the order it emitted them.
struct EventReader {
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
final class InstantFetcher: PhotoFetching {
    private let log = Mutex<[String]>([])

    static func bytes(_ url: String) -> Data { Data("photo of \(url)".utf8) }

    var calls: [String] { log.withLock { $0 } }

    func fetch(_ url: String) async throws -> Data {
        log.withLock { $0.append(url) }
        return Self.bytes(url)
    }
}

/// An origin that is down: every fetch fails.
final class DownFetcher: PhotoFetching {
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
final class ParkingFetcher: PhotoFetching {
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
func makeTemporaryFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-photos-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func permissions(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
}
