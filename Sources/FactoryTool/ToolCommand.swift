import ArgumentParser

/// A subcommand of the tool: parsed by ArgumentParser, then executed with an
/// explicit environment into a ``ToolResult``.
protocol ToolCommand: ParsableCommand {
    func execute(in environment: ToolEnvironment) -> ToolResult
}
