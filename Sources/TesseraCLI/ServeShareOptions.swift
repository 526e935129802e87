import ArgumentParser
import Foundation
import TesseraServer

/// `tessera serve`'s fair shares (README, "Limits"): what one client may hold of what everyone
/// shares, and who may read `/metrics`.
struct FairShareOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Open connections one client address may hold; beyond it a new one is closed at once (trusted proxies are not limited). Default: half the file descriptors the process may open, at most 1000.",
                               valueName: "n"))
    var maxConnectionsPerAddress: Int?

    @Option(help: ArgumentHelp("Live-update streams (boards, games, the posts reader) one signed-in account may hold; more get 429 (default 16).", valueName: "n"))
    var maxStreamsPerAccount: Int?

    @Option(help: ArgumentHelp("Live-update streams one address may hold for people not signed in; more get 429 (default 256). Signed-in people each have their own share, however many share an address.",
                               valueName: "n"))
    var maxStreamsPerAddress: Int?

    @Option(help: ArgumentHelp("How much one account may keep of levels (made, imported, copied): bytes, or a number and kB, MB or GB (default 10MB). One more answers 507 saying so.",
                               valueName: "size"))
    var accountQuota: String?

    @Option(help: ArgumentHelp("Let callers not on this machine read /metrics with 'Authorization: Bearer TOKEN' (at least 16 characters; env TESSERA_METRICS_TOKEN). Without it /metrics answers loopback callers only.",
                               valueName: "token"))
    var metricsToken: String?

    func validate() throws {
        if let maxConnectionsPerAddress, !(1...1_000_000).contains(maxConnectionsPerAddress) {
            throw ValidationError("--max-connections-per-address must be from 1 to 1000000.")
        }
        for (option, value) in [("--max-streams-per-account", maxStreamsPerAccount), ("--max-streams-per-address", maxStreamsPerAddress)] {
            if let value, !(1...100_000).contains(value) { throw ValidationError("\(option) must be from 1 to 100000.") }
        }
        _ = try quota()
        _ = try token()
    }

    /// `--account-quota` in bytes, or `nil` without it.
    func quota() throws -> Int? {
        guard let accountQuota else { return nil }
        let text = accountQuota.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Int)] = [("gb", 1_000_000_000), ("mb", 1_000_000), ("kb", 1_000), ("b", 1)]
        let (number, unit) = units.first { text.hasSuffix($0.0) }.map { (String(text.dropLast($0.0.count)), $0.1) } ?? (text, 1)
        guard let count = Double(number.trimmingCharacters(in: .whitespaces)), count.isFinite, count > 0,
              count * Double(unit) >= 1_000, count * Double(unit) <= 1e12 else {
            throw ValidationError("--account-quota must be a size from 1kB to 1000GB like 10MB or 500kB, not '\(accountQuota.prefix(40))'.")
        }
        return Int(count * Double(unit))
    }

    private func token() throws -> String? {
        let environment = ProcessInfo.processInfo.environment["TESSERA_METRICS_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        guard let token = metricsToken ?? environment else { return nil }
        guard token.count >= 16, token.count <= 256, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw ValidationError("\(metricsToken == nil ? "TESSERA_METRICS_TOKEN" : "--metrics-token") must be 16 to 256 characters without spaces.")
        }
        return token
    }

    func apply(to config: inout Configuration) throws {
        if let maxConnectionsPerAddress { config.maxConnectionsPerAddress = maxConnectionsPerAddress }
        if let maxStreamsPerAccount { config.liveUpdates.perAccount = maxStreamsPerAccount }
        if let maxStreamsPerAddress { config.liveUpdates.perAddress = maxStreamsPerAddress }
        if let quota = try quota() { config.accountQuotaBytes = quota }
        config.metricsToken = try token()
    }
}
