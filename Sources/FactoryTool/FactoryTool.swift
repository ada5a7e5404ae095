import ArgumentParser
@_spi(Tooling) import ComponentFactory
import Foundation

/// The `factory` command line as a library, so that an app can build its own
/// tool around it. Given the app's registry, `validate` adds the
/// registry-aware checks (and `--dry-run`), and `build --env NAME` builds the
/// graph and prints it.
///
/// ```swift
/// // Sources/my-app-tool/main.swift
/// import FactoryTool
/// import MyApp
/// FactoryTool.main(registry: MyAppRegistry.make())
/// ```
public enum FactoryTool {
    /// Runs the command line of this process and exits with its status.
    /// With a registry, every registry-aware check is on. `assemblies` are
    /// what commands read when given no PATH, so that an app's tool checks
    /// its own assemblies only; `config` is the config root when no
    /// `--config` is given. The tool calls itself by its executable's name.
    ///
    /// The command runs in a task while the main thread serves the main
    /// actor, so that `build` and `validate --dry-run` can build main-actor
    /// components, and nothing blocks a thread waiting for an actor.
    public static func main(registry: ComponentRegistry? = nil, assemblies: [String] = ["Assemblies"],
                            config: String = "Config") -> Never {
        let executable = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        let environment = ToolEnvironment(variables: ProcessInfo.processInfo.environment, registry: registry,
                                          defaultAssemblies: assemblies, defaultConfig: config,
                                          toolName: executable.isEmpty ? "factory" : executable)
        let arguments = Array(CommandLine.arguments.dropFirst())
        Task {
            let result = await run(arguments: arguments, environment: environment)
            emit(result.standardOutputBytes, to: STDOUT_FILENO)
            emit(Array(result.standardError.utf8), to: STDERR_FILENO)
            exit(result.status)
        }
        dispatchMain()
    }

    /// Runs the command line with the registry `makeRegistry` returns, as
    /// ``main(registry:assemblies:config:)`` does; when making it throws
    /// (as a generated `registerComponents()` may), prints its diagnostics
    /// and exits 2, the status of an input that cannot be read.
    ///
    /// ```swift
    /// FactoryTool.main(registry: BoxOfficeRegistry.make)
    /// ```
    public static func main(registry makeRegistry: () throws(DiagnosticReport) -> ComponentRegistry, assemblies: [String] = ["Assemblies"],
                            config: String = "Config") -> Never {
        let registry: ComponentRegistry
        do {
            registry = try makeRegistry()
        } catch {
            emit(Array((error.description + "\n").utf8), to: STDERR_FILENO)
            exit(ToolResult.usageOrUnreadable)
        }
        main(registry: registry, assemblies: assemblies, config: config)
    }

    /// Writes all of `bytes` to `descriptor`, retrying after a signal.
    private static func emit(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Parses `arguments` (without the program name) and runs the command.
    /// Never exits and never prints: everything is in the result.
    public static func run(arguments: [String], environment: ToolEnvironment = ToolEnvironment()) async -> ToolResult {
        await FactoryCommand.$toolName.withValue(environment.toolName) {
            await parseAndRun(arguments: arguments, environment: environment)
        }
    }

    private static func parseAndRun(arguments: [String], environment: ToolEnvironment) async -> ToolResult {
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
            return await tool.execute(in: environment)
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
