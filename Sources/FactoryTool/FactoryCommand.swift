import ArgumentParser

/// The root of the `factory` command line.
struct FactoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "factory",
        abstract: "Validate ComponentFactory assemblies and configuration before they ship.",
        subcommands: [ValidateCommand.self, BuildCommand.self, PropertiesCommand.self, GraphCommand.self, SchemaCommand.self])
}
