import ComponentFactory
import ComponentFactoryLifecycle
import ComponentFactoryObservability
import ComponentFactoryTesting
import InMemoryTracing
import Logging
import MetricsTestKit
import ServiceLifecycle
import Testing
import Tracing

/// The factory's load, reloads and services' states, reported through
/// swift-metrics and swift-distributed-tracing to backends of the test's own.
@Suite(.timeLimit(.minutes(2))) struct FactoryTelemetryTests {
    private static func load() async throws -> (LiveFactory, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Assemblies/app.xml", Quay.assembly)
        try directory.write("Config/app.properties", "lamp.colour = red\n")
        let live = try await LiveFactory.load(assemblies: [.path(path)], registry: Quay.registry(),
                                              options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
        return (live, directory)
    }

    @Test func aLoadIsReportedAsSpansAtTheTimesTheyRanAndAsMetrics() async throws {
        let (live, _) = try await Self.load()
        let (metrics, tracer) = (TestMetrics(), InMemoryTracer())
        _ = try await live.serviceGroupConfiguration(logger: Logger(label: "test"), gracefulShutdownSignals: [],
                                                     observer: FactoryTelemetry(metrics: metrics, tracer: tracer))
        let spans = tracer.finishedSpans
        let load = try #require(spans.first { $0.operationName == "componentfactory.load" })
        let phases = spans.filter { $0.parentSpanID == load.spanID }
        #expect(phases.map(\.operationName) == ["componentfactory.load.read", "componentfactory.load.compile", "componentfactory.load.build"])
        let build = try #require(phases.last)
        let constructions = spans.filter { $0.parentSpanID == build.spanID }
        #expect(constructions.map { $0.attributes["componentfactory.component"]?.toSpanAttribute() } == ["logbook", "crane", "lamp"].map { .string($0) })
        #expect(spans.allSatisfy { $0.traceID == load.traceID }, "one trace")
        #expect(phases.allSatisfy { $0.startInstant.nanosecondsSinceEpoch >= load.startInstant.nanosecondsSinceEpoch
                                        && $0.endInstant.nanosecondsSinceEpoch <= load.endInstant.nanosecondsSinceEpoch },
                "each phase within the load, at the times it ran")
        let startup = try #require(live.inspection().startup)
        #expect(load.endInstant.nanosecondsSinceEpoch - load.startInstant.nanosecondsSinceEpoch
                    == UInt64(startup.durationMilliseconds * 1_000_000))
        #expect(try metrics.expectTimer("componentfactory_startup_seconds").lastValue == Int64(startup.durationMilliseconds * 1_000_000))
        #expect(try metrics.expectCounter("componentfactory_components_built_total", [("phase", "load")]).totalValue == 3)
        #expect(try metrics.expectGauge("componentfactory_services", [("state", "starting")]).lastValue == 1, "the crane, handed to the group")
    }

    @Test func eachReloadAndEachChangeOfAServiceIsReported() async throws {
        let (live, directory) = try await Self.load()
        let logbook = try live.factory.component(forKey: "logbook", as: Logbook.self)
        let (metrics, tracer) = (TestMetrics(), InMemoryTracer())
        let configuration = try await live.serviceGroupConfiguration(logger: Logger(label: "test"), pollingEvery: .seconds(600),
                                                                     gracefulShutdownSignals: [],
                                                                     observer: FactoryTelemetry(metrics: metrics, tracer: tracer))
        #expect(configuration.services.map(\.serviceName) == ["crane", "reload-observer", "configuration-watcher"])
        let group = ServiceGroup(configuration: configuration)
        let running = Task { try await group.run() }
        await logbook.seen("crane working")
        try await waitForCondition { (try? metrics.expectGauge("componentfactory_services", [("state", "running")]).lastValue) == 1 }

        // The reporter listens once the group runs it: a reload with nothing changed, until one is reported.
        try await waitForCondition {
            _ = await live.reload()
            return tracer.finishedSpans.contains { $0.operationName == "componentfactory.reload" }
        }
        // The group's watcher may reload on the same save: either reload swaps it, and the other finds nothing changed.
        try directory.write("Config/app.properties", "lamp.colour = green\n")
        _ = await live.reload()
        try await waitForCondition { (try? metrics.expectCounter("componentfactory_reloads_total", [("outcome", "swapped")]).totalValue) == 1 }
        // Refused, by this reload or the watcher's, or both.
        try directory.write("Config/app.properties", "quay.name = north\n")
        #expect(await live.reload().outcome == .refused, "the lamp's colour is set nowhere")
        try await waitForCondition { (try? metrics.expectCounter("componentfactory_reloads_total", [("outcome", "refused")]).totalValue) ?? 0 >= 1 }
        #expect(try metrics.expectCounter("componentfactory_components_built_total", [("phase", "reload")]).totalValue == 1, "the lamp, once")
        let reloads = tracer.finishedSpans.filter { $0.operationName == "componentfactory.reload" }
        let refusals = reloads.filter { $0.attributes["componentfactory.outcome"]?.toSpanAttribute() == .string("refused") }
        // The watcher may also have read the file half written (lamp.colour gone, quay.name not there yet) and
        // refused that; the reload above read it whole: its span has both keys, as an array.
        let refused = try #require(refusals.first {
            $0.attributes["componentfactory.changed_keys"]?.toSpanAttribute() == .stringArray(["lamp.colour", "quay.name"])
        }, "\(refusals.map(\.attributes))")
        #expect(refused.status?.code == .error, "a refusal is an error")
        // Its diagnostic's code and place.
        #expect(refused.attributes["componentfactory.diagnostic.code"]?.toSpanAttribute() == .string("unresolved-placeholder"),
                "\(refused.attributes)")
        #expect(refused.attributes["componentfactory.diagnostic.line"]?.toSpanAttribute() != nil)
        #expect(reloads.filter { $0.attributes["componentfactory.outcome"]?.toSpanAttribute() == .string("swapped") }.count == 1)

        await group.triggerGracefulShutdown()
        try await running.value
        #expect(try metrics.expectGauge("componentfactory_services", [("state", "finished")]).lastValue == 1)
        try await live.shutdown()
    }
}
