import ComponentFactory
import Testing

/// Issue 25's acceptance, as an outside package in Swift 6 language mode,
/// run under ThreadSanitizer by .ci/run: a main-actor view model, an actor
/// with `init() async throws` and a `Sendable` service, wired from one
/// assembly, loaded with `Factory.loadAsync`, and looked up from the main
/// actor and from detached tasks.
struct ConcurrencyAcceptanceTests {
    @MainActor
    @Test func theViewModelIsBuiltOnTheMainActorOverTheActorThatConnectedDuringTheLoad() async throws {
        let factory = try await Factory.loadAsync(assemblies: [.path(OrdersApp.assembly)], registry: OrdersApp.registry())

        let viewModel = try await factory.async.component(forKey: "viewModel", as: OrdersViewModel.self)
        await viewModel.refresh()

        #expect(viewModel.title == "Orders")
        #expect(viewModel.rows == ["SELECT * FROM orders on one of 4 connections"])
        let pool = try await factory.async.component(forKey: "pool", as: ConnectionPool.self)
        #expect(viewModel.orders.pool === pool, "the singleton built by the load")
        try await factory.async.shutdown()
    }

    @Test func detachedTasksAndTheMainActorGetTheSameSingletonsAndTheirOwnViewModels() async throws {
        let factory = try await Factory.loadAsync(assemblies: [.path(OrdersApp.assembly)], registry: OrdersApp.registry())

        let pools = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    try await Task.detached {
                        ObjectIdentifier(try await factory.async.component(forKey: "orders", as: OrderService.self).pool)
                    }.value
                }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        // The main actor's view model is held while the detached task builds its own, so that
        // the two identities cannot be one address used twice.
        let (poolOfMain, isNewForEachLookup) = try await Task { @MainActor in
            let viewModel = try await factory.async.component(forKey: "viewModel", as: OrdersViewModel.self)
            let fromDetached = try await Task.detached {
                ObjectIdentifier(try await factory.async.component(forKey: "viewModel", as: OrdersViewModel.self))
            }.value
            return withExtendedLifetime(viewModel) { (ObjectIdentifier(viewModel.orders.pool), fromDetached != ObjectIdentifier(viewModel)) }
        }.value

        #expect(pools == [poolOfMain], "one pool, whichever task asked")
        #expect(isNewForEachLookup, "the view model is a new one for each lookup (object-graph scope)")
    }

    @Test func theSynchronousLookupThrowsRequiresAsyncWithTheChain() async throws {
        let factory = try await Factory.loadAsync(assemblies: [.path(OrdersApp.assembly)], registry: OrdersApp.registry())

        let report = #expect(throws: DiagnosticReport.self) { try factory.component(forKey: "orders") }

        let refusal = try #require(report?.diagnostics.first)
        #expect(refusal.code == .requiresAsync)
        #expect(refusal.message.contains("orders → pool (async init)"), "\(refusal.message)")
        #expect(refusal.location?.line == 7)
        #expect(refusal.description.hasPrefix(OrdersApp.assembly + ":7:"))
    }

    @Test func theSynchronousLoadRefusesTheAssemblyAtTheEagerActorsLine() throws {
        let report = #expect(throws: DiagnosticReport.self) {
            try Factory.load(assemblies: [.path(OrdersApp.assembly)], registry: OrdersApp.registry())
        }

        let refusal = try #require(report?.diagnostics.first)
        #expect(refusal.code == .requiresAsync)
        #expect(refusal.location?.file == OrdersApp.assembly)
        #expect(refusal.location?.line == 5, "the eager singleton 'pool'")
        #expect(refusal.message.contains("pool (async init)"), "\(refusal.message)")
    }
}
