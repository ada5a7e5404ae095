/// One person on the payroll: the plain value every ``EmployeeStore`` keeps.
///
/// ```swift
/// Employee(name: "Ada", department: "Engineering", salary: 120_000)
/// ```
public struct Employee: Sendable, Hashable {
    public var name: String
    public var department: String
    /// A yearly salary, in whole units of the company's currency.
    public var salary: Int

    public init(name: String, department: String, salary: Int) {
        self.name = name
        self.department = department
        self.salary = salary
    }
}
