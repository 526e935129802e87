import AsyncAlgorithms
import Foundation
import Hummingbird
import NIOCore
import ServiceLifecycle

/// Fans out changes to pages watching a topic (say, one game) as server-sent events.
/// It keeps only the open connections: what they show is always rebuilt from storage.
public actor LiveUpdates {
    private var subscribers: [String: [UUID: AsyncStream<String>.Continuation]] = [:]

    public init() {}

    /// A stream of JSON payloads published to `topic` from now on.
    public func subscribe(_ topic: String) -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        subscribers[topic, default: [:]][id] = continuation
        continuation.onTermination = { _ in
            Task { await self.unsubscribe(topic, id) }
        }
        return stream
    }

    public func publish(_ topic: String, payload: String) {
        for continuation in subscribers[topic, default: [:]].values { continuation.yield(payload) }
    }

    public func subscriberCount(_ topic: String) -> Int { subscribers[topic]?.count ?? 0 }

    private func unsubscribe(_ topic: String, _ id: UUID) {
        subscribers[topic]?[id] = nil
        if subscribers[topic]?.isEmpty == true { subscribers[topic] = nil }
    }

    /// An event-stream response: `initial` first, then every payload published to `topic`,
    /// with a comment line every 15 s so proxies keep the line open and closed tabs are noticed.
    /// The stream ends when the client goes away or the server shuts down gracefully.
    public nonisolated func eventStream(_ topic: String, initial: String) async -> Response {
        let updates = await subscribe(topic)
        let heartbeat = AsyncStream<String> { continuation in
            let task = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(15))
                    continuation.yield(": keep-alive\n\n")
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "data: \(initial)\n\n"))
                let events = merge(updates.map { "data: \($0)\n\n" }, heartbeat).cancelOnGracefulShutdown()
                for try await chunk in events { try await writer.write(ByteBuffer(string: chunk)) }
                try await writer.finish(nil)
            }
        )
    }
}
