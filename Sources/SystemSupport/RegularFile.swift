import Foundation

#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Reads a whole regular file, bounded: what every input file of the
/// project goes through, so that no FIFO blocks, no device streams forever
/// and no file larger than its limit is read into memory.
///
/// The file is opened without blocking and checked with `fstat` before a
/// byte is read: it must be a regular file of at most `maximumSize` bytes.
/// A file that grows past the limit while it is read fails too.
///
/// ```swift
/// let bytes = try RegularFile.read("Config/app.properties", maximumSize: 1 << 20)
/// ```
package enum RegularFile {
    /// Why a file was not read, in words for a diagnostic: `it is not a
    /// regular file`. It prints as `error: <reason>`; the caller, which knows
    /// the path, makes the diagnostic with file and code.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        /// Why the file was not read, for people.
        package var reason: String

        /// A failure for `reason`.
        package init(reason: String) {
            self.reason = reason
        }

        package var description: String { "error: \(reason)" }

        package var errorDescription: String? { description }
    }

    /// Reads the regular file at `path` whole, refusing anything else (a directory, a FIFO, a device) and anything larger than `maximumSize` bytes before reading it; opening never blocks.
    package static func read(_ path: String, maximumSize: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(reason: (status.st_mode & S_IFMT) == S_IFDIR ? "it is a directory" : "it is not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= maximumSize else { throw Failure(reason: tooLarge(maximumSize)) }
        // One byte more than the size, so that a file that grew is noticed.
        var request = size + 1
        var bytes = try readChunk(of: request, from: descriptor)
        var lastRead = bytes.count
        while lastRead == request {
            // The file grew while it was read: read on, within the limit.
            guard bytes.count <= maximumSize else { throw Failure(reason: tooLarge(maximumSize)) }
            request = min(bytes.count, maximumSize + 1 - bytes.count)
            let more = try readChunk(of: request, from: descriptor)
            lastRead = more.count
            bytes += more
        }
        return bytes
    }

    /// Up to `count` bytes, fewer only at the end of the file, read straight
    /// into a buffer that nothing has touched before.
    private static func readChunk(of count: Int, from descriptor: Int32) throws(Failure) -> [UInt8] {
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            filled = 0
            while filled < count, let base = buffer.baseAddress {
                let read = systemRead(descriptor, base + filled, count - filled)
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if read == 0 { return }
                filled += read
            }
        }
        guard failure == 0 else { throw Failure(reason: String(cString: strerror(failure))) }
        return bytes
    }

    private static func tooLarge(_ limit: Int) -> String {
        "it is larger than " + (limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes") + ", the most that is read"
    }
}
