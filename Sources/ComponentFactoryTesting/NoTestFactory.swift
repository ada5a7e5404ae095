import Foundation

/// ``TestFactory/current`` was read outside a test that has a factory: the
/// test (or its suite) lacks the `.factory(…)` trait, or the code runs
/// outside ``TestFactory/withFactory(_:_:)``, or in a detached task, which
/// does not inherit it.
public struct NoTestFactory: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The error, which says what to do.
    public init() {}

    public var description: String {
        "no test factory here: give the test or its suite the .factory(…) trait, or run the code in TestFactory.withFactory"
    }

    public var errorDescription: String? { description }
}
