/// Where employees are kept. The reports depend on this protocol only, so a
/// test can hand them a plain in-memory fake (the article's pattern 1: remove
/// the storage dependence) or the real SQLite store on `:memory:` (pattern 2:
/// an in-memory stack). The assembly picks one per environment with
/// `class="${employee.store.class}"`.
///
/// ```swift
/// try store.add(Employee(name: "Ada", department: "Engineering", salary: 120_000))
/// let everyone = try store.allEmployees()
/// ```
public protocol EmployeeStore: Sendable {
    /// Stores `employee`.
    func add(_ employee: Employee) throws
    /// Every employee stored, in the order added.
    func allEmployees() throws -> [Employee]
}
