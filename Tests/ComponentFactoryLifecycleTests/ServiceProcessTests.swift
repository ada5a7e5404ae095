import ComponentFactory
import ComponentFactoryLifecycle
import ComponentFactoryTesting
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import Testing
import UnixSignals

/// A process's whole life run by `ServiceProcess`: a signal at any moment
/// stops it, and every failure ends as one logged line and an exit status.
/// Each test that signals uses a signal of its own (SIGUSR1, SIGUSR2,
/// SIGWINCH), trapped only by its own run, so that the tests can run at once.
@Suite struct ServiceProcessTests {
    /// The error lines a logger was given.
    final class ErrorLines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }

        var logger: Logger {
            Logger(label: "test") { _ in Handler(lines: self) }
        }

        private struct Handler: LogHandler {
            let lines: ErrorLines
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .info

            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                if event.level >= .error { lines.lines.withLock { $0.append("\(event.message)") } }
            }
        }
    }

    private func factory(_ assembly: String) async throws -> Factory {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Assemblies/app.xml", assembly)
        _ = try directory.write("Config/app.properties", "")
        return try await Factory.loadAsync(assemblies: [.path(path)], registry: Harbour.registry(),
                                           options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
    }

    @Test func aStartUpThatThrowsEndsAsStartUpFailedInOneErrorLine() async throws {
        let log = ErrorLines()
        let status = await ServiceProcess.run(logger: log.logger, signals: []) {
            throw DiagnosticReport([Diagnostic(.unknownReference, "no component with key 'qeust'", at: nil)])
        }
        #expect(status == .startUpFailed && status.rawValue == 1)
        #expect(log.all.count == 1 && log.all.first?.contains("start-up failed") == true
                    && log.all.first?.contains("no component with key 'qeust'") == true, "\(log.all)")
    }

    @Test(.timeLimit(.minutes(1))) func aSignalDuringStartUpCancelsItAndTheProcessStops() async throws {
        let journal = Journal()
        let status = await ServiceProcess.run(logger: Logger(label: "test"), signals: [.sigusr1]) {
            journal.note("loading")
            // A load that would take a minute: the signal cancels it.
            try await Task.sleep(for: .seconds(60))
            journal.note("loaded")
            throw CancellationError()
        } signalling: {
            await journal.seen("loading")
            kill(getpid(), SIGUSR1)
        }
        #expect(status == .stopped)
        #expect(journal.events == ["loading"])
    }

    @Test(.timeLimit(.minutes(1))) func aSignalWhileTheGroupRunsStopsItInReverseThenTearsDownAndReadinessFailsAtOnce() async throws {
        let factory = try await factory(ServiceGroupTests.harbour)
        let journal = try factory.component(forKey: "journal", as: Journal.self)
        let readyWhenSignalled = Mutex<Bool?>(nil)
        let status = await ServiceProcess.run(logger: Logger(label: "test"), signals: [.sigusr2]) {
            let configuration = try await factory.serviceGroupConfiguration(logger: Logger(label: "test"))
            return ServiceProcess.Started(configuration, factory: factory) {
                journal.note("torn down")
            }
        } signalling: {
            await journal.seen("dock running")
            await journal.seen("lighthouse running")
            #expect(factory.inspection().isReady)
            kill(getpid(), SIGUSR2)
            await journal.seen("lighthouse stopped")
            readyWhenSignalled.withLock { $0 = factory.inspection().isReady }
        }
        #expect(status == .stopped)
        #expect(Array(journal.events.suffix(5)) == ["lighthouse stopped", "lighthouse closed", "dock stopped", "dock closed", "torn down"])
        #expect(readyWhenSignalled.withLock { $0 } == false)
        #expect(factory.inspection().shutdownBegan != nil && !factory.inspection().isReady)
    }

    @Test(.timeLimit(.minutes(1))) func aServiceThatFailsEndsAsServiceFailedInOneLineThatNamesIt() async throws {
        let assembly = """
            <assembly>
                <component class="Journal" key="journal" scope="singleton"/>
                <component class="Wreck" key="wreck" scope="singleton">
                    <initializer selector="initWithJournal:"><argument parameterName="journal" ref="journal"/></initializer>
                </component>
            </assembly>
            """
        let factory = try await factory(assembly)
        let log = ErrorLines()
        let status = await ServiceProcess.run(logger: log.logger, signals: []) {
            ServiceProcess.Started(try await factory.serviceGroupConfiguration(logger: Logger(label: "test"), gracefulShutdownSignals: []),
                                   factory: factory)
        }
        #expect(status == .serviceFailed && status.rawValue == 3)
        #expect(log.all.count == 1 && log.all.first?.contains("service 'wreck' failed: Sunk()") == true, "\(log.all)")
        #expect(!factory.inspection().isReady && factory.inspection().servicesNotReady.map(\.key) == ["wreck"])
    }

    @Test(.timeLimit(.minutes(1))) func aServiceThatWillNotStopIsLeftWhenTheGracePeriodAndItsAllowanceRunOut() async throws {
        let journal = Journal()
        let log = ErrorLines()
        let started = ContinuousClock.now
        let status = await ServiceProcess.run(logger: log.logger, gracePeriod: .milliseconds(300), signals: [.sigwinch]) {
            ServiceProcess.Started(ServiceGroupConfiguration(services: [.init(service: Stubborn(journal: journal))],
                                                             logger: Logger(label: "test")))
        } signalling: {
            await journal.seen("stubborn running")
            kill(getpid(), SIGWINCH)
        }
        let took = ContinuousClock.now - started
        journal.note("let go")
        #expect(status == .gracePeriodExceeded && status.rawValue == 4)
        // Not before the grace period and the allowance have passed; the time limit bounds it from above.
        #expect(took >= .milliseconds(300) + ServiceProcess.cancellationAllowance, "\(took)")
        #expect(log.all.count == 1 && log.all.first?.contains("exiting now") == true, "\(log.all)")
    }
}

/// A service that ignores both a graceful shutdown and cancellation until the test lets it go.
final class Stubborn: Service {
    let journal: Journal
    init(journal: Journal) { self.journal = journal }

    func run() async throws {
        journal.note("stubborn running")
        await journal.seen("let go")
    }
}

extension ServiceProcess {
    /// `run`, with `signalling` run beside it: what a test does to the process from outside.
    static func run(logger: Logger, gracePeriod: Duration = defaultGracePeriod, signals: [UnixSignal],
                    startUp: @escaping @Sendable () async throws -> Started,
                    signalling: @escaping @Sendable () async -> Void) async -> ExitStatus {
        let outside = Task { await signalling() }
        defer { outside.cancel() }
        return await run(logger: logger, gracePeriod: gracePeriod, signals: signals, startUp: startUp)
    }
}
