import CSystemSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where threads mark the short sections in which they read a shared object
/// without a lock, and how a writer that takes one out waits them out: the
/// grace period of read-copy-update.
///
/// Each thread has a record of its own, a count on a cache line that no
/// other thread writes, found through a thread-specific key. Entering a
/// read section makes the count odd, leaving makes it even: two plain
/// stores, where a counter shared by every reader cost two locked
/// read-modify-writes, most of a singleton lookup. A writer (a shutdown, a
/// patch, a reload: rare) first empties what readers read, then asks the
/// kernel for a memory barrier on every thread of the process (Linux's
/// membarrier), after which each reader either shows as inside or will find
/// the emptied slot; then it waits for each record that was odd to move on.
/// Where the kernel offers no such barrier (macOS, a filtered Linux), each
/// entry pays a full fence instead, and so does the writer.
///
/// ```swift
/// let section = sections.enter()
/// let object = slot.load(ordering: .acquiring).map { $0.takeUnretainedValue() }  // retained here
/// sections.leave(section)
/// // A writer: slot.store(nil, ...); sections.waitForReaders(); then release what was there.
/// ```
///
/// Public, where the rest of SystemSupport is `package`: this toolchain
/// (Swift 6.3) inlines no `@inlinable package` declaration into another
/// module, and a read section is entered on every lookup. SystemSupport is
/// no product: apps do not see it.
///
/// One for the process, since threads are the process's. A record is never
/// freed: when its thread ends it waits, even, for the next new thread, so
/// there are as many as threads have read at once.
public final class ReadSections: @unchecked Sendable {
    // @unchecked: no figure; its records are atomics in memory of their own, each written by its one thread (the row that needs it is named on InstanceStore's `sections`).
    /// The records of every thread that has read, for writers to scan; and
    /// those free for a new thread. Each is never freed, and its count is atomic.
    private struct Records {
        var all: [UnsafeMutablePointer<Atomic<Int>>] = []
        var free: [UnsafeMutablePointer<Atomic<Int>>] = []
    }

    package static let shared = ReadSections()

    /// The key under which each thread keeps its record.
    @usableFromInline let key: pthread_key_t
    /// Whether the kernel gives writers a barrier on every thread (then readers need none of their own).
    @usableFromInline let asymmetric: Bool
    private let records = Locked(Records())
    /// What every thread shares when no key could be made (the process ran
    /// out of them): a read section holds this lock for reading, a writer
    /// takes it for writing. Never used while there is a key.
    private let keyless: UnsafeMutablePointer<pthread_rwlock_t>
    /// The record ``enter()`` hands out for a section in `keyless`.
    @usableFromInline let keylessRecord: UnsafeMutablePointer<Atomic<Int>>
    private let hasKey: Bool

    private init() {
        var key = pthread_key_t()
        // A thread's record is given back when the thread ends.
        let created = pthread_key_create(&key) { value in
            // Optional on Linux, not on Darwin.
            let record: UnsafeMutableRawPointer? = value
            guard let record else { return }
            ReadSections.shared.giveBack(record.assumingMemoryBound(to: Atomic<Int>.self))
        }
        self.key = key
        self.hasKey = created == 0
        self.asymmetric = cf_register_process_barrier() == 1
        self.keyless = .allocate(capacity: 1)
        keyless.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(keyless, nil)
        self.keylessRecord = .allocate(capacity: 1)
        keylessRecord.initialize(to: Atomic(0))
    }

    /// Enters a read section on this thread: what ``leave(_:)`` takes.
    @inlinable
    public func enter() -> UnsafeMutablePointer<Atomic<Int>> {
        let record = pthread_getspecific(key).map { $0.assumingMemoryBound(to: Atomic<Int>.self) } ?? record()
        // Only this thread writes its count: a plain store, made odd.
        record.pointee.store(record.pointee.load(ordering: .relaxed) &+ 1, ordering: .releasing)
        // The mark must come before the reads it covers: the writer's barrier orders
        // the processor, this the compiler; without that barrier, a fence does both.
        if asymmetric { cf_compiler_barrier() } else { atomicMemoryFence(ordering: .sequentiallyConsistent) }
        return record
    }

    /// Leaves the read section `record` was entered with, once what it read is retained.
    @inlinable
    public func leave(_ record: UnsafeMutablePointer<Atomic<Int>>) {
        guard record != keylessRecord else { return leaveKeyless() }
        record.pointee.store(record.pointee.load(ordering: .relaxed) &+ 1, ordering: .releasing)
    }

    /// A grace period: every read section that began before this call, and
    /// so might still see what the caller has just emptied, has ended.
    package func waitForReaders() {
        if !asymmetric || cf_process_barrier() != 0 {
            atomicMemoryFence(ordering: .sequentiallyConsistent)
        }
        if !hasKey {
            // Every section that began before this holds the lock for reading: wait for them all.
            pthread_rwlock_wrlock(keyless)
            pthread_rwlock_unlock(keyless)
        }
        let all = records.withLock { $0.all }
        for record in all {
            let seen = record.pointee.load(ordering: .acquiring)
            guard seen & 1 == 1 else { continue }
            while record.pointee.load(ordering: .acquiring) == seen { sched_yield() }
        }
    }

    /// This thread's record, taken the first time it reads.
    @usableFromInline @inline(never)
    func record() -> UnsafeMutablePointer<Atomic<Int>> {
        guard hasKey else {
            pthread_rwlock_rdlock(keyless)
            // enter() makes this shared record's count odd and leave() even; nothing reads it.
            return keylessRecord
        }
        let record = records.withLock { records -> UnsafeMutablePointer<Atomic<Int>> in
            if let reused = records.free.popLast() { return reused }
            // A line of its own, so that no other thread's writes contend with this one's.
            let raw = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 128)
            let fresh = raw.bindMemory(to: Atomic<Int>.self, capacity: 1)
            fresh.initialize(to: Atomic(0))
            records.all.append(fresh)
            return fresh
        }
        pthread_setspecific(key, record)
        return record
    }

    /// Leaves a section entered without a key, given the shared record.
    @usableFromInline @inline(never)
    func leaveKeyless() {
        pthread_rwlock_unlock(keyless)
    }

    /// Takes back the record of a thread that has ended: even, since no read section outlives its thread.
    private func giveBack(_ record: UnsafeMutablePointer<Atomic<Int>>) {
        records.withLock { $0.free.append(record) }
    }
}
