import ArgumentParser
@_spi(Tooling) import ComponentFactory
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
        // A client that has gone away makes writes fail; that must end the loop, not the process.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer(environment: environment)
        return ToolResult(status: LanguageServerConnection.serve(server, input: STDIN_FILENO, output: STDOUT_FILENO))
    }
}
