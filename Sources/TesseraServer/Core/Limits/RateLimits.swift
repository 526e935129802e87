import Foundation

/// What each client may ask for how often: one token bucket per client and kind of work. A client
/// is the signed-in account, else the remote address (see `RateLimitMiddleware`). A bucket holds
/// up to `burst` requests and refills at `perSecond`; an empty bucket answers 429 `too_busy`
/// with `Retry-After`.
///
/// The defaults are meant for a school: 30 pupils of a class behind one school address, none signed
/// in, making games and running programs as fast as children do, and ten classes signing in at the
/// morning bell, never reach them; a script that
/// creates documents as fast as the server answers does, within seconds.
public struct RateLimits: Sendable, Equatable {
    /// The kinds of limited work (the routes of each are listed in `RateLimitMiddleware.limitedRoutes`).
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        /// New games, puzzles, levels (created, copied, imported), classes and pupils.
        case create
        /// Rapid Router runs: a level's, a designer's draft, a Python program's view.
        case runs
        /// Pentomino hints and solution counts.
        case solver
        /// Posts reader syncs.
        case sync
        /// Server-side maze explorations.
        case explore
        /// Sign-ins and teacher sign-ups.
        case signin
        /// New passwords made for someone signed in: a teacher's change, new pupils, a pupil's or a
        /// whole class's new passwords (each a bcrypt hash). Counted per account and per address.
        case passwords

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A bucket: `burst` requests at once, refilled at `perSecond`.
    public struct Rule: Sendable, Equatable, CustomStringConvertible {
        public var burst: Int
        public var perSecond: Double

        /// In the option's own form, per minute: `300/min:120`.
        public var description: String {
            let perMinute = perSecond * 60
            let rate = perMinute == perMinute.rounded() ? String(Int(perMinute)) : String(format: "%.2f", perMinute)
            return "\(rate)/min:\(burst)"
        }
    }

    /// `nil` turns every limit off (`--rate-limit off`).
    public var rules: [Kind: Rule]?

    public init(rules: [Kind: Rule]? = RateLimits.defaultRules) { self.rules = rules }

    public static let defaults = RateLimits()
    public static let off = RateLimits(rules: nil)

    public static let defaultRules: [Kind: Rule] = [
        .create: Rule(burst: 120, perSecond: 2),
        .runs: Rule(burst: 120, perSecond: 5),
        .solver: Rule(burst: 60, perSecond: 2),
        .sync: Rule(burst: 60, perSecond: 1),
        .explore: Rule(burst: 60, perSecond: 1),
        // A school's morning bell: 300 pupils behind its one address sign in within a minute
        // (scripts/school_day.py). bcrypt's own lanes (`PasswordHasher`) bound the CPU this buys;
        // guessing is counted per account and device (`LoginThrottle`), not here.
        .signin: Rule(burst: 300, perSecond: 5),
        .passwords: Rule(burst: 20, perSecond: 0.2),
    ]

    public func rule(_ kind: Kind) -> Rule? { rules?[kind] }

    /// One line for the start-up log and `--help`: `create=120/min:120, runs=…` or `off`.
    public var summary: String {
        guard let rules else { return "off" }
        return rules.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: ",")
    }

    /// Reads `--rate-limit` (or `TESSERA_RATE_LIMIT`): comma-separated items, each one of
    /// - `off`: no limits at all (a benchmark, or a server only its owner uses);
    /// - `x2` or `2x` (`0.5x`…): every default burst and rate times that;
    /// - `KIND=N/UNIT` or `KIND=N/UNIT:BURST`: N requests per `s`, `min` (or `m`) or `h`, and at
    ///   most BURST at once (default N); `KIND=off` lifts that one limit.
    /// Items apply left to right, so `2x,runs=600/min` doubles everything, then sets runs.
    public static func parse(_ text: String) throws(RateLimitError) -> RateLimits {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else { throw .init("is empty; give 'off', a multiplier like 2x, or KIND=N/UNIT like runs=300/min") }
        if items == ["off"] { return .off }
        var rules = defaultRules
        for item in items {
            if let factor = multiplier(item) {
                for (kind, rule) in rules {
                    // Multipliers multiply each other: the result is held to what one rule may say.
                    let burst = (Double(rule.burst) * factor).rounded(), perSecond = rule.perSecond * factor
                    guard burst <= 1_000_000, (1.0 / 3600...1_000_000).contains(perSecond) else {
                        throw .init("multiplies \(kind.rawValue) beyond what a limit may be (at most 1000000 at once, from 1/h to 1000000/s); use one multiplier, or KIND=N/UNIT")
                    }
                    rules[kind] = Rule(burst: max(1, Int(burst)), perSecond: perSecond)
                }
                continue
            }
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw .init("has '\(item)', which is neither 'off', a multiplier like 2x nor KIND=N/UNIT like runs=300/min")
            }
            guard let kind = Kind(rawValue: parts[0]) else {
                throw .init("names '\(parts[0])'; the kinds are \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if parts[1] == "off" {
                rules[kind] = nil
                continue
            }
            rules[kind] = try rule(parts[1], kind: kind)
        }
        return RateLimits(rules: rules)
    }

    private static func multiplier(_ item: String) -> Double? {
        let number: Substring
        if item.hasPrefix("x") { number = item.dropFirst() } else if item.hasSuffix("x") { number = item.dropLast() } else { return nil }
        guard let factor = Double(number), factor.isFinite, (0.01...1000).contains(factor) else { return nil }
        return factor
    }

    private static func rule(_ text: String, kind: Kind) throws(RateLimitError) -> Rule {
        let wrong = RateLimitError("has '\(kind.rawValue)=\(text)'; write N/UNIT with UNIT s, min or h, optionally :BURST, like \(kind.rawValue)=300/min:120")
        let (ratePart, burstPart) = split(text, at: ":")
        let (countText, unitText) = split(ratePart, at: "/")
        guard let count = Int(countText), let unitText, let seconds = unitSeconds[unitText] else { throw wrong }
        guard (1...1_000_000).contains(count) else { throw .init("has '\(kind.rawValue)=\(text)'; N must be from 1 to 1000000") }
        var burst = count
        if let burstPart {
            guard let value = Int(burstPart), (1...1_000_000).contains(value) else {
                throw .init("has '\(kind.rawValue)=\(text)'; the burst after ':' must be a whole number from 1 to 1000000")
            }
            burst = value
        }
        return Rule(burst: burst, perSecond: Double(count) / seconds)
    }

    private static let unitSeconds: [String: Double] = ["s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "hour": 3600]

    private static func split(_ text: String, at separator: Character) -> (String, String?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }
}

/// A `--rate-limit` value that does not parse; `description` finishes "--rate-limit …".
public struct RateLimitError: Error, Sendable, CustomStringConvertible {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
    public var description: String { "--rate-limit \(reason)." }
}

extension Configuration {
    /// Whether `text` is an IPv4 or IPv6 address (what `--trusted-proxy` takes).
    public static func isIPAddress(_ text: String) -> Bool { RateLimitClients.canonicalAddress(text) != nil }
}
