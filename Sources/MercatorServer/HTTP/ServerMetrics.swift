import Foundation
public import Prometheus

/// Request counts, latencies and render times, in Prometheus' text format on `/metrics`.
public final class ServerMetrics: Sendable {
    /// The registry the metrics live in.
    public let registry = PrometheusCollectorRegistry()
    private static let latencyBuckets: [Duration] = [.milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
                                                     .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5),
                                                     .seconds(5), .seconds(10), .seconds(30)]

    public init() {}

    /// Counts a request to `route` answered with `status` after `duration`.
    func request(route: String, status: Int, duration: Duration) {
        registry.makeCounter(descriptor: MetricNameDescriptor(namespace: "mercator", metricName: "http_requests", unitName: "total",
                                                              helpText: "HTTP requests by route family and status."),
                             labels: [("route", route), ("status", String(status))]).increment()
        registry.makeDurationHistogram(descriptor: MetricNameDescriptor(namespace: "mercator", metricName: "http_request_duration",
                                                                        unitName: "seconds", helpText: "HTTP request latency by route family."),
                                       labels: [("route", route)], buckets: Self.latencyBuckets).record(duration)
    }

    /// Records the time one render (a metatile or a static image) took.
    func render(kind: String, duration: Duration) {
        registry.makeDurationHistogram(descriptor: MetricNameDescriptor(namespace: "mercator", metricName: "render_duration",
                                                                        unitName: "seconds", helpText: "Time spent rendering, by kind."),
                                       labels: [("kind", kind)], buckets: Self.latencyBuckets).record(duration)
    }

    /// Records the render pool's load.
    func pool(running: Int, waiting: Int) {
        registry.makeGauge(descriptor: MetricNameDescriptor(namespace: "mercator", metricName: "render_pool_running", unitName: "",
                                                            helpText: "Renders running now."), labels: []).set(Double(running))
        registry.makeGauge(descriptor: MetricNameDescriptor(namespace: "mercator", metricName: "render_pool_waiting", unitName: "",
                                                            helpText: "Renders waiting for a slot."), labels: []).set(Double(waiting))
    }

    /// The metrics as Prometheus text.
    func text() -> String { registry.emitToString() }

    /// The route family of a request path, for labels (never the raw path: labels stay few).
    static func route(of path: String) -> String {
        let parts = path.split(separator: "/")
        guard let first = parts.first else { return "index" }
        switch first {
        case "styles.json", "data.json", "index.json", "rendered.json", "fonts.json": return "lists"
        case "256", "512": return parts.count == 2 ? "lists" : "other"
        case "files": return "files"
        case "health": return "health"
        case "metrics": return "metrics"
        case "fonts": return "fonts"
        case "viewer", "assets": return "viewer"
        case "data":
            return parts.count == 2 ? "tilejson" : "data_tile"
        case "styles":
            if parts.count >= 3 && parts[2] == "static" { return "static" }
            if parts.count == 3 && parts[2] == "style.json" { return "style" }
            if parts.count >= 3 && parts[2].hasPrefix("sprite") { return "sprite" }
            if parts.count == 3 && parts[2] == "wmts.xml" { return "wmts" }
            if parts.count == 2 || (parts.count == 3 && (parts[1] == "256" || parts[1] == "512") && parts[2].hasSuffix(".json")) { return "tilejson" }
            return "raster_tile"
        default: return "other"
        }
    }
}
