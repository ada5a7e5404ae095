import ComponentFactoryLifecycle
import ComponentFactoryObservability
import Foundation
import Logging
import Metrics
import OTel
import Prometheus
import ServiceLifecycle
import Tracing

/// The server's metrics and traces: a `FactoryTelemetry` for the factory's
/// own, and, once ``bootstrapProcessWide()`` has run, Hummingbird's HTTP
/// metrics and a server span per request. The metrics go to the Prometheus
/// registry that the management port serves at `/metrics`
/// (``exposition()``), named as Prometheus names them; the spans, when
/// `tracing.endpoint` is set, to an OTLP/HTTP collector, with `service.name`,
/// `service.version` and `host.name` on their resource.
///
/// A service (the exporter's batches are sent while it runs), so the factory
/// hands it to the service group with the others.
public final class Telemetry: Service {
    /// The version the traces' resource names (`service.version`).
    public static let version = "1.0.0"
    /// How long one export may take before it gives up: a shutdown waits no longer for the collector.
    static let exportTimeout: Duration = .milliseconds(800)
    /// Hummingbird's metric labels, as Prometheus names them: a counter ends in `_total`, a duration is in seconds.
    static let names = [
        "hb.requests": "http_server_requests_total",
        "hb.request.errors": "http_server_request_errors_total",
        "http.server.request.duration": "http_server_request_duration_seconds",
        "http.server.active_requests": "http_server_active_requests",
    ]
    /// What each metric family is: its `# HELP` line.
    static let help = FactoryTelemetry.help.merging([
        "http_server_requests_total": "HTTP requests answered, by route, method and status.",
        "http_server_request_errors_total": "HTTP requests whose handler threw, by route, method and status.",
        "http_server_request_duration_seconds": "How long HTTP requests took to answer, by route, method and status.",
        "http_server_active_requests": "HTTP requests under way, by method.",
    ]) { factory, _ in factory }

    /// What `/metrics` renders.
    public let registry: PrometheusCollectorRegistry
    /// What the service group tells of the load, the reloads and the services.
    public let observer: FactoryTelemetry
    private let metrics: PrometheusMetricsFactory
    /// The tracer the exporter feeds; nil when tracing is off.
    private let tracer: (any Tracer)?
    /// The exporter's own service; nil when tracing is off.
    private let exporter: (any Service)?

    public init(tracing: TracingSettings) throws {
        registry = PrometheusCollectorRegistry()
        var metrics = PrometheusMetricsFactory(registry: registry)
        metrics.nameAndLabelSanitizer = { name, labels in (Self.names[name] ?? name, labels) }
        self.metrics = metrics
        guard let endpoint = tracing.endpoint else {
            observer = FactoryTelemetry(metrics: metrics, tracer: NoOpTracer())
            (tracer, exporter) = (nil, nil)
            return
        }
        var configuration = OTel.Configuration.default
        configuration.serviceName = tracing.serviceName
        configuration.resourceAttributes = ["service.version": Self.version, "host.name": ProcessInfo.processInfo.hostName]
        configuration.diagnosticLogger = .custom(Logger(label: "links.otel"))
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.exporter = .otlp
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        configuration.traces.otlpExporter.endpoint = endpoint
        configuration.traces.otlpExporter.headers = tracing.apiKey.map { [(tracing.apiKeyHeader, $0)] } ?? []
        // Each span goes out within a second: a reload is seen soon.
        configuration.traces.batchSpanProcessor.scheduleDelay = .seconds(1)
        // A collector that does not answer holds a shutdown up by at most a second: each export gives up after 800 ms.
        configuration.traces.otlpExporter.timeout = Self.exportTimeout
        configuration.traces.batchSpanProcessor.exportTimeout = Self.exportTimeout
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        observer = FactoryTelemetry(metrics: metrics, tracer: backend.factory)
        tracer = backend.factory
        exporter = backend.service
    }

    /// Makes this the process's swift-metrics backend and, when tracing is
    /// on, its tracer: what Hummingbird's middleware and `withSpan` report
    /// to. Once per process, before the HTTP routes are made.
    public func bootstrapProcessWide() {
        MetricsSystem.bootstrap(metrics)
        if let tracer { InstrumentationSystem.bootstrap(tracer) }
    }

    /// The registry's metrics in Prometheus's text format, each family with
    /// its `# HELP` line (swift-metrics has no place for one) before its `# TYPE`.
    public func exposition() -> [UInt8] {
        var lines: [Substring] = []
        let text = String(decoding: registry.emitToBuffer(), as: UTF8.self)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# TYPE "), let name = line.split(separator: " ").dropFirst(2).first,
               lines.last?.hasPrefix("# HELP \(name) ") != true {
                lines.append("# HELP \(name) \(Self.help[String(name)] ?? name.replacingOccurrences(of: "_", with: " "))")
            }
            lines.append(line)
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    public func run() async throws {
        guard let exporter else {
            try? await gracefulShutdown()
            return
        }
        try await exporter.run()
    }
}
