import ComponentFactoryLifecycle
import Foundation
import ComponentFactoryObservability
import Logging
import OTel
import Prometheus
import ServiceLifecycle
import Tracing

/// The factory's metrics and traces: a `FactoryTelemetry` that reports to
/// the Prometheus registry which the management port serves at `/metrics`,
/// and, when `tracing.endpoint` is set, to an OTLP/HTTP exporter. Neither is
/// bootstrapped process-wide: the factory's reports go here, and nowhere else.
///
/// A service (the exporter's batches are sent while it runs), so the factory
/// hands it to the service group with the others.
public final class Telemetry: Service {
    /// The version the traces' resource names (`service.version`).
    public static let version = "1.0.0"
    /// How long one export may take before it gives up: a shutdown waits no longer for the collector.
    static let exportTimeout: Duration = .milliseconds(800)
    /// What `/metrics` renders.
    public let registry: PrometheusCollectorRegistry
    /// What the service group tells of the load, the reloads and the services.
    public let observer: FactoryTelemetry
    /// The exporter's own service; nil when tracing is off.
    private let exporter: (any Service)?

    public init(tracing: TracingSettings) throws {
        registry = PrometheusCollectorRegistry()
        let metrics = PrometheusMetricsFactory(registry: registry)
        guard let endpoint = tracing.endpoint else {
            observer = FactoryTelemetry(metrics: metrics, tracer: NoOpTracer())
            exporter = nil
            return
        }
        var configuration = OTel.Configuration.default
        configuration.serviceName = tracing.serviceName
        configuration.diagnosticLogger = .custom(Logger(label: "links.otel"))
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.exporter = .otlp
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        configuration.traces.otlpExporter.endpoint = endpoint
        configuration.traces.otlpExporter.headers = tracing.apiKey.map { [(tracing.apiKeyHeader, $0)] } ?? []
        configuration.resourceAttributes = ["service.version": Self.version, "host.name": ProcessInfo.processInfo.hostName]
        // Each span goes out within a second: a reload is seen soon.
        configuration.traces.batchSpanProcessor.scheduleDelay = .seconds(1)
        // A collector that does not answer holds a shutdown up by at most a second: each export gives up after 800 ms.
        configuration.traces.otlpExporter.timeout = Self.exportTimeout
        configuration.traces.batchSpanProcessor.exportTimeout = Self.exportTimeout
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        observer = FactoryTelemetry(metrics: metrics, tracer: backend.factory)
        exporter = backend.service
    }

    public func run() async throws {
        guard let exporter else {
            try? await gracefulShutdown()
            return
        }
        try await exporter.run()
    }
}
