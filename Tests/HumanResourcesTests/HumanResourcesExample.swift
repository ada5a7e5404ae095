@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import HumanResources

/// The shipped example, read from this checkout: `Assemblies/HumanResources.xml`
/// with `Config/`. Each call builds a new, isolated factory.
enum HumanResourcesExample {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func factory(environment: String = "test", overrides: [String: String] = [:]) throws -> Factory {
        try TestFactory.make(assemblies: ["\(root)/Assemblies/HumanResources.xml"], registry: HumanResourcesRegistry.make(),
                             options: .test(config: "\(root)/Config", environment: environment, overrides: overrides))
    }

    /// A small payroll with a tie at the top of Sales.
    static let payroll = [
        Employee(name: "Ada", department: "Engineering", salary: 120_000),
        Employee(name: "Grace", department: "Engineering", salary: 135_000),
        Employee(name: "Zed", department: "Sales", salary: 90_000),
        Employee(name: "Mia", department: "Sales", salary: 90_000),
        Employee(name: "Ola", department: "Sales", salary: 60_000),
        Employee(name: "Ines", department: "Legal", salary: 101_000),
    ]

    static let expectedTop = ["Engineering": "Grace", "Sales": "Mia", "Legal": "Ines"]
}

/// The article's pattern 1: no storage at all, just the data the report needs.
struct FakeEmployeeStore: EmployeeStore {
    let employees: [Employee]

    func add(_ employee: Employee) throws {
        throw FakeStoreIsReadOnly()
    }

    func allEmployees() -> [Employee] { employees }
}

struct FakeStoreIsReadOnly: Error {}
