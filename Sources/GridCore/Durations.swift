/// A `Duration` as a whole number of nanoseconds or milliseconds, for the APIs that take one
/// (NIO's `TimeAmount`, AsyncHTTPClient's timeouts, the solver's monotonic clock) and for reports.
/// Written once for every kit, client and tool; GridKit's `Durations.swift` has the fractional and
/// option forms. Held at the ends of `Int64` (about 292 years of nanoseconds) instead of trapping, so
/// an enormous timeout from an option or a file cannot stop the process. Fractions are dropped
/// toward zero.
extension Duration {
    public var wholeNanoseconds: Int64 { whole(perSecond: 1_000_000_000) }

    public var wholeMilliseconds: Int64 { whole(perSecond: 1_000) }

    private func whole(perSecond units: Int64) -> Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: units)
        let (total, carry) = scaled.addingReportingOverflow(attoseconds / (1_000_000_000_000_000_000 / units))
        guard !overflow, !carry else { return seconds < 0 ? .min : .max }
        return total
    }
}
