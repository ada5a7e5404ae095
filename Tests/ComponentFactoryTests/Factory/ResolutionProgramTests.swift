@_spi(Tooling) @_spi(Patching) @testable import ComponentFactory
import Synchronization
import Testing

/// Straight-through components built by their programs: the steps laid out once, in
/// the order the components are made, finds that skip what a scope or a
/// resolution keeps, and the bounds past which the path that checks
/// everything builds instead.
@Suite struct ResolutionProgramTests {
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
        init(audit: Audit, session: Session) { (self.audit, self.session) = (audit, session) }
    }

    /// A node of a tree of prototypes, with the number of nodes under it.
    final class Node: Sendable {
        let size: Int
        init(left: Node, right: Node) { size = left.size + right.size + 1 }
        init() { size = 1 }
    }

    /// What the registry's makers did, in order.
    final class Journal: Sendable {
        private let entries = Mutex<[String]>([])
        func write(_ entry: String) { entries.withLock { $0.append(entry) } }
        var written: [String] { entries.withLock { $0 } }
    }

    struct Refused: Error {}

    struct WeakNode: @unchecked Sendable {
        weak var node: Node?
    }

    private static func registry(_ journal: Journal = Journal(), ledger: @escaping @Sendable () throws -> Ledger = { Ledger() }) -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Request.self) { _ in }
        registry.register(Ledger.self) { $0.initializer("init") { journal.write("ledger"); return try ledger() } }
        registry.register(Session.self) {
            $0.initializer("initWithRequest:") { (request: Request) in journal.write("session"); return Session(request: request) }
        }
        registry.register(Audit.self) {
            $0.initializer("initWithSession:ledger:") { (session: Session, ledger: Ledger) in
                journal.write("audit")
                return Audit(session: session, ledger: ledger)
            }
        }
        registry.register(Handler.self) {
            $0.initializer("initWithAudit:session:") { (audit: Audit, session: Session) in
                journal.write("handler")
                return Handler(audit: audit, session: session)
            }
        }
        registry.register(Node.self) { node in
            node.initializer("init") { Node() }
            node.initializer("initWithLeft:right:") { (left: Node, right: Node) in Node(left: left, right: right) }
        }
        return registry
    }

    /// The graph of the program's own example: a handler (a prototype) that
    /// needs an audit record and a session (request components).
    private static func handlerGraph(ledger: String = "") -> String {
        """
        <component class="Request" key="request" scope="request" seeded="yes"/>
        <component class="Ledger" key="ledger" scope="singleton" \(ledger)/>
        <component class="Session" key="session" scope="request">
            <initializer selector="initWithRequest:"><argument parameterName="request" ref="request"/></initializer>
        </component>
        <component class="Audit" key="audit" scope="request">
            <initializer selector="initWithSession:ledger:">
                <argument parameterName="session" ref="session"/><argument parameterName="ledger" ref="ledger"/>
            </initializer>
        </component>
        <component class="Handler" key="handler" scope="prototype">
            <initializer selector="initWithAudit:session:">
                <argument parameterName="audit" ref="audit"/><argument parameterName="session" ref="session"/>
            </initializer>
        </component>
        """
    }

    /// A tree of prototypes `levels` deep: `node0` at the top, each needing the next level twice.
    private static func tree(levels: Int) -> String {
        var body = "<component class=\"Node\" key=\"node\(levels - 1)\" scope=\"prototype\"/>\n"
        for level in 0..<(levels - 1) {
            body += """
                <component class="Node" key="node\(level)" scope="prototype">
                    <initializer selector="initWithLeft:right:">
                        <argument parameterName="left" ref="node\(level + 1)"/><argument parameterName="right" ref="node\(level + 1)"/>
                    </initializer>
                </component>

                """
        }
        return body
    }

    private static func program(_ key: String, of factory: Factory) throws -> ResolutionProgram? {
        let index = try #require(factory.index(ofKey: key))
        return factory.table.programs.program(index)?.pointee
    }

    @Test func theHandlersStepsAreItsFindsAndMakingsInTheOrderItsComponentsAreMade() throws {
        let factory = try AssemblyFixture.factory(Self.handlerGraph(), registry: Self.registry())
        let program = try #require(try Self.program("handler", of: factory))
        let steps = program.steps.map { step in
            let key = step.plan.takeUnretainedValue().key
            switch step.action {
            case .make: return "make \(key)"
            case .makeInScope: return "make \(key), keep in scope"
            case .makeInGraph: return "make \(key), keep in resolution"
            case .findInScope, .findInGraph: return "find \(key) → \(step.next)"
            case .set: return "set \(key)'s property \(step.next)"
            case .callback: return "callback \(step.next) of \(key)"
            case .keepInScope, .keepInGraph: return "keep \(key)"
            case .postProcess: return "post-process \(key)"
            case .gather: return "gather for \(key)"
            case .inherited: return "inherit for \(key)"
            case .enter, .leave, .publish, .unpublish, .resolve: return "\(step.action) for \(key)"
            }
        }
        #expect(steps == ["find audit → 6", "find session → 5", "find request → 4", "make request, keep in scope",
                          "make session, keep in scope", "make audit, keep in scope", "find session → 10", "find request → 9",
                          "make request, keep in scope", "make session, keep in scope", "make handler"])
        #expect(program.singletons.map { factory.table.plans[$0.index].key } == ["ledger"])
        #expect(program.registerCount == 7, "the ledger's, and one for each making")
        #expect(program.depth == 4, "handler, audit, session, request")
        #expect(program.usesScope)
        #expect(try Self.program("ledger", of: factory) == nil, "a singleton is made under the store's lock, never by a program")
        #expect(MemoryLayout<ResolutionProgram.Step>.stride == 24, "a table of thousands of components holds a few steps for each")
    }

    @Test func aRequestComponentKeptInTheScopeIsFoundAndWhatItNeedsIsNotMadeAgain() async throws {
        let journal = Journal()
        let factory = try AssemblyFixture.factory(Self.handlerGraph(), registry: Self.registry(journal))
        _ = try factory.component(forKey: "ledger", as: Ledger.self)
        let (first, second) = try await factory.withScope(seeding: ["request": Request(path: "/orders")]) { scope in
            (try await scope.component(forKey: "handler", as: Handler.self), try await scope.component(forKey: "handler", as: Handler.self))
        }
        #expect(journal.written == ["ledger", "session", "audit", "handler", "handler"])
        #expect(first !== second, "the handler is a prototype")
        #expect(first.audit === second.audit && first.session === second.session && first.audit.session === first.session)
        #expect(first.session.request.path == "/orders")
    }

    @Test func aSingletonNotBuiltYetIsBuiltOnceWhereItIsNeeded() async throws {
        let journal = Journal()
        let factory = try AssemblyFixture.factory(Self.handlerGraph(ledger: "lazy-init=\"yes\""), registry: Self.registry(journal))
        let ledgers = try await (0..<2).asyncMap { request in
            try await factory.withScope(seeding: ["request": Request(path: "/\(request)")]) { scope in
                try await scope.component(forKey: "handler", as: Handler.self).audit.ledger
            }
        }
        #expect(ledgers[0] === ledgers[1])
        #expect(journal.written == ["session", "ledger", "audit", "handler", "session", "audit", "handler"])
    }

    @Test func aSingletonThatFailsWhereItIsNeededNamesThePathToIt() async throws {
        let factory = try AssemblyFixture.factory(Self.handlerGraph(ledger: "lazy-init=\"yes\""),
                                                  registry: Self.registry { throw Refused() })
        var report: (any Error)?
        do {
            try await factory.withScope(seeding: ["request": Request(path: "/")]) { scope in
                _ = try await scope.component(forKey: "handler", as: Handler.self)
            }
        } catch {
            report = error
        }
        let diagnostic = try #require((report as? DiagnosticReport)?.diagnostics.first)
        #expect(diagnostic.message.contains("building 'ledger' (handler → audit → ledger) failed"))
        #expect(diagnostic.underlyingError is Refused)
    }

    @Test func aMakerThatFailsNamesItsPathAndLetsGoOfWhatWasMadeBeforeIt() throws {
        let journal = Journal()
        var registry = Self.registry(journal)
        let made = Mutex<[WeakNode]>([])
        registry.register(Node.self) { node in
            node.initializer("init") { () -> Node in
                let leaf = Node()
                made.withLock { $0.append(WeakNode(node: leaf)) }
                return leaf
            }
            node.initializer("initFailing") { () throws -> Node in throw Refused() }
            node.initializer("initWithLeft:right:") { (left: Node, right: Node) in Node(left: left, right: right) }
        }
        let factory = try AssemblyFixture.factory("""
            <component class="Node" key="pair" scope="prototype">
                <initializer selector="initWithLeft:right:">
                    <argument parameterName="left" ref="leaf"/><argument parameterName="right" ref="failing"/>
                </initializer>
            </component>
            <component class="Node" key="leaf" scope="prototype"/>
            <component class="Node" key="failing" scope="prototype">
                <initializer selector="initFailing"/>
            </component>
            """, registry: registry)
        #expect(try Self.program("pair", of: factory) != nil)
        let report = thrown { _ = try factory.component(forKey: "pair", as: Node.self) }
        let diagnostic = try #require((report as? DiagnosticReport)?.diagnostics.first)
        #expect(diagnostic.message.contains("building 'failing' (pair → failing) failed"))
        #expect(diagnostic.location?.line == 8, "the failing component's definition")
        #expect(made.withLock { $0.count } == 1, "the leaf was made first")
        #expect(made.withLock { $0.allSatisfy { $0.node == nil } }, "and let go when its neighbour failed")
    }

    @Test func aTreeLargerThanAProgramIsBuiltWholeWithProgramsForItsSmallerParts() throws {
        // Six levels: 63 prototypes at the top, 31 one level down.
        let factory = try AssemblyFixture.factory(Self.tree(levels: 6), registry: Self.registry())
        #expect(try Self.program("node0", of: factory) == nil, "63 components: more than a program holds")
        #expect(try Self.program("node1", of: factory)?.registerCount == 31)
        #expect(try factory.component(forKey: "node0", as: Node.self).size == 63)
        #expect(try factory.component(forKey: "node1", as: Node.self).size == 31)
    }

    @Test func aPatchInsideAProgramIsUsedAndThenTheProgramAgain() throws {
        let factory = try AssemblyFixture.factory(Self.tree(levels: 3), registry: Self.registry())
        #expect(try Self.program("node0", of: factory) != nil)
        let id = try factory.patch(key: "node2") { Node(left: Node(), right: Node()) }
        #expect(try factory.component(forKey: "node0", as: Node.self).size == 15)
        factory.unpatch(id)
        #expect(try factory.component(forKey: "node0", as: Node.self).size == 7)
    }
}

private extension Sequence {
    func asyncMap<Result>(_ transform: (Element) async throws -> Result) async rethrows -> [Result] {
        var results: [Result] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
