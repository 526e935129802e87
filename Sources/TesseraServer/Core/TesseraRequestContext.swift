import Hummingbird
import NIOCore

/// Every request's context: Hummingbird's basics plus the peer's address, which sign-in
/// throttling counts failures against.
struct TesseraRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
