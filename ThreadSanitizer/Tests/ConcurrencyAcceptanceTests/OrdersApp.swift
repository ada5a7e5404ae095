import ComponentFactory
import ComponentFactoryMacros

/// What an app outside this project writes: an actor that must connect
/// before use, a nonisolated `Sendable` service over it, and a view model
/// on the main actor over the service, each registered by `@Component`.
@Component
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

@Component
struct OrderService: Sendable {
    let pool: ConnectionPool

    init(pool: ConnectionPool) {
        self.pool = pool
    }

    func open() async -> [String] {
        await pool.query("SELECT * FROM orders")
    }
}

@MainActor @Component
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
        registry.register(ConnectionPool.self)
        registry.register(OrderService.self)
        registry.register(OrdersViewModel.self)
        return registry
    }

    static let assembly = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/") + "/Fixtures/Orders.xml"
}
