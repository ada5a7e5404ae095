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
public enum RegularFile {
    /// Why a file was not read, in words for a diagnostic: `it is not a
    /// regular file`. It prints as `error: <reason>`; the caller, which knows
    /// the path, makes the diagnostic with file and code.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        public var reason: String

        public init(reason: String) {
            self.reason = reason
        }

        public var description: String { "error: \(reason)" }

        public var errorDescription: String? { description }
    }

    public static func read(_ path: String, maximumSize: Int) throws(Failure) -> [UInt8] {
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
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while true {
            let count = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
            if filled == bytes.count {
                // The file grew while it was read: read on, within the limit.
                guard bytes.count <= maximumSize else { throw Failure(reason: tooLarge(maximumSize)) }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maximumSize + 1 - bytes.count))
            }
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    private static func tooLarge(_ limit: Int) -> String {
        "it is larger than " + (limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes") + ", the most that is read"
    }
}
