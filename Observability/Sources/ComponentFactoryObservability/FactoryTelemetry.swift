import ComponentFactory
import ComponentFactoryLifecycle
import Foundation
import Metrics
import Tracing

/// Reports what a factory does through swift-metrics and
/// swift-distributed-tracing: its load, its reloads and its services'
/// states. A lookup reports nothing, and costs what it did.
///
/// - **Spans:** `componentfactory.load`, from the load's start to its end,
///   with a child for each phase (`componentfactory.load.read`, `.compile`,
///   `.build`) and, inside `build`, one `componentfactory.construct` for each
///   eager singleton, at the times they happened; `componentfactory.reload`
///   for each reload, with its outcome and changed keys (an array), marked
///   an error when refused, with the first diagnostic's code, file and line.
/// - **Metrics**, named as Prometheus names them (a counter ends in `_total`,
///   a duration is in `_seconds`): `componentfactory_startup_seconds` (a
///   timer: the load), the counter `componentfactory_components_built_total`
///   (`phase`: `load` or `reload`), the counter `componentfactory_reloads_total`
///   (`outcome`: `swapped`, `unchanged`, `refused`), and the gauge
///   `componentfactory_services` (`state`: how many services are in each
///   `FactoryInspection.Service.State`). ``help`` says what each one is, for a backend's `# HELP`.
///
/// It is a `FactoryObserver`: hand one to a service group's configuration,
/// and it reports as the group runs. With no tracer or metrics backend
/// bootstrapped, each report goes nowhere.
///
/// ```swift
/// let group = ServiceGroup(configuration: try await live.serviceGroupConfiguration(logger: logger, observer: FactoryTelemetry()))
/// ```
public struct FactoryTelemetry: FactoryObserver {
    /// Each metric's name, with what it counts or measures: for a backend's
    /// description of it, such as Prometheus's `# HELP` line.
    public static let help: [String: String] = [
        startup: "How long the factory's load took, from its start to its end.",
        componentsBuilt: "Singletons built: by the load, and anew by each swapping reload.",
        reloads: "Reloads of the configuration, by outcome.",
        services: "How many of the factory's services are in each state.",
    ]
    static let startup = "componentfactory_startup_seconds"
    static let componentsBuilt = "componentfactory_components_built_total"
    static let reloads = "componentfactory_reloads_total"
    static let services = "componentfactory_services"

    private let metrics: any MetricsFactory
    private let tracer: any Tracer

    /// Reports to `metrics` and `tracer`: by default, what the process bootstrapped.
    public init(metrics: any MetricsFactory = MetricsSystem.factory, tracer: any Tracer = InstrumentationSystem.tracer) {
        self.metrics = metrics
        self.tracer = tracer
    }

    /// Reports how a load went: its spans, at the times they happened, the
    /// start-up timer and the eager singletons it built.
    public func loaded(_ startup: FactoryInspection.Startup, environment: String?) {
        spans(of: startup, environment: environment, tracer: tracer)
        Metrics.Timer(label: Self.startup, factory: metrics)
            .recordNanoseconds(Int64(startup.durationMilliseconds * 1_000_000))
        Counter(label: Self.componentsBuilt, dimensions: [("phase", "load")], factory: metrics)
            .increment(by: startup.components.count)
    }

    /// The load's spans, by `tracer` opened to its own type.
    private func spans<T: Tracer>(of startup: FactoryInspection.Startup, environment: String?, tracer: T) {
        let began = Self.instant(startup.startedAt)
        func at(_ milliseconds: Double) -> DefaultTracerClock.Instant {
            DefaultTracerClock.Instant(nanosecondsSinceEpoch: began.nanosecondsSinceEpoch + UInt64(max(0, milliseconds) * 1_000_000))
        }
        let load = tracer.startSpan("componentfactory.load", context: .topLevel, ofKind: .internal, at: began,
                                       function: #function, file: #fileID, line: #line)
        load.attributes["componentfactory.environment"] = environment ?? ""
        load.attributes["componentfactory.eager_singletons"] = startup.components.count
        for phase in startup.phases {
            let span = tracer.startSpan("componentfactory.load.\(phase.name)", context: load.context, ofKind: .internal,
                                           at: at(phase.startMilliseconds), function: #function, file: #fileID, line: #line)
            if phase.name == "build" {
                for construction in startup.components {
                    let child = tracer.startSpan("componentfactory.construct", context: span.context, ofKind: .internal,
                                                    at: at(construction.startMilliseconds), function: #function, file: #fileID, line: #line)
                    child.attributes["componentfactory.component"] = construction.key
                    child.attributes["componentfactory.isolation"] = construction.isolation.rawValue
                    child.end(at: at(construction.startMilliseconds + construction.durationMilliseconds))
                }
            }
            span.end(at: at(phase.startMilliseconds + phase.durationMilliseconds))
        }
        load.end(at: at(startup.durationMilliseconds))
    }

    /// Reports one reload: its span, the reloads counter by outcome, and for
    /// a swap the components it built anew.
    public func reloaded(_ reload: ReloadEvent) {
        span(of: reload, tracer: tracer)
        Counter(label: Self.reloads, dimensions: [("outcome", reload.outcome.rawValue)], factory: metrics).increment()
        if reload.outcome == .swapped {
            Counter(label: Self.componentsBuilt, dimensions: [("phase", "reload")], factory: metrics)
                .increment(by: reload.rebuilt.count)
        }
    }

    /// The reload's span, by `tracer` opened to its own type.
    private func span<T: Tracer>(of reload: ReloadEvent, tracer: T) {
        let ended = Self.instant(reload.time)
        let nanoseconds = UInt64(max(0, reload.duration / .nanoseconds(1)))
        let began = DefaultTracerClock.Instant(nanosecondsSinceEpoch: ended.nanosecondsSinceEpoch - min(nanoseconds, ended.nanosecondsSinceEpoch))
        let span = tracer.startSpan("componentfactory.reload", context: .topLevel, ofKind: .internal, at: began,
                                       function: #function, file: #fileID, line: #line)
        span.attributes["componentfactory.outcome"] = reload.outcome.rawValue
        span.attributes["componentfactory.generation"] = reload.generation
        span.attributes["componentfactory.changed_keys"] = reload.changedKeys
        if reload.outcome == .refused {
            span.attributes["componentfactory.would_rebuild"] = reload.rebuilt
            if let first = reload.diagnostics.first {
                span.attributes["componentfactory.diagnostic.code"] = first.code.rawValue
                span.attributes["componentfactory.diagnostic.file"] = first.location?.file
                span.attributes["componentfactory.diagnostic.line"] = first.location?.line
            }
            span.setStatus(SpanStatus(code: .error, message: reload.diagnostics.first?.message))
        } else {
            span.attributes["componentfactory.rebuilt"] = reload.rebuilt
        }
        span.end(at: ended)
    }

    /// Reports how many services are in each state.
    public func servicesChanged(_ services: [FactoryInspection.Service]) {
        for state in FactoryInspection.Service.State.allCases {
            Gauge(label: Self.services, dimensions: [("state", state.rawValue)], factory: metrics)
                .record(services.count { $0.state == state })
        }
    }

    private static func instant(_ date: Date) -> DefaultTracerClock.Instant {
        DefaultTracerClock.Instant(nanosecondsSinceEpoch: UInt64(max(0, date.timeIntervalSince1970) * 1_000_000_000))
    }
}
