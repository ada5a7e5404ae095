@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Logging
import Synchronization
import Testing

/// Every message a logger was given, for the test that owns it.
final class CollectedLog: Sendable {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    private let entries = Mutex<[Entry]>([])

    var all: [Entry] { entries.withLock { $0 } }

    func logger(level: Logger.Level) -> Logger {
        var logger = Logger(label: "test") { _ in Handler(log: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ entry: Entry) {
        entries.withLock { $0.append(entry) }
    }

    private struct Handler: LogHandler {
        let log: CollectedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.append(Entry(level: event.level, message: "\(event.message)",
                             metadata: (event.metadata ?? [:]).mapValues { "\($0)" }))
        }
    }
}

/// A pool whose close fails, for shutdown's error log.
final class LeakyPool: Sendable {}

@Suite struct FactoryLoggingTests {
    private static func resource(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures/BundledApp/" + name, withExtension: nil))
    }

    @Test func atDebugLoadingSaysTheEnvironmentFilesComponentsAndTimes() throws {
        let log = CollectedLog()
        _ = try Factory.load(assemblies: [.url(try Self.resource("Assemblies"))], registry: Garage.registry(),
                    options: .init(config: .url(try Self.resource("Config")), environment: "test", logger: log.logger(level: .debug)))
        let loaded = try #require(log.all.first { $0.message.contains("loaded assemblies and configuration") })
        #expect(loaded.level == .debug)
        #expect(loaded.metadata["environment"] == "test")
        #expect(loaded.metadata["components"] == "2")
        #expect(loaded.metadata["assemblies"]?.contains("Garage.xml") == true, "\(loaded.metadata)")
        #expect(loaded.metadata["configuration"]?.contains("app-test.properties") == true, "\(loaded.metadata)")
        #expect(loaded.metadata["duration"]?.hasSuffix("ms") == true)
        let built = try #require(log.all.first { $0.message.contains("built the factory") })
        #expect(built.metadata["eagerSingletons"]?.hasSuffix("ms") == true && built.metadata["compile"] != nil)
    }

    @Test func anAppsLoadParsesEachAssemblyOnce() throws {
        let log = CollectedLog()
        _ = try Factory.load(assemblies: [.url(try Self.resource("Assemblies"))], registry: Garage.registry(),
                    options: .init(config: .url(try Self.resource("Config")), environment: "test", logger: log.logger(level: .debug)))
        let loaded = try #require(log.all.first { $0.message.contains("loaded assemblies and configuration") })
        #expect(loaded.metadata["parses"] == "1", "one assembly, one libxml2 parse: no schema pass at an app's start")
        let tools = AssemblyLoader.load(paths: [try Self.resource("Assemblies").path])
        #expect(tools.parses == 2, "the tools' load still checks the schema, by a parse of its own")
    }

    @Test func aboveDebugNothingIsLoggedForALoadThatWorks() throws {
        let log = CollectedLog()
        _ = try Factory.load(assemblies: [.url(try Self.resource("Assemblies"))], registry: Garage.registry(),
                    options: .init(config: .url(try Self.resource("Config")), environment: "test", logger: log.logger(level: .info)))
        #expect(log.all.isEmpty)
    }

    @Test func aDestroyMethodThatFailsAtShutdownIsLoggedAtErrorAndThrown() throws {
        struct CloseFailed: Error {}
        let directory = try TemporaryDirectory()
        let assembly = try directory.write("app.xml", """
            <assembly><component class="LeakyPool" key="pool" scope="singleton" destroy-method="close"/></assembly>
            """)
        var registry = ComponentRegistry()
        registry.register(LeakyPool.self) { pool in
            pool.initializer { LeakyPool() }
            pool.callback("close") { _ in throw CloseFailed() }
        }
        let log = CollectedLog()
        let factory = try Factory.load(assemblies: [.path(assembly)], registry: registry,
                              options: .init(logger: log.logger(level: .error)))
        #expect(throws: DiagnosticReport.self) { try factory.shutdown() }
        let failure = try #require(log.all.first)
        #expect(failure.level == .error)
        #expect(failure.metadata["component"] == "pool")
        #expect(failure.metadata["diagnostic"]?.contains("[build-failed]") == true, "\(failure.metadata)")
    }
}
