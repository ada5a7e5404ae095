@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import HumanResources
import Testing

/// "Highest salary per department", tested twice as the article recommends:
/// against a plain fake (pattern 1), and against the real SQL on an
/// in-memory SQLite database (pattern 2).
struct SalaryReportTests {
    // MARK: Pattern 1: remove the storage dependence

    @Test func thePlainFakeGivesTheBestPaidOfEachDepartment() throws {
        let report = SalaryReport(store: FakeEmployeeStore(employees: HumanResourcesExample.payroll))

        let top = try report.highestSalaryByDepartment()

        #expect(top.mapValues(\.name) == HumanResourcesExample.expectedTop)
        #expect(top["Engineering"]?.salary == 135_000)
    }

    @Test func aTieGoesToTheNameThatSortsFirstWhateverTheOrder() throws {
        let tied = [Employee(name: "Zed", department: "Sales", salary: 1), Employee(name: "Mia", department: "Sales", salary: 1)]

        #expect(try SalaryReport(store: FakeEmployeeStore(employees: tied)).highestSalaryByDepartment()["Sales"]?.name == "Mia")
        #expect(try SalaryReport(store: FakeEmployeeStore(employees: tied.reversed())).highestSalaryByDepartment()["Sales"]?.name == "Mia")
    }

    @Test func anEmptyStoreHasNoDepartments() throws {
        #expect(try SalaryReport(store: FakeEmployeeStore(employees: [])).highestSalaryByDepartment().isEmpty)
    }

    @Test func theTestEnvironmentWiresTheInMemoryFake() throws {
        let factory = try HumanResourcesExample.factory()
        let store = try factory.component(forKey: "employeeStore", as: (any EmployeeStore).self)
        for employee in HumanResourcesExample.payroll {
            try store.add(employee)
        }

        let report = try factory.component(forKey: "salaryReport", as: SalaryReport.self)

        #expect(store is InMemoryEmployeeStore)
        #expect(try report.highestSalaryByDepartment().mapValues(\.name) == HumanResourcesExample.expectedTop)
    }

    // MARK: Pattern 2: the in-memory stack

    @Test func theInMemorySQLiteStackGivesTheSameAnswer() throws {
        let factory = try HumanResourcesExample.factory(overrides: ["employee.store.class": "SQLiteEmployeeStore"])
        let store = try factory.component(forKey: "employeeStore", as: (any EmployeeStore).self)
        for employee in HumanResourcesExample.payroll {
            try store.add(employee)
        }

        let report = try factory.component(forKey: "salaryReport", as: SalaryReport.self)

        #expect((store as? SQLiteEmployeeStore)?.path == ":memory:")
        #expect(try store.allEmployees() == HumanResourcesExample.payroll)
        #expect(try report.highestSalaryByDepartment().mapValues(\.name) == HumanResourcesExample.expectedTop)
    }

    @Test func eachFactoryHasItsOwnInMemoryDatabase() throws {
        let overrides = ["employee.store.class": "SQLiteEmployeeStore"]
        let first = try HumanResourcesExample.factory(overrides: overrides)
        let second = try HumanResourcesExample.factory(overrides: overrides)
        try first.component(forKey: "employeeStore", as: (any EmployeeStore).self).add(HumanResourcesExample.payroll[0])

        #expect(try first.component(forKey: "employeeStore", as: (any EmployeeStore).self).allEmployees().count == 1)
        #expect(try second.component(forKey: "employeeStore", as: (any EmployeeStore).self).allEmployees().isEmpty)
    }

    /// With the `.factory` trait, each case of a parameterized test has its own stack, and so its own
    /// `:memory:` database, however many cases run beside it.
    @Test(.factory(assemblies: ["\(HumanResourcesExample.root)/Assemblies/HumanResources.xml"],
                   registry: HumanResourcesRegistry.make(),
                   options: .test(config: "\(HumanResourcesExample.root)/Config", overrides: ["employee.store.class": "SQLiteEmployeeStore"])),
          arguments: 1...20)
    func eachCaseOfTheTraitHasItsOwnDatabase(employees: Int) throws {
        let store = try TestFactory.current.component(forKey: "employeeStore", as: (any EmployeeStore).self)
        for index in 0..<employees {
            try store.add(Employee(name: "employee \(index)", department: "Sales", salary: index))
        }

        #expect(try store.allEmployees().count == employees)
    }

    @Test func textIsStoredAsWrittenEvenWithQuotesAndAccents() throws {
        let store = SQLiteEmployeeStore(path: SQLiteEmployeeStore.inMemory)
        let tricky = Employee(name: "Zoë O'Brien", department: "R&D; DROP TABLE employees", salary: -1)
        try store.add(tricky)

        #expect(try store.allEmployees() == [tricky])
    }
}
