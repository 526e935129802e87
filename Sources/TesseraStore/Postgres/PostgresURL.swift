import Foundation
import PostgresNIO

/// A `postgres://user[:password]@host[:port]/database[?sslmode=…]` URL, checked once where it
/// enters (the CLI validates it before anything starts, so a typo is a clear message and a
/// non-zero exit, not a crash or a hang at the first request).
public struct PostgresURL: Sendable, Equatable {
    public let host: String
    public let port: Int
    public let username: String
    public let password: String?
    public let database: String
    /// `require` (or `verify-ca`/`verify-full`) turns on verified TLS; anything else is plain TCP,
    /// which suits the loopback and private-network setups this is meant for.
    public let requireTLS: Bool

    public init(_ text: String) throws(PostgresURLError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw PostgresURLError("'\(Self.redacted(text))' is not a URL; use postgres://user@host:port/database.")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw PostgresURLError("The database URL must start with postgres:// (not \(scheme)://).")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresURLError("The database URL names no host; use postgres://user@host:port/database.")
        }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw PostgresURLError("The database port must be from 1 to 65535.") }
        guard let user = components.user, !user.isEmpty else {
            throw PostgresURLError("The database URL names no user; use postgres://user@host:port/database.")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresURLError("The database URL names no database; use postgres://user@host:port/database.")
        }
        var requireTLS = false
        for item in components.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("sslmode", "require"), ("sslmode", "verify-ca"), ("sslmode", "verify-full"): requireTLS = true
            case ("sslmode", "disable"), ("sslmode", "allow"), ("sslmode", "prefer"): requireTLS = false
            default: throw PostgresURLError("The database URL's option '\(item.name)=\(item.value ?? "")' is not supported (only sslmode).")
            }
        }
        self.host = host
        self.port = port
        self.username = user.removingPercentEncoding ?? user
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
        self.requireTLS = requireTLS
    }

    /// The URL without its password, for logs and error messages.
    public var description: String { "postgres://\(username)@\(host):\(port)/\(database)" }

    package var clientConfiguration: PostgresClient.Configuration {
        PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database,
                                     tls: requireTLS ? .require(.makeClientConfiguration()) : .disable)
    }

    /// Hides a password in a URL that failed to parse (it may still hold one).
    private static func redacted(_ text: String) -> String {
        guard let at = text.firstIndex(of: "@"), let scheme = text.range(of: "://") else { return text }
        return String(text[..<scheme.upperBound]) + "…" + String(text[at...])
    }
}

/// Why a database URL was refused, as a sentence for the CLI.
public struct PostgresURLError: Error, CustomStringConvertible, Sendable {
    public let description: String
    package init(_ description: String) { self.description = description }
}
