import Foundation
import ComponentFactoryMacros

/// An ``EmployeeStore`` that keeps employees in an array and nothing on
/// disk: the fake that tests use. It takes the same `path` as the SQLite
/// store, so that the one definition can name either class, and insists that
/// it is `:memory:`: configured with a real file, it refuses to build, so a
/// production config that names it is caught by a dry run.
@Component(conformsTo: [(any EmployeeStore).self])
public final class InMemoryEmployeeStore: EmployeeStore, @unchecked Sendable {
    private var employees: [Employee] = []
    private let lock = NSLock()

    /// A store that keeps nothing on disk; `path` must be `:memory:`, so that a production path in a test configuration fails loudly.
    public init(path: String = SQLiteEmployeeStore.inMemory) throws {
        guard path == SQLiteEmployeeStore.inMemory else { throw InMemoryStoreMisconfigured(path: path) }
    }

    /// Keeps `employee` in memory.
    public func add(_ employee: Employee) {
        lock.withLock { employees.append(employee) }
    }

    /// Every employee kept, in the order added.
    public func allEmployees() -> [Employee] {
        lock.withLock { employees }
    }
}

/// An ``InMemoryEmployeeStore`` configured with a file it would never write.
public struct InMemoryStoreMisconfigured: Error, CustomStringConvertible {
    /// The path that was given instead of `:memory:`.
    public let path: String

    public var description: String {
        "InMemoryEmployeeStore keeps nothing on disk, but was given the path '\(path)'; "
            + "use '\(SQLiteEmployeeStore.inMemory)', or SQLiteEmployeeStore for a file"
    }
}
