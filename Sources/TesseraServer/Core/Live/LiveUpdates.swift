import AsyncAlgorithms
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import TesseraStore

/// Fans out changes to pages watching a topic (say, one game) as server-sent events.
/// It keeps only the open connections: what they show is always rebuilt from storage.
/// Subscribers are capped per topic and in total (429 beyond), and each one's queue holds at most
/// the newest 16 payloads, so a client that stops reading costs a bounded amount of memory.
public actor LiveUpdates {
    public struct Limits: Sendable {
        public var perTopic: Int
        public var total: Int

        public init(perTopic: Int = 32, total: Int = 2048) {
            self.perTopic = perTopic
            self.total = total
        }
    }

    private var subscribers: [String: [UUID: AsyncStream<String>.Continuation]] = [:]
    private var total = 0
    private let limits: Limits
    private let openStreams = TesseraMetrics.openStreams("live_updates")
    /// Carries publishes to the other processes sharing the database (PostgreSQL); `nil` when this
    /// process is the only one (SQLite, memory), so publishing stays purely in-process.
    let fanOut: (any LiveFanOut)?

    public init(limits: Limits = Limits()) {
        self.init(limits: limits, fanOut: nil)
    }

    init(limits: Limits, fanOut: (any LiveFanOut)?) {
        self.limits = limits
        self.fanOut = fanOut
    }

    /// A stream of JSON payloads published to `topic` from now on; 429 when a cap is reached.
    public func subscribe(_ topic: String) throws -> AsyncStream<String> {
        guard total < limits.total, subscribers[topic, default: [:]].count < limits.perTopic else {
            TesseraMetrics.refused("streams").increment()
            throw APIError.tooBusy("shared.errors.tooManyWatching", retryAfterSeconds: 5)
        }
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        subscribers[topic, default: [:]][id] = continuation
        total += 1
        openStreams.increment()
        continuation.onTermination = { _ in
            Task { await self.unsubscribe(topic, id) }
        }
        return stream
    }

    /// Sends `payload` to this process's subscribers of `topic` at once, then to the other
    /// processes' through the fan-out (which skips this process when the message comes back).
    public nonisolated func publish(_ topic: String, payload: String) async {
        await deliver(topic, payload: payload)
        await fanOut?.broadcast(topic, payload: payload)
    }

    /// Sends `payload` to this process's subscribers only (a publish, or one from another process).
    func deliver(_ topic: String, payload: String) {
        for continuation in subscribers[topic, default: [:]].values { continuation.yield(payload) }
    }

    public func subscriberCount(_ topic: String) -> Int { subscribers[topic]?.count ?? 0 }

    private func unsubscribe(_ topic: String, _ id: UUID) {
        guard subscribers[topic]?.removeValue(forKey: id) != nil else { return }
        total -= 1
        openStreams.decrement()
        if subscribers[topic]?.isEmpty == true { subscribers[topic] = nil }
    }

    /// An event-stream response: the state read by `initial` first, then every payload published to
    /// `topic`, with a comment line every 15 s so proxies keep the line open and closed tabs are
    /// noticed. It subscribes *before* reading the initial state, so a change made in between (an
    /// opponent joining) is never missed: at worst it arrives twice. The stream ends when the
    /// client goes away or the server shuts down gracefully.
    public nonisolated func eventStream(_ topic: String, initial: () async throws -> String) async throws -> Response {
        let updates = try await subscribe(topic)
        // If this throws (say, 404), `updates` is dropped here, which ends the subscription.
        let first = try await initial()
        return ServerSentEvents.response { writer in
            try await writer.write(ServerSentEvents.frame(first))
            let events = merge(updates.map(ServerSentEvents.frame), ServerSentEvents.heartbeat())
                .cancelOnGracefulShutdown()
            for try await chunk in events { try await writer.write(chunk) }
        }
    }
}

/// Server-sent-event framing shared by every stream.
enum ServerSentEvents {
    /// One `data:` event carrying a JSON document (JSON never contains a raw newline).
    static func frame(_ json: String) -> ByteBuffer { ByteBuffer(string: "data: \(json)\n\n") }

    /// A comment line every `interval`, so idle connections are kept open and dead ones found.
    static func heartbeat(every interval: Duration = .seconds(15))
        -> AsyncMapSequence<AsyncTimerSequence<SuspendingClock>, ByteBuffer> {
        AsyncTimerSequence.repeating(every: interval).map { _ in ByteBuffer(string: ": keep-alive\n\n") }
    }

    /// A `text/event-stream` response whose body `write` produces.
    static func response(_ write: @escaping @Sendable (inout any ResponseBodyWriter) async throws -> Void) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache", .xAccelBuffering: "no"],
            body: ResponseBody { writer in
                try await write(&writer)
                try await writer.finish(nil)
            }
        )
    }
}

extension HTTPField.Name {
    /// Tells nginx not to buffer an event stream.
    static let xAccelBuffering = HTTPField.Name("X-Accel-Buffering")!
}
