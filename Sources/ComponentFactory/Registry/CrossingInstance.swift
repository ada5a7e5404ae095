/// A component or value handed across an async registered closure's
/// boundary: what an async maker returned (its result is `sending`, so it
/// is the caller's alone), or a `Sendable` component handed to an async
/// callback or setter. Either may cross, which is why it is `Sendable`
/// although an ``Instance`` is not.
@usableFromInline
struct CrossingInstance: @unchecked Sendable {
    // @unchecked: no figure; the compiler cannot see the registry's rule, which lets only these two kinds cross.
    @usableFromInline let instance: Instance

    @usableFromInline
    init(_ instance: Instance) {
        self.instance = instance
    }
}
