import Hummingbird
import NIOCore

/// Every request's context: Hummingbird's basics, the peer's address (what an anonymous client
/// counts as), and who is calling (`CallerMiddleware` fills it once for every API request).
struct TesseraRequestContext: CallerRequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    var caller = Caller.anonymous
    private let channel: any Channel
    let receivedAt = NIODeadline.now()
    /// When the client hangs up (`ClientConnectionHandler`): live-update streams end with it.
    var connectionClosed: EventLoopFuture<Void>? { ClientConnectionHandler.hungUp(channel) }

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        channel = source.channel
    }
}
