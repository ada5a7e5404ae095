import ArgumentParser
@_spi(Tooling) import ComponentFactory

/// `factory schema`: prints `assembly.xsd`, for editors' completion. In an
/// app's own tool, the `class` attribute lists the registry's names.
struct SchemaCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the XML Schema of assemblies (assembly.xsd).")

    @Flag(name: .customLong("no-namespace"), help: "For documents with no xmlns: the schema without a target namespace.")
    var noNamespace = false

    func execute(in environment: ToolEnvironment) -> ToolResult {
        var schema = environment.registry.map { AssemblySchema.text(classNames: $0.names) } ?? AssemblySchema.text
        if noNamespace { schema = AssemblySchema.withoutNamespace(schema) }
        return ToolResult(status: ToolResult.success, standardOutput: schema + "\n")
    }
}
