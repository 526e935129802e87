import NIOCore
import Synchronization

/// The server's own address, learnt once it is listening (the port may have been 0: "any free").
/// Apps that call this very server (the maze's explorer, the reader's default origin) read it.
final class ServerAddress: Sendable {
    private let base = Mutex<String?>(nil)

    /// A wildcard listener (0.0.0.0 or ::) is reached through loopback; a specific address as is.
    func set(_ address: SocketAddress?) {
        guard let address, let port = address.port else { return }
        var host = address.ipAddress ?? "127.0.0.1"
        if host == "0.0.0.0" || host == "::" { host = "127.0.0.1" }
        if host.contains(":") { host = "[\(host)]" }
        base.withLock { $0 = "http://\(host):\(port)" }
    }

    var baseURL: String? { base.withLock { $0 } }
}
