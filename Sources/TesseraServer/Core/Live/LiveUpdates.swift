import AsyncAlgorithms
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import TesseraStore

/// Fans out changes to pages watching a topic (say, one game) as server-sent events.
/// It keeps only the open connections: what they show is always rebuilt from storage.
/// Subscribers are capped per topic, per client and in total (429 beyond), and each one's queue
/// holds at most the newest 16 payloads, so a client that stops reading costs a bounded amount of
/// memory. A client is the caller's `client`: the account when signed in (a share each, however
/// many pupils sit behind one school address), else the address. A teacher's class board counts
/// against the teacher's own share and its topic only, never the total, so streams opened by
/// anyone else cannot refuse it.
public actor LiveUpdates {
    public struct Limits: Sendable {
        public var perTopic: Int
        public var total: Int
        /// Streams one signed-in account may hold (a person's tabs and boards).
        public var perAccount: Int
        /// Streams one address may hold for callers not signed in (a class playing anonymously
        /// behind one school address).
        public var perAddress: Int

        public init(perTopic: Int = 32, total: Int = 2048, perAccount: Int = 16, perAddress: Int = 256) {
            self.perTopic = perTopic
            self.total = total
            self.perAccount = perAccount
            self.perAddress = perAddress
        }

        func perClient(_ client: String) -> Int { client.hasPrefix("account:") ? perAccount : perAddress }
    }

    private struct Subscriber {
        let continuation: AsyncStream<String>.Continuation
        let client: String
        let board: Bool
    }

    private var subscribers: [String: [UUID: Subscriber]] = [:]
    private var perClient: [String: Int] = [:]
    /// Every stream but the boards (which the total does not cap).
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

    /// A stream of JSON payloads published to `topic` from now on, for `client` (`Caller.client`);
    /// `board`: a teacher's class board, outside the total. 429 when a cap is reached. The stream
    /// ends (and its slot is free) when `closed` completes: the client's connection went away.
    public func subscribe(_ topic: String, client: String = "address:unknown", board: Bool = false,
                          closed: EventLoopFuture<Void>? = nil) throws -> AsyncStream<String> {
        guard subscribers[topic, default: [:]].count < limits.perTopic,
              perClient[client, default: 0] < limits.perClient(client),
              board || total < limits.total else {
            TesseraMetrics.refused("streams").increment()
            throw APIError.tooBusy("shared.errors.tooManyWatching", retryAfterSeconds: 5)
        }
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        subscribers[topic, default: [:]][id] = Subscriber(continuation: continuation, client: client, board: board)
        perClient[client, default: 0] += 1
        if !board { total += 1 }
        openStreams.increment()
        continuation.onTermination = { _ in
            Task { await self.unsubscribe(topic, id) }
        }
        closed?.whenComplete { _ in continuation.finish() }
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
        for subscriber in subscribers[topic, default: [:]].values { subscriber.continuation.yield(payload) }
    }

    public func subscriberCount(_ topic: String) -> Int { subscribers[topic]?.count ?? 0 }

    private func unsubscribe(_ topic: String, _ id: UUID) {
        guard let subscriber = subscribers[topic]?.removeValue(forKey: id) else { return }
        if !subscriber.board { total -= 1 }
        perClient[subscriber.client, default: 1] -= 1
        if perClient[subscriber.client] == 0 { perClient[subscriber.client] = nil }
        openStreams.decrement()
        if subscribers[topic]?.isEmpty == true { subscribers[topic] = nil }
    }

    /// An event-stream response: the state read by `initial` first, then every payload published to
    /// `topic`, with a comment line every 15 s so proxies keep the line open. It subscribes *before*
    /// reading the initial state, so a change made in between (an opponent joining) is never
    /// missed: at worst it arrives twice. The stream ends when the client goes away (`closed`: the
    /// connection closed, which `ClientConnectionHandler` does as soon as a watcher hangs up, so
    /// its slot is free at once rather than at the next heartbeat) or the server shuts down.
    public nonisolated func eventStream(_ topic: String, client: String = "address:unknown", board: Bool = false,
                                        closed: EventLoopFuture<Void>? = nil,
                                        initial: () async throws -> String) async throws -> Response {
        let updates = try await subscribe(topic, client: client, board: board, closed: closed)
        // If this throws (say, 404), `updates` is dropped here, which ends the subscription.
        let first = try await initial()
        return ServerSentEvents.response { writer in
            try await writer.write(ServerSentEvents.frame(first))
            // `nil` marks the end of the updates (the client went away): the heartbeat alone would go on.
            let ended: [ByteBuffer?] = [nil]
            let events = merge(chain(updates.map { Optional(ServerSentEvents.frame($0)) }, ended.async),
                               ServerSentEvents.heartbeat().map { Optional($0) })
                .cancelOnGracefulShutdown()
            for try await chunk in events {
                guard let chunk else { break }
                try await writer.write(chunk)
            }
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
