import ArgumentParser

/// The root of the `factory` command line. Its name is the running tool's,
/// so that an app's own tool says `middle-ages validate` in its help.
struct FactoryCommand: ParsableCommand {
    /// The name of the tool being run; `FactoryTool.run` sets it for the call.
    @TaskLocal static var toolName = "factory"

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: toolName,
            abstract: "Validate ComponentFactory assemblies and configuration before they ship.",
            subcommands: [ValidateCommand.self, BuildCommand.self, PropertiesCommand.self, GraphCommand.self, SchemaCommand.self, LSPCommand.self,
                          PluginCheckCommand.self, CompileWiringCommand.self])
    }
}
