#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// Tells when a file in some directories is written, created, renamed or
/// removed: with inotify on Linux, else (or when asked, or when inotify
/// cannot watch them) by looking at the directories' files every interval.
///
/// The watching runs on a thread of Dispatch's, never on Swift's pool, and
/// each change is one element of ``changes``: a burst of writes may come as
/// one element or several, so a reader treats each as "look again". It stops,
/// and the sequence ends, on ``stop()`` or when the watcher goes.
///
/// ```swift
/// let watcher = DirectoryWatcher(directories: ["Config"], pollingEvery: .seconds(2))
/// for await _ in watcher.changes { reload() }
/// ```
package final class DirectoryWatcher: Sendable {
    /// How changes are found.
    package enum Method: String, Sendable {
        case inotify
        case polling
    }

    /// How this watcher finds changes.
    package let method: Method
    /// One element per change seen; ends once the watcher stops.
    package let changes: AsyncStream<Void>
    private let directories: [String]
    private let stopped = StopFlag()
    /// How long the watching thread waits before it looks at ``stopped`` again.
    private static let wake: Duration = .milliseconds(100)

    /// Watches `directories` (not their subdirectories). `polling` asks for
    /// polling even where inotify works; `pollingEvery` is the interval then.
    package init(directories: [String], pollingEvery interval: Duration, polling: Bool = false) {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        changes = stream
        self.directories = directories
        let descriptor = polling ? -1 : Self.inotify(directories)
        method = descriptor >= 0 ? .inotify : .polling
        let stopped = self.stopped
        continuation.onTermination = { _ in stopped.raise() }
        // A queue of its own: Dispatch gives it a thread at once, which the loop keeps until stopped.
        DispatchQueue(label: "DirectoryWatcher").async {
            if descriptor >= 0 {
                Self.readEvents(descriptor, continuation, stopped)
            } else {
                Self.look(at: directories, every: interval, continuation, stopped)
            }
        }
    }

    deinit {
        stop()
    }

    /// What the directories hold now: each entry with its size, modification
    /// time and inode, as polling compares them. Equal twice: nothing was
    /// written, created, renamed or removed in between.
    package func fingerprint() -> [String] {
        Self.fingerprint(directories)
    }

    /// Stops watching; the sequence ends within a tenth of a second.
    package func stop() {
        stopped.raise()
    }

    // MARK: inotify

    /// An inotify descriptor watching every directory, or -1 when any cannot be watched.
    private static func inotify(_ directories: [String]) -> Int32 {
        #if os(Linux)
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return -1 }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
        for directory in directories where inotify_add_watch(descriptor, directory, mask) < 0 {
            close(descriptor)
            return -1
        }
        return descriptor
        #else
        return -1
        #endif
    }

    /// Waits for events until stopped, each batch one change.
    private static func readEvents(_ descriptor: Int32, _ continuation: AsyncStream<Void>.Continuation, _ stopped: StopFlag) {
        defer {
            close(descriptor)
            continuation.finish()
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let timeout = Int32(wake.components.attoseconds / 1_000_000_000_000_000)
        while !stopped.isRaised {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, timeout)
            if ready < 0 && errno != EINTR { return }
            guard ready > 0 else { continue }
            var count = 0
            // Drain what is queued: one change however many events it made.
            repeat {
                count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            } while count > 0
            if count < 0 && errno != EAGAIN && errno != EINTR { return }
            continuation.yield()
        }
    }

    // MARK: Polling

    /// Looks at the directories every `interval` until stopped; a change of any file's size, time or identity is a change.
    private static func look(at directories: [String], every interval: Duration, _ continuation: AsyncStream<Void>.Continuation,
                             _ stopped: StopFlag) {
        defer { continuation.finish() }
        var last = fingerprint(directories)
        var waited: Duration = .zero
        while !stopped.isRaised {
            let step = min(wake, interval)
            sleep(for: step)
            waited += step
            guard waited >= interval else { continue }
            waited = .zero
            let now = fingerprint(directories)
            if now != last {
                last = now
                continuation.yield()
            }
        }
    }

    private static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        _ = nanosleep(&request, nil)
    }

    /// Each directory's entries with their size, modification time and inode, sorted.
    private static func fingerprint(_ directories: [String]) -> [String] {
        var entries: [String] = []
        for directory in directories {
            guard let stream = opendir(directory) else {
                entries.append("\(directory): unreadable")
                continue
            }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name != ".", name != ".." else { continue }
                var status = stat()
                guard stat(directory + "/" + name, &status) == 0 else { continue }
                #if canImport(Darwin)
                let modified = status.st_mtimespec
                #else
                let modified = status.st_mtim
                #endif
                entries.append("\(directory)/\(name) \(status.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(status.st_ino)")
            }
        }
        return entries.sorted()
    }
}

/// Whether a watcher was told to stop: shared by the watcher and its thread.
private final class StopFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    var isRaised: Bool { raised.load(ordering: .relaxed) }

    func raise() {
        raised.store(true, ordering: .relaxed)
    }
}
