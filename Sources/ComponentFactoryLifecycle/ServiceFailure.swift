/// What a service group run by the lifecycle product throws when one of
/// the factory's services fails: the service's key and its own error, so
/// that the one line a process logs names which service it was.
struct ServiceFailure: Error, CustomStringConvertible {
    let key: String
    let cause: any Error

    var description: String { "service '\(key)' failed: \(cause)" }
}
