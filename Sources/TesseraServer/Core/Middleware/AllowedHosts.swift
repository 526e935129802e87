import Foundation

/// Which `Host` names the server answers (`RequestGuardMiddleware`), against DNS rebinding: a
/// hostile page whose own name is made to resolve to this machine would otherwise drive the API
/// from a pupil's browser with that browser's address.
///
/// - Bound to loopback, only loopback names are served (as before any option).
/// - With `--allowed-host NAME` (repeatable), only those names and loopback ones are served,
///   whatever the bind address: the set-up for a school's network (`--host 0.0.0.0`).
/// - Bound to another address with no `--allowed-host`, any name is served (`serve` warns).
///
/// Names compare without case, port or a final dot; an IPv6 literal is written in brackets in a
/// `Host` and may be given with or without them.
struct AllowedHosts: Sendable, Equatable {
    /// Whether any name at all is checked.
    let restricted: Bool
    /// The allowed names besides loopback, normalised (`school.example`, `192.168.1.10`, `fd00::1`).
    let names: Set<String>

    /// At most this many `--allowed-host` names, each at most 253 bytes (a DNS name's limit).
    static let maxNames = 64
    static let maxNameBytes = 253

    init(bindHost: String, allowed: [String]) {
        names = Set(allowed.compactMap(Self.normalisedName))
        restricted = !names.isEmpty || Self.isLoopbackHost(bindHost)
    }

    /// Whether a request whose `Host` is `authority` may be served (no `Host` at all, as from an
    /// HTTP/1.0 client, is no browser's rebinding and is served).
    func allows(authority: String?) -> Bool {
        guard restricted, let authority else { return true }
        if Self.isLoopbackName(authority) { return true }
        guard let name = Self.hostPart(of: authority).flatMap(Self.normalisedName) else { return false }
        return names.contains(name)
    }

    /// Whether `text` may be given to `--allowed-host`: a DNS name (letters, digits, `-`, `.`) or
    /// an IP address.
    static func isValidName(_ text: String) -> Bool { normalisedName(text) != nil }

    /// `localhost`, any `127.x.y.z` or `[::1]`, with or without a port.
    static func isLoopbackName(_ authority: String) -> Bool {
        guard let host = hostPart(of: authority) else { return false }
        if host == "::1" { return true }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// Whether `host` (as given to `--host`) is a loopback address.
    static func isLoopbackHost(_ host: String) -> Bool {
        host == "::1" || isLoopbackName(host)
    }

    /// The host of a `Host` value, lower-cased, without port or brackets; `nil` for a bracket
    /// left open.
    private static func hostPart(of authority: String) -> String? {
        var host = Substring(authority.lowercased())
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return nil }
            return String(host[host.index(after: host.startIndex)..<end])
        }
        if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        return String(host)
    }

    /// A name as compared: lower case, no final dot, no brackets; `nil` when it is neither a DNS
    /// name nor an IP address, or too long.
    private static func normalisedName(_ text: String) -> String? {
        var name = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !name.isEmpty, name.utf8.count <= maxNameBytes else { return nil }
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        if name.contains(":") { return RateLimitClients.canonicalAddress(name) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let isDNSName = labels.allSatisfy { label in
            (1...63).contains(label.utf8.count) && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        }
        return isDNSName ? name : nil
    }
}

extension Configuration {
    /// Whether `text` may be given to `--allowed-host` (for the CLI's checks).
    public static func isValidHostName(_ text: String) -> Bool { AllowedHosts.isValidName(text) }

    /// Whether `--host` is a loopback address (then only loopback names are served anyway).
    public static func isLoopbackHost(_ host: String) -> Bool { AllowedHosts.isLoopbackHost(host) }
}
