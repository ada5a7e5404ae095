import Foundation

/// JSON-RPC messages cut out of a byte stream by their `Content-Length`
/// headers, as the Language Server Protocol frames them, and framed again
/// for sending.
///
/// A header that cannot be read is skipped with an error, so one bad message
/// never stalls the stream. A body over ``maximumBody`` is refused unread.
///
/// ```swift
/// var framing = MessageFraming()
/// framing.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
/// try framing.next()  // the bytes of "{}"
/// ```
struct MessageFraming {
    /// The largest body accepted: the assembly limit, with room for JSON escapes.
    static let maximumBody = 256 << 20
    /// The longest header block read before the stream is declared broken.
    static let maximumHeader = 4096

    enum Failure: Error, Equatable {
        case unreadableHeader(String)
        case tooLarge(Int)
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body still to skip after a refused one.
    private var skipping = 0

    mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete body, or nil until more bytes arrive.
    mutating func next() throws(Failure) -> [UInt8]? {
        if skipping > 0 {
            let skipped = min(skipping, buffer.count - start)
            start += skipped
            skipping -= skipped
            compact()
            if skipping > 0 { return nil }
        }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maximumHeader {
                start = buffer.count
                compact()
                throw .unreadableHeader("no end of headers in \(Self.maximumHeader) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        let bodyStart = end + 4
        guard let length = Self.contentLength(in: header) else {
            start = bodyStart
            compact()
            throw .unreadableHeader(header)
        }
        guard length <= Self.maximumBody else {
            start = bodyStart
            skipping = length
            compact()
            throw .tooLarge(length)
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        compact()
        return body
    }

    static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    private func headerEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D && buffer[index + 1] == 0x0A && buffer[index + 2] == 0x0D && buffer[index + 3] == 0x0A {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func contentLength(in header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                return Int(parts[1].trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
            }
        }
        return nil
    }

    /// Drops what has been consumed once it is most of the buffer.
    private mutating func compact() {
        if start > 0 && start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
