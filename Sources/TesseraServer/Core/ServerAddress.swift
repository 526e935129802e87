import AsyncHTTPClient
import HummingbirdTLS
import NIOCore
import Synchronization

/// The server's own address, learnt once it is listening (the port may have been 0: "any free").
/// Apps that call this very server (the maze's explorer, the reader's default origin) read it.
final class ServerAddress: Sendable {
    private let base = Mutex<String?>(nil)
    /// With `--tls-cert` the server speaks only HTTPS, so calls to itself do too.
    let https: Bool

    init(https: Bool = false) {
        self.https = https
    }

    /// A wildcard listener (0.0.0.0 or ::) is reached through loopback; a specific address as is.
    func set(_ address: SocketAddress?) {
        guard let address, let port = address.port else { return }
        var host = address.ipAddress ?? "127.0.0.1"
        if host == "0.0.0.0" || host == "::" { host = "127.0.0.1" }
        if host.contains(":") { host = "[\(host)]" }
        base.withLock { $0 = "\(https ? "https" : "http")://\(host):\(port)" }
    }

    var baseURL: String? { base.withLock { $0 } }

    /// The client for calls to itself: `nil` (each app's usual client) over plain HTTP; over HTTPS
    /// one that does not check the certificate, which names the school's host, not the address
    /// called, and may be self-signed. The call never leaves this process's own listener.
    var client: HTTPClient? { https ? Self.selfTLSClient : nil }

    /// Made once, on first use, and kept for the life of the process (as `MazeHTTP.client` is):
    /// room for a whole maze explorer's pools, a dead listener failing at once.
    private static let selfTLSClient: HTTPClient = {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.certificateVerification = .none
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, timeout: .init(connect: .seconds(2)),
            connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 64))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
}
