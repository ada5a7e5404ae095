import ArgumentParser
@_spi(Tooling) import ComponentFactory
import SystemSupport
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

    func execute(in environment: ToolEnvironment) async -> ToolResult {
        // A client that has gone away makes writes fail; that must end the loop, not the process.
        signal(SIGPIPE, SIG_IGN)
        // The loop blocks on reads for the session's whole life: on a Dispatch thread of its own, not one of Swift's pool.
        let status = await BackgroundWork.run {
            LanguageServerConnection.serve(LanguageServer(environment: environment), input: STDIN_FILENO, output: STDOUT_FILENO)
        }
        return ToolResult(status: status)
    }
}
