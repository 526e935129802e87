import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Who may read `/metrics`: a caller on this machine (a loopback peer that is not a trusted proxy
/// forwarding someone else), or anyone with `--metrics-token` as `Authorization: Bearer …`.
/// Everyone else gets 403 `metrics_not_allowed`: the figures say how busy the server is and which
/// routes fail, which is the operator's business.
struct MetricsAccess: Sendable {
    let token: String?
    let clients: RateLimitClients

    func check(_ request: Request, peer: SocketAddress?) throws {
        if let token, let sent = request.headers[.authorization], Self.sameBytes(sent, "Bearer " + token) { return }
        // No peer: the request did not come over a network (in-process tests).
        guard let peer else { return }
        let client = clients.address(of: request, peer: peer)
        guard !Self.isLoopback(client) else { return }
        throw APIError(.forbidden, code: "metrics_not_allowed", say: "shared.errors.metricsNotAllowed")
    }

    static func isLoopback(_ address: String) -> Bool { address.hasPrefix("127.") || address == "::1" || address == "::/64" }

    /// Compares every byte whatever differs first, so the time taken says nothing of the token.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
