import ArgumentParser
import ComponentFactory

/// `factory schema`: prints `assembly.xsd`, for editors' completion.
struct SchemaCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the XML Schema of assemblies (assembly.xsd).")

    func execute(in environment: ToolEnvironment) -> ToolResult {
        ToolResult(status: ToolResult.success, standardOutput: AssemblySchema.text + "\n")
    }
}
