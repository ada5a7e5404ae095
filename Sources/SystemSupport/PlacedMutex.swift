#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pthread mutex in memory that its owner allocates along with its own:
/// for an object that holds its lock inline, such as a request scope, whose
/// opening would otherwise allocate twice. ``Locked`` is the same mutex in
/// an allocation of its own. Not recursive, unless made `recursive`.
///
/// The owner places one with ``initialize(at:recursive:)`` before any
/// thread can reach it, and removes it with ``deinitialize(at:)`` once no
/// thread can reach it and none holds it:
///
/// ```swift
/// PlacedMutex.initialize(at: raw)
/// let count = PlacedMutex.withLock(at: raw) { entries.count }
/// PlacedMutex.deinitialize(at: raw)
/// ```
///
/// Public, where the rest of SystemSupport is `package`, so that
/// ``withLock(at:_:)`` is inlined into other modules (see ``ReadSections``).
public enum PlacedMutex {
    /// The bytes a mutex takes: a multiple of 8, aligned to 8.
    @inlinable public static var size: Int { MemoryLayout<pthread_mutex_t>.stride }

    /// Makes a mutex at `raw`, which has ``size`` bytes aligned to 8.
    public static func initialize(at raw: UnsafeMutableRawPointer, recursive: Bool = false) {
        let mutex = raw.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // The default kind needs no attributes: three calls fewer for each request scope opened.
        guard recursive else {
            pthread_mutex_init(mutex, nil)
            return
        }
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    /// Destroys the mutex at `raw`, which no thread holds or will take again.
    public static func deinitialize(at raw: UnsafeMutableRawPointer) {
        let mutex = raw.assumingMemoryBound(to: pthread_mutex_t.self)
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
    }

    /// Takes the mutex at `raw`, for a holder that gives it back at a later
    /// step (``unlock(at:)``) rather than within one call.
    @inlinable
    public static func lock(at raw: UnsafeMutableRawPointer) {
        pthread_mutex_lock(raw.assumingMemoryBound(to: pthread_mutex_t.self))
    }

    /// Gives back the mutex at `raw`, on the thread that took it.
    @inlinable
    public static func unlock(at raw: UnsafeMutableRawPointer) {
        pthread_mutex_unlock(raw.assumingMemoryBound(to: pthread_mutex_t.self))
    }

    /// Runs `body` holding the mutex at `raw`.
    @inlinable
    public static func withLock<Result>(at raw: UnsafeMutableRawPointer, _ body: () throws -> Result) rethrows -> Result {
        lock(at: raw)
        defer { unlock(at: raw) }
        return try body()
    }
}
