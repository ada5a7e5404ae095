import ArgumentParser

/// A subcommand of the tool: parsed by ArgumentParser, then executed with an
/// explicit environment into a ``ToolResult``. Async, since `build` and
/// `validate --dry-run` build components whose construction can suspend.
protocol ToolCommand: ParsableCommand {
    func execute(in environment: ToolEnvironment) async -> ToolResult
}
