import AsyncAlgorithms
import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// Live updates across processes through PostgreSQL's LISTEN/NOTIFY. A publish is delivered to
/// this process's pages at once (by `LiveUpdates`) and sent with `pg_notify` tagged with this
/// node's id; every node's `PostgresLiveListener` hears it, and all but the sender deliver it to
/// their own pages. So each page gets each update once, whichever node it is connected to.
///
/// A message is `<node id>\n<topic>\n<payload>`. NOTIFY payloads must stay under 8000 bytes; the
/// payloads published today (a game, the posts status) are a few hundred bytes, and a larger one
/// is delivered locally only, with a warning in the log.
package struct PostgresLiveFanOut: LiveFanOut {
    package let database: TesseraPostgres
    package let nodeID: String
    package let channel: String

    package static let maxMessageBytes = 7_900

    /// `nodeID` defaults to the database's, which its document tables' notifications carry too.
    package init(database: TesseraPostgres, nodeID: String? = nil) {
        self.database = database
        self.nodeID = nodeID ?? database.nodeID
        self.channel = database.liveChannel
    }

    package func broadcast(_ topic: String, payload: String) async {
        let message = nodeID + "\n" + topic + "\n" + payload
        guard message.utf8.count <= Self.maxMessageBytes else {
            database.logger.warning("Live update too large for other nodes", metadata: ["topic": "\(topic)", "bytes": "\(message.utf8.count)"])
            return
        }
        do {
            _ = try await database.query("SELECT pg_notify(\(channel), \(message))")
        } catch {
            // Best effort: this node's pages have it; the others see the change on their next read.
            database.logger.warning("Live update not sent to other nodes", metadata: ["topic": "\(topic)", "error": "\(error)"])
        }
    }

    /// How many sessions LISTEN on this schema's channel now: one per running node (operators
    /// and the tests use it to see that every node hears the others).
    package func listeningSessions() async throws -> Int {
        let rows = try await database.query(
            "SELECT count(*) FROM pg_stat_activity WHERE query ILIKE \("LISTEN%" + channel + "%")")
        return try rows.first?.decode(Int.self) ?? 0
    }

    /// Splits a message into its sender, topic and payload; `nil` for anything malformed.
    package static func parse(_ message: String) -> (node: Substring, topic: Substring, payload: Substring)? {
        let parts = message.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        return (parts[0], parts[1], parts[2])
    }
}

/// Listens on the fan-out's channel on a connection of its own and delivers other nodes' updates
/// to this process's pages. Runs as one of the application's services: it starts with the server,
/// reconnects (after a second) whenever the connection or the database goes away, and stops at
/// the graceful shutdown. Updates sent while it is reconnecting are missed; pages re-read the
/// state when they reconnect, and the next update carries the whole state again.
package final class PostgresLiveListener: Service, Sendable {
    package let fanOut: PostgresLiveFanOut
    /// Hands an update to this process's pages (`LiveUpdates.deliver` in the server).
    package let deliver: @Sendable (_ topic: String, _ payload: String) async -> Void
    private let listening = Flag()

    package init(fanOut: PostgresLiveFanOut, deliver: @escaping @Sendable (_ topic: String, _ payload: String) async -> Void) {
        self.fanOut = fanOut
        self.deliver = deliver
    }

    /// Whether the LISTEN is in place right now (tests wait for it before publishing elsewhere).
    package var isListening: Bool { listening.isSet }

    package func run() async throws {
        await cancelWhenGracefulShutdown { [self] in
            // At once, then (while the connection or the database is away) once a second.
            await listenUntilItEnds()
            for await _ in AsyncTimerSequence.repeating(every: .seconds(1)) { await listenUntilItEnds() }
        }
    }

    private func listenUntilItEnds() async {
        do {
            try await listenOnce()
        } catch {
            if !Task.isCancelled {
                fanOut.database.logger.debug("Live listener reconnecting", metadata: ["error": "\(error)"])
            }
        }
        listening.set(false)
    }

    private func listenOnce() async throws {
        let (fanOut, deliver, listening) = (fanOut, deliver, listening)
        try await fanOut.database.withConnection { connection in
            try await connection.listen(on: fanOut.channel) { notifications in
                // Changes made while no LISTEN was in place went unheard: drop what the caches
                // hold (reads check versions anyway; this only keeps them from sending bodies twice).
                fanOut.database.caches.forgetAll()
                listening.set()
                for try await notification in notifications {
                    guard let (node, topic, payload) = PostgresLiveFanOut.parse(notification.payload),
                          node != fanOut.nodeID else { continue }
                    // Another node changed a stored document (`PostgresDocumentTable`): not for pages.
                    if topic == PostgresCacheRegistry.topic {
                        fanOut.database.caches.changed(payload)
                        continue
                    }
                    await deliver(String(topic), String(payload))
                }
            }
        }
    }
}
