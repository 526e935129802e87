/// Durations as the numbers reports and JSON show; written once for every kit and tool.
extension Duration {
    /// This duration in seconds, fractions included.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }

    public var milliseconds: Double { seconds * 1000 }
}
