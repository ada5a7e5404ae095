/// What a service group run by the lifecycle product throws when one of
/// the factory's services (or one it follows) fails: the service's key and
/// its own error, so that the one line a process logs names which service it
/// was, and an app that matches its own error finds it in ``cause``.
///
/// ```swift
/// do { try await group.run() } catch let failure as ServiceFailure where failure.cause is PoolClosed { … }
/// ```
public struct ServiceFailure: Error, CustomStringConvertible {
    /// The failed service's key.
    public let key: String
    /// What its `run()` (or its destroy method) threw.
    public let cause: any Error

    /// `service 'key' failed: cause`.
    public var description: String { "service '\(key)' failed: \(cause)" }
}
