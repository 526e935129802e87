import HummingbirdCore
import Logging
import NIOCore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Open connections per client address (the peer: behind a trusted proxy every connection is the
/// proxy's, which is not limited). Each connection holds a file descriptor, and a process has a
/// fixed number: one client holding them all would leave none for anyone else, `/health`
/// included. Beyond its share a new connection is closed at once; idle ones close after
/// `--idle-timeout`, so what a client holds is bounded in number and in time.
final class ConnectionsPerAddress: Sendable {
    let limit: Int
    private let exempt: Set<String>
    private let open = Mutex<[String: Int]>([:])

    /// `trustedProxies` as given to `--trusted-proxy`.
    init(limit: Int, trustedProxies: [String]) {
        self.limit = max(1, limit)
        exempt = Set(trustedProxies.compactMap(RateLimitClients.canonicalAddress))
    }

    /// The address a connection counts against (an IPv6 peer as its /64, as the rate limits count
    /// it), or `nil` when it is not limited (a trusted proxy, a peer with no IP address).
    func client(of peer: SocketAddress?) -> String? {
        guard let text = peer?.ipAddress, let address = RateLimitClients.canonicalAddress(text), !exempt.contains(address) else { return nil }
        return RateLimitClients.clientBlock(address)
    }

    /// Counts a new connection from `client`; false (not counted) when it already holds `limit`.
    func admit(_ client: String) -> Bool {
        open.withLock { open in
            guard open[client, default: 0] < limit else { return false }
            open[client, default: 0] += 1
            return true
        }
    }

    func release(_ client: String) {
        open.withLock { open in
            let left = open[client, default: 1] - 1
            open[client] = left > 0 ? left : nil
        }
    }

    func count(_ client: String) -> Int { open.withLock { $0[client, default: 0] } }

    /// The default share: half the descriptors the process may open, at most 1,000 (a school of
    /// several hundred pupils behind one address fits; one client cannot take every descriptor).
    static var defaultLimit: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 512 }
        return Int(clamping: min(1_000, max(16, limit.rlim_cur / 2)))
    }

    /// Raises the soft descriptor limit to the hard one (often 1,024 soft of far more), so the
    /// shares above are of everything the system allows this process.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

/// First in every connection's pipeline (under TLS and HTTP/2 alike, `ServerTransport`): counts
/// the connection against its address's share, closing it at once beyond that, and says when the
/// client has hung up (`hungUp`). The server reads on while it streams, so a hang-up arrives as
/// "input closed" at once; live-update streams end on it (`LiveUpdates.eventStream`), freeing
/// their slot then rather than when a heartbeat fails to write, up to 15 s later. Other answers are
/// left alone: HTTP lets a client send its request and then half-close.
final class ClientConnectionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias InboundOut = NIOAny

    private let connections: ConnectionsPerAddress
    private var counted: String?
    private var checked = false
    private var gone: EventLoopPromise<Void>?

    init(connections: ConnectionsPerAddress) { self.connections = connections }

    /// Completes when the client of `channel` (a request's connection, or an HTTP/2 stream's
    /// parent) hangs up or the connection closes; the close alone where there is no handler.
    static func hungUp(_ channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.flatSubmit {
            for candidate in [channel, channel.parent].compactMap({ $0 }) where candidate.eventLoop.inEventLoop {
                if let handler = try? candidate.pipeline.syncOperations.handler(type: ClientConnectionHandler.self), let gone = handler.gone {
                    return gone.futureResult
                }
            }
            return channel.closeFuture
        }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        gone = context.eventLoop.makePromise()
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard !checked else { return }
        checked = true
        guard let client = connections.client(of: context.channel.remoteAddress) else { return }
        if connections.admit(client) {
            counted = client
        } else {
            TesseraMetrics.refused("connections").increment()
            context.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) { context.fireChannelRead(data) }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .some(.inputClosed) = event as? ChannelEvent { gone?.succeed() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        end()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { end() }

    private func end() {
        gone?.succeed()
        guard let client = counted else { return }
        counted = nil
        connections.release(client)
    }
}

/// A server's child channel (HTTP/1, or TLS with HTTP/2) with `ClientConnectionHandler` first in
/// each connection's pipeline.
struct ConnectionLimitedChannel<Base: ServerChildChannel>: ServerChildChannel {
    let base: Base
    let connections: ConnectionsPerAddress

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(ClientConnectionHandler(connections: connections), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger)
    }

    func handle(value: Base.Value, logger: Logger) async { await base.handle(value: value, logger: logger) }
}

extension HTTPServerBuilder {
    /// `make`'s child channel, limited by `connections` (`nil`: not limited).
    static func limited(_ connections: ConnectionsPerAddress?,
                        _ make: @escaping @Sendable (@escaping HTTPChannelHandler.Responder) throws -> any ServerChildChannel) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            let base = try make(responder)
            guard let connections else { return base }
            func limit<C: ServerChildChannel>(_ channel: C) -> any ServerChildChannel { ConnectionLimitedChannel(base: channel, connections: connections) }
            return limit(base)
        }
    }
}
