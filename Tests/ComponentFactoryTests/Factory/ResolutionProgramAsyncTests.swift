@_spi(Tooling) @_spi(Patching) @testable import ComponentFactory
import Synchronization
import Testing

/// Straight-through components whose makers are async, built by the async lookup
/// through their programs: the same steps the synchronous lookup runs, with
/// each making that suspends awaited between them.
@Suite struct ResolutionProgramAsyncTests {
    final class Request: Sendable {
        let path: String
        init(path: String) { self.path = path }
    }

    final class Ledger: Sendable {}

    final class Session: Sendable {
        let request: Request
        init(request: Request) { self.request = request }
    }

    final class Audit: Sendable {
        let session: Session
        let ledger: Ledger
        init(session: Session, ledger: Ledger) { (self.session, self.ledger) = (session, ledger) }
    }

    final class Handler: Sendable {
        let audit: Audit
        let session: Session
        let label: String
        init(audit: Audit, session: Session, label: String) { (self.audit, self.session, self.label) = (audit, session, label) }
    }

    struct Refused: Error {}

    /// The session and the handler made by async initializers that suspend
    /// (`pause`), the audit record by a synchronous one; the ledger's
    /// initializer is async too, and `failing` says which maker throws.
    private static func registry(_ journal: EventLog = EventLog(), pause: Duration = .zero, failing: String = "") -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Request.self) { _ in }
        registry.register(Ledger.self) {
            $0.initializer("init") { () async throws in
                journal.record("ledger")
                if failing == "ledger" { throw Refused() }
                return Ledger()
            }
        }
        registry.register(Session.self) {
            $0.initializer("initWithRequest:") { (request: Request) async throws in
                journal.record("session")
                if pause > .zero { try await Task.sleep(for: pause) }
                if failing == "session" { throw Refused() }
                return Session(request: request)
            }
        }
        registry.register(Audit.self) {
            $0.initializer("initWithSession:ledger:") { (session: Session, ledger: Ledger) in
                journal.record("audit")
                return Audit(session: session, ledger: ledger)
            }
        }
        registry.register(Handler.self) {
            $0.initializer("initWithAudit:session:label:") { (audit: Audit, session: Session, label: String) async in
                journal.record("handler")
                return Handler(audit: audit, session: session, label: label)
            }
        }
        return registry
    }

    /// A handler (a prototype) that needs an audit record and a session
    /// (request components, or `sessionScope`), and a constant label.
    private static func handlerGraph(sessionScope: String = "request") -> String {
        """
        <component class="Request" key="request" scope="request" seeded="yes"/>
        <component class="Ledger" key="ledger" scope="singleton" lazy-init="yes"/>
        <component class="Session" key="session" scope="\(sessionScope)">
            <initializer selector="initWithRequest:"><argument parameterName="request" ref="request"/></initializer>
        </component>
        <component class="Audit" key="audit" scope="request">
            <initializer selector="initWithSession:ledger:">
                <argument parameterName="session" ref="session"/><argument parameterName="ledger" ref="ledger"/>
            </initializer>
        </component>
        <component class="Handler" key="handler" scope="prototype">
            <initializer selector="initWithAudit:session:label:">
                <argument parameterName="audit" ref="audit"/><argument parameterName="session" ref="session"/>
                <argument parameterName="label" value="orders"/>
            </initializer>
        </component>
        """
    }

    private static func program(_ key: String, of factory: Factory) throws -> ResolutionProgram? {
        let index = try #require(factory.index(ofKey: key))
        return factory.table.programs.program(index)?.pointee
    }

    @Test func aGraphOfAsyncMakersHasOneProgramWhoseSuspendingMakingsAreMarked() throws {
        let factory = try AssemblyFixture.factory(Self.handlerGraph(), registry: Self.registry())
        let program = try #require(try Self.program("handler", of: factory))
        let makings = program.steps.filter { $0.action != .findInScope && $0.action != .findInGraph }
        let marked = makings.map { "\($0.plan.takeUnretainedValue().key)\($0.suspends ? " suspends" : "")" }
        #expect(marked == ["request", "session suspends", "audit", "request", "session suspends", "handler suspends"])
        #expect(program.singletons.map { factory.table.plans[$0.index].key } == ["ledger"])
        let refused = thrown { _ = try factory.component(forKey: "handler", as: Handler.self) }
        #expect((refused as? DiagnosticReport)?.diagnostics.first?.code == .requiresAsync, "the synchronous lookup never runs a making that suspends")
    }

    @Test func theAsyncLookupRunsTheProgramAndKeepsEachRequestComponentOnce() async throws {
        let journal = EventLog()
        let factory = try AssemblyFixture.factory(Self.handlerGraph(), registry: Self.registry(journal))
        _ = try await factory.async.component(forKey: "ledger", as: Ledger.self)
        let (first, second) = try await factory.withScope(seeding: ["request": Request(path: "/orders")]) { scope in
            (try await scope.component(forKey: "handler", as: Handler.self), try await scope.component(forKey: "handler", as: Handler.self))
        }
        #expect(journal.all == ["ledger", "session", "audit", "handler", "handler"])
        #expect(first !== second, "the handler is a prototype")
        #expect(first.audit === second.audit && first.session === second.session && first.audit.session === first.session)
        #expect(first.session.request.path == "/orders" && first.label == "orders")
    }

    @Test func anObjectGraphComponentMadeAfterASuspensionIsOneInstanceWithinTheResolution() async throws {
        let journal = EventLog()
        let factory = try AssemblyFixture.factory(Self.handlerGraph(sessionScope: "object-graph"), registry: Self.registry(journal))
        _ = try await factory.async.component(forKey: "ledger", as: Ledger.self)
        let handlers = try await factory.withScope(seeding: ["request": Request(path: "/")]) { scope in
            [try await scope.component(forKey: "handler", as: Handler.self), try await scope.component(forKey: "handler", as: Handler.self)]
        }
        #expect(handlers[0].session === handlers[0].audit.session, "one session within a resolution")
        #expect(handlers[0].session !== handlers[1].session, "and another in the next resolution")
        #expect(journal.all.filter { $0 == "session" }.count == 2)
    }

    @Test func fiftyTasksAskingOneScopeForTheHandlerMakeItsSuspendingSessionOnce() async throws {
        let journal = EventLog()
        let factory = try AssemblyFixture.factory(Self.handlerGraph(), registry: Self.registry(journal, pause: .milliseconds(2)))
        let sessions = try await factory.withScope(seeding: ["request": Request(path: "/")]) { scope in
            try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<50 {
                    group.addTask { ObjectIdentifier(try await scope.component(forKey: "handler", as: Handler.self).session) }
                }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
        }
        #expect(sessions.count == 1)
        #expect(journal.all.filter { $0 == "session" }.count == 1)
        #expect(journal.all.filter { $0 == "ledger" }.count == 1, "the lazy singleton, built on frames, once")
        #expect(journal.all.filter { $0 == "handler" }.count == 50)
    }

    @Test func anAsyncMakerThatFailsNamesItsPathAndNothingAfterItRuns() async throws {
        let journal = EventLog()
        let factory = try AssemblyFixture.factory(Self.handlerGraph(), registry: Self.registry(journal, failing: "session"))
        _ = try await factory.async.component(forKey: "ledger", as: Ledger.self)
        var report: (any Error)?
        do {
            try await factory.withScope(seeding: ["request": Request(path: "/")]) { scope in
                _ = try await scope.component(forKey: "handler", as: Handler.self)
            }
        } catch {
            report = error
        }
        let diagnostic = try #require((report as? DiagnosticReport)?.diagnostics.first)
        #expect(diagnostic.message.contains("building 'session' (handler → audit → session) failed"))
        #expect(diagnostic.location?.line == 4, "the session's definition")
        #expect(diagnostic.underlyingError is Refused)
        #expect(journal.all == ["ledger", "session"], "nothing after the failing maker ran")
    }

    @Test func aPatchOrASingletonNotBuiltYetLeavesTheBuildToTheCheckedAsyncPath() async throws {
        let journal = EventLog()
        let factory = try AssemblyFixture.factory(Self.handlerGraph(), registry: Self.registry(journal))
        let first = try await factory.withScope(seeding: ["request": Request(path: "/")]) { scope in
            try await scope.component(forKey: "handler", as: Handler.self)
        }
        #expect(journal.all == ["session", "ledger", "audit", "handler"], "the ledger built where it is needed")
        let patched = Session(request: Request(path: "/patched"))
        let id = try factory.patch(key: "session") { patched }
        let second = try await factory.withScope(seeding: ["request": Request(path: "/")]) { scope in
            try await scope.component(forKey: "handler", as: Handler.self)
        }
        factory.unpatch(id)
        #expect(second.session === patched && second.audit.session === patched)
        #expect(first.audit.ledger === second.audit.ledger)
    }
}
