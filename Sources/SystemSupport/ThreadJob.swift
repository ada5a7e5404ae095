#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One job for a new thread: the C entry point cannot be generic, so the
/// job travels as this object.
package final class ThreadJob: Sendable {
    private let body: @Sendable () -> Void

    private init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }

    /// Runs `body` on a new detached thread, or here when no thread can be made.
    package static func start(_ body: @escaping @Sendable () -> Void) {
        if !spawn(body) { body() }
    }

    /// Runs `body` on a new detached thread; false, with `body` never run, when no thread can be made.
    package static func spawn(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let thread = create(body) else { return false }
        detach(thread)
        return true
    }

    /// Runs `body` on a new thread that the caller must ``join(_:)`` once;
    /// nil, with `body` never run, when no thread can be made.
    package static func spawnJoinable(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        create(body)
    }

    /// Waits until `thread`, made by ``spawnJoinable(_:)``, has run its job to the end.
    package static func join(_ thread: pthread_t) {
        pthread_join(thread, nil)
    }

    /// Lets `thread`, made by ``spawnJoinable(_:)`` and never to be joined, end on its own.
    package static func detach(_ thread: pthread_t) {
        pthread_detach(thread)
    }

    /// A new thread running `body`, or nil when none can be made.
    private static func create(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        let job = Unmanaged.passRetained(ThreadJob(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<ThreadJob>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, job)
        #else
        var made = pthread_t()
        let status = pthread_create(&made, nil, { raw in
            if let raw { Unmanaged<ThreadJob>.fromOpaque(raw).takeRetainedValue().body() }
            return nil
        }, job)
        let thread: pthread_t? = made
        #endif
        guard status == 0, let thread else {
            Unmanaged<ThreadJob>.fromOpaque(job).release()
            return nil
        }
        return thread
    }
}
