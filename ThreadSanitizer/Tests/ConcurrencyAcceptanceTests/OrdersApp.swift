import ComponentFactory

/// What an app outside this project writes: an actor that must connect
/// before use, a nonisolated `Sendable` service over it, and a view model
/// on the main actor over the service. Registered by hand, as `@Component`
/// would register them (its expansions are tested in the main package), so
/// that this package need not build swift-syntax for the macros.
actor ConnectionPool {
    private(set) var connections: Int

    init() async throws {
        try await Task.sleep(for: .milliseconds(2))  // connecting
        connections = 4
    }

    func query(_ sql: String) -> [String] {
        ["\(sql) on one of \(connections) connections"]
    }
}

struct OrderService: Sendable {
    let pool: ConnectionPool

    init(pool: ConnectionPool) {
        self.pool = pool
    }

    func open() async -> [String] {
        await pool.query("SELECT * FROM orders")
    }
}

@MainActor
final class OrdersViewModel {
    let orders: OrderService
    var title: String = ""
    private(set) var rows: [String] = []

    init(orders: OrderService) {
        MainActor.assertIsolated()
        self.orders = orders
    }

    func refresh() async {
        rows = await orders.open()
    }
}

enum OrdersApp {
    static func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(ConnectionPool.self, isolation: .actor) { pool in
            pool.initializer { () async throws in try await ConnectionPool() }
        }
        registry.register(OrderService.self) { orders in
            orders.initializer("initWithPool:") { (pool: ConnectionPool) in OrderService(pool: pool) }
        }
        registry.register(OrdersViewModel.self, isolation: .mainActor) { viewModel in
            viewModel.initializer("initWithOrders:") { @MainActor (orders: OrderService) async in OrdersViewModel(orders: orders) }
            viewModel.property("title") { @MainActor (viewModel: OrdersViewModel, title: String) async in viewModel.title = title }
        }
        return registry
    }

    static let assembly = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/") + "/Fixtures/Orders.xml"
}
