/// One person on the payroll: the plain value every ``EmployeeStore`` keeps.
///
/// ```swift
/// Employee(name: "Ada", department: "Engineering", salary: 120_000)
/// ```
public struct Employee: Sendable, Hashable {
    /// The employee's name.
    public var name: String
    /// The department the employee works in.
    public var department: String
    /// A yearly salary, in whole units of the company's currency.
    public var salary: Int

    /// An employee of `department` paid `salary` a year.
    public init(name: String, department: String, salary: Int) {
        self.name = name
        self.department = department
        self.salary = salary
    }
}
