import ClassroomKit
import Foundation
import GridKit
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization
import TesseraStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The address a request counts against (`Caller.address`; `Caller.client` is the account when
/// signed in, else this).
///
/// - The address is the connection's peer. Behind a reverse proxy every peer is the proxy, so
///   `X-Forwarded-For` is believed only when the peer is one of `trustedProxies`
///   (`--trusted-proxy`): then the client is the rightmost address in it that is not itself a
///   trusted proxy (nginx's `$proxy_add_x_forwarded_for` appends the address it saw, so entries
///   further left are whatever the client chose to send). From anyone else the header is ignored:
///   a client cannot pick a fresh address per request.
/// - IPv6 clients count per /64, the block one household or school is given.
final class RateLimitClients: Sendable {
    private let trustedProxies: Set<String>

    /// `trustedProxies` as given to `--trusted-proxy` (checked by `canonicalAddress` beforehand).
    init(trustedProxies: [String]) {
        self.trustedProxies = Set(trustedProxies.compactMap(Self.canonicalAddress))
    }

    /// The client's address as described above (`unknown` without a peer, as in router tests).
    func address(of request: Request, peer: SocketAddress?) -> String {
        guard let peerText = peer?.ipAddress, let peerAddress = Self.canonicalAddress(peerText) else { return "unknown" }
        var client = peerAddress
        if trustedProxies.contains(peerAddress), let forwarded = request.headers[.xForwardedFor] {
            for hop in forwarded.split(separator: ",").reversed() {
                // An entry that is not an address ends the walk: what lies beyond it is unverifiable.
                guard let hopAddress = Self.canonicalAddress(hop.trimmingCharacters(in: .whitespaces)) else { break }
                client = hopAddress
                if !trustedProxies.contains(hopAddress) { break }
            }
        }
        return Self.clientBlock(client)
    }

    /// The one text form of an IPv4 or IPv6 address (IPv4-mapped IPv6 as IPv4), or `nil` for
    /// anything else.
    static func canonicalAddress(_ text: String) -> String? {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(text), &v4) == 1 { return format(AF_INET, &v4, length: INET_ADDRSTRLEN) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(text), &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12..<16].map(String.init).joined(separator: ".")
        }
        return format(AF_INET6, &v6, length: INET6_ADDRSTRLEN)
    }

    /// An IPv4 address as it is; an IPv6 address as its /64.
    static func clientBlock(_ canonical: String) -> String {
        guard canonical.contains(":"), var v6 = Optional(in6_addr()), inet_pton(AF_INET6, canonical, &v6) == 1 else { return canonical }
        withUnsafeMutableBytes(of: &v6) { bytes in
            for index in 8..<16 { bytes[index] = 0 }
        }
        return (format(AF_INET6, &v6, length: INET6_ADDRSTRLEN) ?? canonical) + "/64"
    }

    private static func format<T>(_ family: Int32, _ address: inout T, length: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(length))
        let written = withUnsafeBytes(of: &address) { bytes in inet_ntop(family, bytes.baseAddress, &buffer, socklen_t(length)) }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension HTTPField.Name {
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
