import Synchronization

/// Makes what a registered initializer asks of it, or throws while
/// `failing` is set: a build that fails first, then succeeds. `done` is for
/// the test's other thread or task to say it got what it was waiting for.
final class FailingMaker: Sendable {
    struct Failure: Error {}

    let failing = Atomic<Bool>(true)
    let done = Atomic<Bool>(false)

    func make<Made>(_ make: () -> Made) throws -> Made {
        if failing.load(ordering: .relaxed) { throw Failure() }
        return make()
    }
}
