import ArgumentParser
import ComponentFactory
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `factory lsp`: the language server over standard input and output, until
/// the client sends `exit` or goes away. Unlike the other commands it reads
/// and writes as it runs; its result carries only the exit status.
struct LSPCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server over stdio (LSP 3.17), for editors.")

    func execute(in environment: ToolEnvironment) -> ToolResult {
        let server = LanguageServer(registry: environment.registry)
        var framing = MessageFraming()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        // A client that has gone away makes writes fail; that must end the loop, not the process.
        signal(SIGPIPE, SIG_IGN)
        while server.exitStatus == nil {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return ToolResult(status: 1) }  // the client vanished without `exit`
            framing.append(chunk[..<count])
            while true {
                let body: [UInt8]
                do {
                    guard let next = try framing.next() else { break }
                    body = next
                } catch {
                    guard send(LanguageServer.logMessage("dropped a message: \(error)")) else { return ToolResult(status: 1) }
                    continue
                }
                for reply in server.handle(body) {
                    guard send(reply) else { return ToolResult(status: 1) }
                }
                if server.exitStatus != nil { break }
            }
        }
        return ToolResult(status: server.exitStatus ?? 1)
    }

    /// Writes one framed message; false when the client has gone.
    private func send(_ body: [UInt8]) -> Bool {
        let framed = MessageFraming.frame(body)
        var offset = 0
        while offset < framed.count {
            let written = framed.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress.map { $0 + offset }, framed.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
