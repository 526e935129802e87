import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import TesseraServer

/// Streams and server-side work are bounded: explorations, live-update subscribers, and the
/// order in which a watcher subscribes and reads.
@Suite struct StreamLimitsTests {
    /// Opens `/api/maze/explore` and returns once its first event has arrived, with the task that
    /// keeps reading it (cancel it to hang up).
    static func openExploration(port: Int) async throws -> Task<Void, any Error> {
        let url = "http://127.0.0.1:\(port)/api/maze/explore?seed=9&width=101&height=101&latency=slow"
        let (firstEvent, signal) = AsyncStream<Void>.makeStream()
        let reader = Task {
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(120))
            #expect(response.status.code == 200)
            for try await _ in response.body { signal.yield() }
        }
        for await _ in firstEvent { break }
        return reader
    }

    @Test func explorationsBeyondTheLimitAre429AndAHangUpFreesTheSlotWithinSeconds() async throws {
        var config = testConfiguration()
        config.maze.explorations.maxRunning = 1
        let app = try await buildApplication(config)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let first = try await Self.openExploration(port: port)
            let refused = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/maze/explore?width=5&latency=none"), timeout: .seconds(10))
            #expect(refused.status.code == 429)
            #expect(refused.headers["Retry-After"].first == "5")
            #expect(String(buffer: try await refused.body.collect(upTo: 1 << 16)).contains("too_busy"))

            first.cancel()  // the page closes its EventSource
            var admitted = false
            for _ in 0..<30 where !admitted {  // up to 3 s
                try await Task.sleep(for: .milliseconds(100))
                let again = try await HTTPClient.shared.execute(
                    HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/maze/explore?width=5&latency=none"), timeout: .seconds(10))
                admitted = again.status.code == 200
                _ = try await again.body.collect(upTo: 1 << 20)
            }
            #expect(admitted, "the slot of a client that hung up is free again within 3 s")
        }
    }

    @Test func anExplorationStopsAtItsTimeLimitWithAFailedEvent() async throws {
        var config = testConfiguration()
        config.maze.explorations.timeLimit = .seconds(1)
        let app = try await buildApplication(config)
        try await app.test(.live) { client in
            let text = try await client.execute(uri: "/api/maze/explore?seed=4&width=101&latency=slow", method: .get) {
                String(buffer: $0.body)
            }
            #expect(text.contains(#""type":"failed""#) && text.contains("time limit"))
        }
    }

    @Test func liveUpdateSubscribersAreCappedPerTopicAndInTotal() async throws {
        let live = LiveUpdates(limits: .init(perTopic: 2, total: 3))
        let a = try await live.subscribe("game-1")
        let b = try await live.subscribe("game-1")
        await #expect(throws: APIError.self) { _ = try await live.subscribe("game-1") }
        let c = try await live.subscribe("game-2")
        await #expect(throws: APIError.self) { _ = try await live.subscribe("game-3") }
        #expect(await live.subscriberCount("game-1") == 2)
        _ = (a, b, c)
    }

    /// The creator's page must not miss the opponent's join even when it happens between reading
    /// the game and starting to listen: the stream subscribes first, so the join is delivered.
    @Test func aChangeWhileTheInitialStateIsReadIsNotMissed() async throws {
        let live = LiveUpdates()
        let response = try await live.eventStream("game") {
            await live.publish("game", payload: #"{"joined":true}"#)
            return #"{"joined":false}"#
        }
        let collector = Collector(stopAfter: 2)
        try? await response.body.write(collector)
        #expect(collector.chunks == [#"data: {"joined":false}"# + "\n\n", #"data: {"joined":true}"# + "\n\n"])
    }
}

/// Collects what a response body writes and stops the (endless) stream after a few chunks.
final class Collector: ResponseBodyWriter, @unchecked Sendable {
    struct Enough: Error {}
    private(set) var chunks: [String] = []
    let stopAfter: Int

    init(stopAfter: Int) { self.stopAfter = stopAfter }

    func write(_ buffer: ByteBuffer) async throws {
        chunks.append(String(buffer: buffer))
        if chunks.count >= stopAfter { throw Enough() }
    }

    func write(contentsOf buffers: some Sequence<ByteBuffer>) async throws {
        for buffer in buffers { try await write(buffer) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
