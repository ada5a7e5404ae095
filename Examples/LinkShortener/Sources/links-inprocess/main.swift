import ComponentFactory
import Foundation
import Links

// What the factory adds to one request of the link shortener, in process, with no network:
// the same request (a caller, an audit record, a controller; the link resolved, the record
// flushed) made by hand and through a request scope on the live factory, as the server's
// `GET /links/{code}` makes it. Run from this package's directory, in release:
//
//   swift run -c release links-inprocess            one thread, hot: the best of 7 runs of 100,000 requests
//   swift run -c release links-inprocess parallel   two tasks at once, 200,000 requests each, three rounds
//   swift run -c release links-inprocess cold       each request after walking 8 MB, so that the caches
//                                                   hold none of the factory's data, as in a server
//   swift run -c release links-inprocess profile [hand]   1,000,000 requests and nothing else, for perf
//
// Figures and how they were read: Benchmarks/README.md in the repository.

@inline(never) func keep<T>(_ value: T) { withExtendedLifetime(value) {} }

/// One request, both ways, over the same store, limit and counts.
struct Requests: Sendable {
    let live: LiveFactory
    let controller: ComponentHandle<LinkController>
    let caller: ComponentHandle<Caller>
    let store: any LinkStore
    let limit: RateLimit
    let instances: InstanceCount
    let code: String

    init() async throws {
        live = try await LiveFactory.load(assemblies: ["Assemblies"], registry: LinksRegistry.make(),
                                          options: .init(config: "Config", environment: "development",
                                                         overrides: ["rate.per-second": "1000000000"]))
        controller = try live.factory.handle(forKey: "links", as: LinkController.self)
        caller = try live.factory.handle(forKey: "caller", as: Caller.self)
        store = try await live.factory.async.component(forKey: "store", as: (any LinkStore).self)
        limit = try live.factory.component(forKey: "rateLimit", as: RateLimit.self)
        instances = InstanceCount()
        let first = Caller(name: "first")
        let audit = AuditRecord(caller: first, store: store, instances: instances)
        code = try await LinkController(store: store, limit: limit, caller: first, audit: audit, instances: instances)
            .create(url: "https://swift.org").code
    }

    func byHand() async throws {
        let caller = Caller(name: "anonymous")
        let audit = AuditRecord(caller: caller, store: store, instances: instances)
        let controller = LinkController(store: store, limit: limit, caller: caller, audit: audit, instances: instances)
        keep(try await controller.resolve(code: code))
        try await audit.flush()
    }

    func byFactory() async throws {
        keep(try await live.withScope(seeding: caller.seed(Caller(name: "anonymous"))) { scope in
            try await scope.component(controller).resolve(code: code)
        })
    }
}

func nanoseconds(_ count: Int, _ body: () async throws -> Void) async rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<count { try await body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count)
}

func hot(_ requests: Requests) async throws {
    var hand: [Double] = [], factory: [Double] = []
    for _ in 0..<7 {
        hand.append(try await nanoseconds(100_000) { try await requests.byHand() })
        factory.append(try await nanoseconds(100_000) { try await requests.byFactory() })
    }
    let (bestHand, bestFactory) = (hand.min() ?? 0, factory.min() ?? 0)
    print(String(format: "one thread, best of 7: by hand %.0f ns, factory-wired %.0f ns, added %.0f ns",
                 bestHand, bestFactory, bestFactory - bestHand))
}

func parallel(_ requests: Requests) async throws {
    func twoAtOnce(_ body: @escaping @Sendable () async throws -> Void) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<2 { group.addTask { for _ in 0..<200_000 { try await body() } } }
            try await group.waitForAll()
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 200_000
    }
    for round in 1...3 {
        let hand = try await twoAtOnce { try await requests.byHand() }
        let factory = try await twoAtOnce { try await requests.byFactory() }
        print(String(format: "two tasks at once, round %d, per request per task: by hand %.0f ns, factory-wired %.0f ns, added %.0f ns",
                     round, hand, factory, factory - hand))
    }
}

func cold(_ requests: Requests) async throws {
    let bytes = 8 << 20
    let junk = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes)
    defer { junk.deallocate() }
    junk.initialize(repeating: 1, count: bytes)
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    for round in 1...3 {
        var (hand, factory): ([Double], [Double]) = ([], [])
        let count = 3_000
        for request in 0..<(2 * count) {
            // A write to every cache line of 8 MB: more than this machine's caches hold.
            var offset = 0
            while offset < bytes {
                junk[offset] &+= 1
                offset += 64
            }
            if request % 2 == 0 {
                hand.append(try await nanoseconds(1) { try await requests.byHand() })
            } else {
                factory.append(try await nanoseconds(1) { try await requests.byFactory() })
            }
        }
        // The median too: a burst of the machine's other work moves the mean of 3,000 by more than the factory adds.
        let (meanHand, meanFactory) = (hand.reduce(0, +) / Double(count), factory.reduce(0, +) / Double(count))
        print(String(format: "cold caches, round %d, %d requests a side: by hand %.0f ns, factory-wired %.0f ns, added %.0f ns; "
                         + "medians %.0f and %.0f ns, added %.0f ns",
                     round, count, meanHand, meanFactory, meanFactory - meanHand,
                     median(hand), median(factory), median(factory) - median(hand)))
    }
}

do {
    let requests = try await Requests()
    let arguments = CommandLine.arguments.dropFirst()
    switch arguments.first {
    case "parallel": try await parallel(requests)
    case "cold": try await cold(requests)
    case "profile":
        let byHand = arguments.dropFirst().first == "hand"
        for _ in 0..<1_000_000 { try await byHand ? requests.byHand() : requests.byFactory() }
    case nil: try await hot(requests)
    case let other?:
        FileHandle.standardError.write(Data("links-inprocess: unknown mode '\(other)'; use parallel, cold or profile [hand]\n".utf8))
        exit(2)
    }
} catch {
    // The load's diagnostics, or a request that failed: one line each, never a crash.
    FileHandle.standardError.write(Data("links-inprocess: \(error)\n".utf8))
    exit(1)
}
