#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// State that threads share, behind a pthread mutex: a value and the lock
/// that guards it, in one.
///
/// Not `Synchronization.Mutex`: on Linux its contended path waits in the
/// kernel from code ThreadSanitizer does not see, so two uses of the same
/// state, one after the other through a contended lock, were reported as a
/// race (live reload's leases, in the ThreadSanitizer suites). ThreadSanitizer
/// understands a pthread mutex. Not recursive, unless made `recursive`:
/// then a thread that holds it may take it again, and it has no state.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["reloads", default: 0] += 1 }
/// ```
///
/// Public, where the rest of SystemSupport is `package`, so that
/// ``withLock(_:)`` is inlined into other modules (see ``ReadSections``);
/// SystemSupport is no product.
public final class Locked<State>: @unchecked Sendable {
    // @unchecked: no figure; the mutex orders every access to the state.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Reached only inside ``withLock(_:)``, under the mutex: the exclusivity
    /// checks Swift would add to each access are left out for that reason.
    @exclusivity(unchecked) @usableFromInline var state: State

    public init(_ state: State) {
        self.state = state
        mutex = Self.mutex(recursive: false)
    }

    /// A lock with no state; when `recursive`, the thread holding it may
    /// take it again: for work that, under the lock, may come back for it
    /// on the same thread.
    public init(recursive: Bool) where State == Void {
        self.state = ()
        mutex = Self.mutex(recursive: recursive)
    }

    private static func mutex(recursive: Bool) -> UnsafeMutablePointer<pthread_mutex_t> {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        PlacedMutex.initialize(at: mutex, recursive: recursive)
        return mutex
    }

    deinit {
        PlacedMutex.deinitialize(at: mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex, for a lock with no state: it reaches
    /// none, so a recursive lock's nested calls share nothing.
    @inlinable
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result where State == Void {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Takes the mutex of a lock with no state, for a holder that cannot
    /// keep it within one call (a step of the factory's build that gives it
    /// back at a later step, or when the build fails); ``unlock()`` gives it back.
    @inlinable
    public func lock() where State == Void {
        pthread_mutex_lock(mutex)
    }

    /// Gives back the mutex that ``lock()`` took, on the thread that took it.
    @inlinable
    public func unlock() where State == Void {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with the state, holding the mutex.
    @inlinable
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
