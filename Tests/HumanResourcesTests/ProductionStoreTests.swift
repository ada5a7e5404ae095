@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import HumanResources
import Testing

/// The production configuration, with its data directory moved into a
/// temporary directory: the store really writes a SQLite file, and a new
/// factory reads the same data back from it.
struct ProductionStoreTests {
    @Test func theProductionStoreWritesASQLiteFileAndReadsItBack() throws {
        let directory = try TemporaryDirectory()
        let overrides = ["data.dir": directory.path]
        let file = directory.file("employees.sqlite")

        let writer = try HumanResourcesExample.factory(environment: "production", overrides: overrides)
        let store = try writer.component(forKey: "employeeStore", as: (any EmployeeStore).self)
        #expect((store as? SQLiteEmployeeStore)?.path == file)
        #expect(!FileManager.default.fileExists(atPath: file))  // opened on first use, not when built
        for employee in HumanResourcesExample.payroll {
            try store.add(employee)
        }

        let header = try #require(FileManager.default.contents(atPath: file)).prefix(16)
        #expect(header == Data("SQLite format 3\0".utf8))

        let reader = try HumanResourcesExample.factory(environment: "production", overrides: overrides)
        let report = try reader.component(forKey: "salaryReport", as: SalaryReport.self)
        #expect(try report.store.allEmployees() == HumanResourcesExample.payroll)
        #expect(try report.highestSalaryByDepartment().mapValues(\.name) == HumanResourcesExample.expectedTop)
    }

    @Test func developmentAndProductionPickTheSQLiteStoreOnAFile() throws {
        for environment in ["development", "production"] {
            let factory = try HumanResourcesExample.factory(environment: environment)
            let store = try factory.component(forKey: "employeeStore", as: (any EmployeeStore).self)

            #expect((store as? SQLiteEmployeeStore)?.path.hasSuffix("/employees.sqlite") == true, "in \(environment)")
        }
    }

    @Test func theInMemoryFakeRefusesARealFile() throws {
        let directory = try TemporaryDirectory()

        let report = #expect(throws: DiagnosticReport.self) {
            try HumanResourcesExample.factory(overrides: ["employee.store.path": directory.file("employees.sqlite")])
        }

        let failure = try #require(report?.diagnostics.first)
        #expect(failure.code == .buildFailed)
        #expect(failure.message.hasPrefix("building 'employeeStore' (employeeStore) failed: InMemoryEmployeeStore keeps nothing on disk"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func anUnwritableDirectoryIsAnErrorNotACrash() throws {
        let directory = try TemporaryDirectory()
        let blocker = try directory.write("not-a-directory", "a file where the data directory should be")
        let store = SQLiteEmployeeStore(path: blocker + "/employees.sqlite")

        #expect(throws: (any Error).self) { try store.add(HumanResourcesExample.payroll[0]) }
    }
}
