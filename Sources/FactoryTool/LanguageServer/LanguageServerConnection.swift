#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a ``LanguageServer`` over two file descriptors, as `factory lsp`
/// does over standard input and output: `Content-Length` framed messages
/// in, each reply framed out, until the client sends `exit` or goes away.
///
/// ```swift
/// let status = LanguageServerConnection.serve(LanguageServer(environment: ToolEnvironment()), input: STDIN_FILENO, output: STDOUT_FILENO)
/// ```
enum LanguageServerConnection {
    /// Serves until `exit` (the status `exit` gives: 0 after `shutdown`,
    /// else 1) or until the input ends or the output fails (1).
    static func serve(_ server: LanguageServer, input: Int32, output: Int32) -> Int32 {
        var framing = MessageFraming()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while server.exitStatus == nil {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return 1 }  // the client vanished without `exit`
            framing.append(chunk[..<count])
            while true {
                let body: [UInt8]
                do {
                    guard let next = try framing.next() else { break }
                    body = next
                } catch {
                    guard send(LanguageServer.logMessage("dropped a message: \(error)"), to: output) else { return 1 }
                    continue
                }
                for reply in server.handle(body) {
                    guard send(reply, to: output) else { return 1 }
                }
                if server.exitStatus != nil { break }
            }
        }
        return server.exitStatus ?? 1
    }

    /// Writes one framed message; false when the client has gone.
    private static func send(_ body: [UInt8], to output: Int32) -> Bool {
        let framed = MessageFraming.frame(body)
        var offset = 0
        while offset < framed.count {
            let written = framed.withUnsafeBytes { write(output, $0.baseAddress.map { $0 + offset }, framed.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
