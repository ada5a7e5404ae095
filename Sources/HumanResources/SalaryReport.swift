import ComponentFactoryMacros
/// Answers payroll questions from an ``EmployeeStore``, whichever it is.
///
/// ```swift
/// let top = try SalaryReport(store: store).highestSalaryByDepartment()
/// top["Engineering"]?.name
/// ```
@Component
public struct SalaryReport: Sendable {
    /// Where the employees come from.
    public let store: any EmployeeStore

    /// A report over `store`.
    public init(store: any EmployeeStore) {
        self.store = store
    }

    /// The best-paid employee of each department. Of two with the same
    /// salary, the one whose name sorts first is chosen, so the answer never
    /// depends on the order the store returns rows in.
    public func highestSalaryByDepartment() throws -> [String: Employee] {
        var best: [String: Employee] = [:]
        for employee in try store.allEmployees() {
            guard let current = best[employee.department] else {
                best[employee.department] = employee
                continue
            }
            if employee.salary > current.salary || (employee.salary == current.salary && employee.name < current.name) {
                best[employee.department] = employee
            }
        }
        return best
    }
}
