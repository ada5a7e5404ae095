import ArgumentParser
import Foundation

/// The `factory` command line as a library, so that an app can build its own
/// tool around it.
///
/// ```swift
/// // Sources/factory/main.swift
/// import FactoryTool
/// FactoryTool.main()
/// ```
public enum FactoryTool {
    /// Runs the command line of this process and exits with its status.
    public static func main() -> Never {
        let environment = ToolEnvironment(variables: ProcessInfo.processInfo.environment)
        let result = run(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
        FileHandle.standardOutput.write(Data(result.standardOutput.utf8))
        FileHandle.standardError.write(Data(result.standardError.utf8))
        exit(result.status)
    }

    /// Parses `arguments` (without the program name) and runs the command.
    /// Never exits and never prints: everything is in the result.
    public static func run(arguments: [String], environment: ToolEnvironment = ToolEnvironment()) -> ToolResult {
        let command: ParsableCommand
        do {
            command = try FactoryCommand.parseAsRoot(arguments)
        } catch {
            let message = FactoryCommand.fullMessage(for: error) + "\n"
            if FactoryCommand.exitCode(for: error) == .success {
                return ToolResult(status: ToolResult.success, standardOutput: message)
            }
            return ToolResult(status: ToolResult.usageOrUnreadable, standardError: message)
        }
        if let tool = command as? ToolCommand {
            return tool.execute(in: environment)
        }
        if command is FactoryCommand {
            // No subcommand: the command line is incomplete.
            return ToolResult(status: ToolResult.usageOrUnreadable, standardError: FactoryCommand.helpMessage() + "\n")
        }
        // ArgumentParser's own commands, such as `help`, report through errors.
        do {
            var builtIn = command
            try builtIn.run()
            return ToolResult(status: ToolResult.success)
        } catch {
            let message = FactoryCommand.fullMessage(for: error) + "\n"
            let success = FactoryCommand.exitCode(for: error) == .success
            return success
                ? ToolResult(status: ToolResult.success, standardOutput: message)
                : ToolResult(status: ToolResult.usageOrUnreadable, standardError: message)
        }
    }
}
