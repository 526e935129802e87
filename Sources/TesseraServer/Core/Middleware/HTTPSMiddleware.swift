import HTTPTypes
import Hummingbird
import NIOCore

/// Settles once whether a request came over HTTPS, and marks answers given over it.
///
/// - With `--tls-cert`/`--tls-key` every request did (HTTP/1.1 over TLS reaches us with scheme
///   `http`, so the listener is what says it).
/// - Without, a request did only when a `--trusted-proxy` peer says so in `X-Forwarded-Proto`;
///   from any other peer the header is ignored (a client on the school network could otherwise
///   claim HTTPS on a plain connection).
///
/// The request goes on with its scheme set to the answer (`https` or `http`), which is all
/// `Sessions.isHTTPS` reads: cookies are `Secure` exactly when the browser sees HTTPS. Answers
/// over HTTPS carry HSTS, so a browser that once reached the school's server safely keeps using
/// HTTPS for it.
struct HTTPSMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    /// True when this server terminates TLS itself.
    let servesTLS: Bool
    /// Canonical addresses of the proxies whose `X-Forwarded-Proto` is believed.
    let trustedProxies: Set<String>

    /// A year, without `includeSubDomains`: a school's other names are not ours to commit.
    static var strictTransportSecurity: String { "max-age=31536000" }

    init(servesTLS: Bool, trustedProxies: [String]) {
        self.servesTLS = servesTLS
        self.trustedProxies = Set(trustedProxies.compactMap(RateLimitClients.canonicalAddress))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let https = isHTTPS(request, peer: context.remoteAddress)
        var head = request.head
        head.scheme = https ? "https" : "http"
        var response = try await next(Request(head: head, body: request.body), context)
        if https, response.headers[.strictTransportSecurity] == nil {
            response.headers[.strictTransportSecurity] = Self.strictTransportSecurity
        }
        return response
    }

    func isHTTPS(_ request: Request, peer: SocketAddress?) -> Bool {
        if servesTLS { return true }
        guard let peer = peer?.ipAddress.flatMap(RateLimitClients.canonicalAddress), trustedProxies.contains(peer),
              let proto = request.headers[.xForwardedProto] else { return false }
        // nginx sends one value; a chain of proxies may send a list, the nearest last.
        let nearest = proto.split(separator: ",").last.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return nearest == "https"
    }
}

extension HTTPField.Name {
    static let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}
