// A request scope, in one run, against the same objects built by hand (issue 27):
// per request, open a scope seeded with the request, resolve a handler that
// needs the request's session and audit record (three objects built: two
// request components and a prototype; a singleton ledger shared), and close
// the scope; by hand, build the same three objects around the same request.
// Both run in a nonisolated async function, as a server's request handler
// does. Each figure is the median of 21 rounds after 3 warm-ups; within a
// round the two sides are timed in alternating slices, and the ratio is the
// median of the rounds' own ratios. Every pair goes through one copy of the
// timing loop (`timedPair`), so that both sides pay the same loop: inlined
// into each pair, the copies' layouts alone moved the hand-built side by a
// third (135 against 180 ns). Two ways to name things are measured: by key (a
// seeding dictionary, a key and a type), and by typed handles made once (one
// seed, `handle.seed(_:)`, and `scope.component(handle)`), as a server would.
// A third pair opens and closes the seeded scope with nothing resolved in it.
// Another runs the request in a scope written by hand for these types
// (`HandScope`): what keeping the request components costs by itself, with
// none of the factory's machinery.
import BenchmarkInputs
@_spi(Tooling) import ComponentFactory
import Foundation
import Synchronization

final class Request: Sendable { let path: String; init(path: String) { self.path = path } }
final class Ledger: Sendable { init() {} }
final class Session: Sendable { let request: Request; init(request: Request) { self.request = request } }
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

let assembly = """
    <assembly>
        <component class="Request" key="request" scope="request" seeded="yes"/>
        <component class="Ledger" key="ledger" scope="singleton"/>
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
    </assembly>
    """

/// The same graph with no scope, for context: the request built by the factory
/// too, the session and audit shared within one resolution (object-graph).
let plainAssembly = """
    <assembly>
        <component class="Request" key="request" scope="prototype">
            <initializer selector="initWithPath:"><argument parameterName="path" value="/orders"/></initializer>
        </component>
        <component class="Ledger" key="ledger" scope="singleton"/>
        <component class="Session" key="session">
            <initializer selector="initWithRequest:"><argument parameterName="request" ref="request"/></initializer>
        </component>
        <component class="Audit" key="audit">
            <initializer selector="initWithSession:ledger:">
                <argument parameterName="session" ref="session"/><argument parameterName="ledger" ref="ledger"/>
            </initializer>
        </component>
        <component class="Handler" key="handler" scope="prototype">
            <initializer selector="initWithAudit:session:">
                <argument parameterName="audit" ref="audit"/><argument parameterName="session" ref="session"/>
            </initializer>
        </component>
    </assembly>
    """

func registry() -> ComponentRegistry {
    var registry = ComponentRegistry()
    registry.register(Request.self) { $0.initializer("initWithPath:") { (path: String) in Request(path: path) } }
    registry.register(Ledger.self) { $0.initializer("init") { Ledger() } }
    registry.register(Session.self) { $0.initializer("initWithRequest:") { (request: Request) in Session(request: request) } }
    registry.register(Audit.self) { $0.initializer("initWithSession:ledger:") { (session: Session, ledger: Ledger) in Audit(session: session, ledger: ledger) } }
    registry.register(Handler.self) { $0.initializer("initWithAudit:session:") { (audit: Audit, session: Session) in Handler(audit: audit, session: session) } }
    return registry
}

@inline(never) func consume(_ value: AnyObject) { withExtendedLifetime(value) {} }

@inline(never)
func handBuilt(_ request: Request, ledger: Ledger) -> Handler {
    let session = Session(request: request)
    return Handler(audit: Audit(session: session, ledger: ledger), session: session)
}

/// A request scope written by hand for this graph, for context: one object
/// that keeps the request, the session and the audit record till the
/// request ends, and a lock word taken while they are made, as a
/// ``RequestScope`` does; a body runs in it as in `withScope`. What a
/// scope that keeps its request components costs at least.
final class HandScope: @unchecked Sendable {
    let lock = Atomic<Int>(0)
    let request: Request
    var session: Session?
    var audit: Audit?

    init(request: consuming Request) { self.request = request }

    /// The request's handler, its session and audit record kept.
    @inline(never)
    func handler(ledger: Ledger) -> Handler {
        while !lock.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {}
        defer { lock.store(0, ordering: .releasing) }
        let session = Session(request: request)
        let audit = Audit(session: session, ledger: ledger)
        (self.session, self.audit) = (session, audit)
        return Handler(audit: audit, session: session)
    }

    /// Runs `body` in a new scope seeded with `request`, as `withScope` runs its body.
    @inline(__always)
    nonisolated(nonsending) static func with<Result>(_ request: consuming Request,
                                                     _ body: nonisolated(nonsending) (HandScope) async throws -> Result) async throws -> Result {
        try await body(HandScope(request: request))
    }
}

/// The benchmark's pairs, all through this one copy of the timing loop, so that no pair's
/// figures depend on where the compiler laid out its own inlined copy.
@inline(never)
func timedPair(_ first: () async throws -> Void, _ second: () async throws -> Void) async throws -> (Double, Double) {
    try await paired(iterations: 20_000, first, second)
}

func measure() async throws {
    let assemblies = AssemblySet(documents: [AssemblyReader.read(bytes: Array(assembly.utf8), file: "scope.xml").document])
    let factory = try Factory(assemblies: assemblies, configuration: Configuration(environment: nil, sources: []), registry: registry())
    let ledger = try factory.component(forKey: "ledger", as: Ledger.self)
    let probe = try await factory.withScope(seeding: ["request": Request(path: "/probe")]) { scope in
        try await scope.component(forKey: "handler", as: Handler.self)
    }
    guard probe.audit.session === probe.session, probe.session.request.path == "/probe", probe.audit.ledger === ledger else {
        fatalError("the request graph is not what the benchmark measures")
    }
    let (seed, handler) = (try factory.handle(forKey: "request", as: Request.self), try factory.handle(forKey: "handler", as: Handler.self))
    // `profile [COUNT]`: COUNT requests (200,000 by default) and nothing else, for perf;
    // `profile-hand-scope [COUNT]`: the same in the scope written by hand, to compare with;
    // `profile-floor [COUNT]`: the seeded scope opened and closed with nothing resolved in it;
    // `profile-by-key [COUNT]`: the requests seeded with a dictionary, the handler asked for by key.
    let mode = CommandLine.arguments.dropFirst().first
    if mode == "profile" || mode == "profile-hand-scope" || mode == "profile-floor" || mode == "profile-by-key" {
        let count = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 200_000
        // Decided once, so that no string is compared per request.
        let byFactory = mode == "profile", floorOnly = mode == "profile-floor", byKey = mode == "profile-by-key"
        for _ in 0..<count {
            if byKey {
                try await factory.withScope(seeding: ["request": Request(path: "/")]) { scope in
                    consume(try await scope.component(forKey: "handler", as: Handler.self))
                }
            } else if floorOnly {
                try await factory.withScope(seeding: seed.seed(Request(path: "/"))) { scope in withExtendedLifetime(scope) {} }
            } else if byFactory {
                try await factory.withScope(seeding: seed.seed(Request(path: "/"))) { scope in
                    consume(try await scope.component(handler))
                }
            } else {
                try await HandScope.with(Request(path: "/")) { scope in consume(scope.handler(ledger: ledger)) }
            }
        }
        return
    }
    let rounds = 21
    // 20,000 requests a pair, in 10 alternating slices: see timedPair.
    let plain = try Factory(assemblies: AssemblySet(documents: [AssemblyReader.read(bytes: Array(plainAssembly.utf8), file: "plain.xml").document]),
                            configuration: Configuration(environment: nil, sources: []), registry: registry())
    var ours: [Double] = [], hand: [Double] = [], ratios: [Double] = [], unscoped: [Double] = [], unscopedRatios: [Double] = []
    var byHandle: [Double] = [], handHandle: [Double] = [], handleRatios: [Double] = []
    var floors: [Double] = [], floorRatios: [Double] = []
    var handScopes: [Double] = [], handScopeRatios: [Double] = []
    // One closure for the hand-built side of every pair, so that each pair times the same code.
    let byHandClosure: () async throws -> Void = { consume(handBuilt(Request(path: "/orders"), ledger: ledger)) }
    for round in 0..<(rounds + 3) {
        let (withHandle, byHandToo) = try await timedPair({
            try await factory.withScope(seeding: seed.seed(Request(path: "/orders"))) { scope in
                consume(try await scope.component(handler))
            }
        }, byHandClosure)
        let (scoped, byHand) = try await timedPair({
            try await factory.withScope(seeding: ["request": Request(path: "/orders")]) { scope in
                consume(try await scope.component(forKey: "handler", as: Handler.self))
            }
        }, byHandClosure)
        let (withoutScope, byHandAgain) = try await timedPair({
            consume(try await plain.async.component(forKey: "handler", as: Handler.self))
        }, byHandClosure)
        let (floor, byHandOnceMore) = try await timedPair({
            try await factory.withScope(seeding: seed.seed(Request(path: "/orders"))) { scope in
                withExtendedLifetime(scope) {}
            }
        }, byHandClosure)
        let (byHandScope, byHandLast) = try await timedPair({
            try await HandScope.with(Request(path: "/orders")) { scope in consume(scope.handler(ledger: ledger)) }
        }, byHandClosure)
        guard round >= 3 else { continue }
        handScopes.append(byHandScope); handScopeRatios.append(byHandScope / byHandLast)
        floors.append(floor); floorRatios.append(floor / byHandOnceMore)
        ours.append(scoped); hand.append(byHand); ratios.append(scoped / byHand)
        byHandle.append(withHandle); handHandle.append(byHandToo); handleRatios.append(withHandle / byHandToo)
        unscoped.append(withoutScope); unscopedRatios.append(withoutScope / byHandAgain)
    }
    print("A request: open a scope seeded with the request, resolve a handler (3 objects built), close it "
          + "(median of \(rounds) rounds, ns per request):")
    print("  hand-built        \(fmt(median(hand)))")
    // Two decimals for the ratios the target is on: one could not tell 1.96 from 2.04.
    print("  ComponentFactory  \(fmt(median(ours)))   = \(fmt(median(ours) / median(hand), decimals: 2))x hand-built (ratio of the medians); "
          + "each round's own: \(spread(ratios, decimals: 2)) (by key: the caller's seeding dictionary made and hashed, "
          + "and the keys looked up, each request; the target is on seeds and handles, as a server resolves)")
    print("  seeds and handles \(fmt(median(byHandle)))   = \(fmt(median(byHandle) / median(handHandle), decimals: 2))x hand-built "
          + "(ratio of the medians); each round's own: \(spread(handleRatios, decimals: 2)) "
          + "(target: within 2x; the seed and the handler by ComponentHandle, made once)")
    print("  for context, a scope written by hand for this graph (keeps the request, session and audit under a lock word; "
          + "a body run in it): \(fmt(median(handScopes)))   = \(spread(handScopeRatios, decimals: 2)) hand-built")
    print("  for context, a seeded scope opened and closed with nothing resolved in it: "
          + "\(fmt(median(floors)))   = \(spread(floorRatios)) hand-built")
    print("  for context, the same graph with no scope (the request built too, factory.async.component): "
          + "\(fmt(median(unscoped)))   = \(spread(unscopedRatios)) hand-built")
}

try await measure()
