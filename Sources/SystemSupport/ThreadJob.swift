#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One job for a new detached thread: the C entry point cannot be generic,
/// so the job travels as this object.
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
        let job = Unmanaged.passRetained(ThreadJob(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<ThreadJob>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, job)
        if status == 0, let thread { pthread_detach(thread) }
        #else
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            if let raw { Unmanaged<ThreadJob>.fromOpaque(raw).takeRetainedValue().body() }
            return nil
        }, job)
        if status == 0 { pthread_detach(thread) }
        #endif
        if status != 0 { Unmanaged<ThreadJob>.fromOpaque(job).release() }
        return status == 0
    }
}
