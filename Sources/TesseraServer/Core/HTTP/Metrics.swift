import Metrics
import Prometheus

/// The server's Prometheus metrics. swift-metrics is bootstrapped once per process with a
/// Prometheus registry, so Hummingbird's `MetricsMiddleware` (requests and durations by route,
/// method and status) and our own gauges land in one registry that `GET /metrics` renders.
public enum TesseraMetrics {
    /// The registry behind `MetricsSystem`; touching it bootstraps swift-metrics (once).
    public static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Route labels are route patterns ("/api/tictactoe/games/{id}"), never raw paths, so the
        // number of series stays bounded whatever URLs clients send.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(5), .seconds(30),
        ]
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// Server-sent-event streams open now, by kind (`tictactoe`, `maze_explore`).
    static func openStreams(_ kind: String) -> Prometheus.Gauge {
        registry.makeGauge(descriptor: .init(namespace: "tessera", metricName: "open_streams", unitName: "",
                                             helpText: "Server-sent-event streams open now."),
                           labels: [("kind", kind)])
    }

    /// Server-side maze explorations running now.
    static let runningExplorations: Prometheus.Gauge = registry.makeGauge(
        descriptor: .init(namespace: "tessera", metricName: "running_explorations", unitName: "",
                          helpText: "Server-side maze explorations running now."))

    /// Requests refused because a limit was reached (`explorations`, `streams`, `solver`; `rate`:
    /// a client's token bucket was empty; `runs`: Rapid Router runs waiting for a thread).
    static func refused(_ limit: String) -> Prometheus.Counter {
        registry.makeCounter(descriptor: .init(namespace: "tessera", metricName: "refused", unitName: "total",
                                               helpText: "Requests refused with 429 because a limit was reached."),
                             labels: [("limit", limit)])
    }

    /// Documents the retention purge deleted, by kind (`tictactoe_match`, …, `session`).
    static func purged(_ kind: String) -> Prometheus.Counter {
        registry.makeCounter(descriptor: .init(namespace: "tessera", metricName: "purged_documents", unitName: "total",
                                               helpText: "Idle anonymous documents and expired sessions the retention purge deleted."),
                             labels: [("kind", kind)])
    }

    /// The Prometheus text exposition of every metric.
    static func exposition() -> [UInt8] { registry.emitToBuffer() }
}
