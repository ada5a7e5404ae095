@_spi(Tooling) import ComponentFactory

/// What a command may read from the process that runs it. Passed in, never
/// read from globals, so that tests run commands in-process.
public struct ToolEnvironment: Sendable {
    /// The process's environment variables, for the opt-in layer.
    public var variables: [String: String]
    /// The app's registry, when the tool is an app's own: it turns on the
    /// registry-aware checks of `validate` and the `build` command.
    public var registry: ComponentRegistry?
    /// What `validate`, `build` and `graph` read when given no PATH.
    public var defaultAssemblies: [String]
    /// The config root when no `--config` is given.
    public var defaultConfig: String
    /// The name the tool calls itself in help and errors: the executable's.
    public var toolName: String

    /// What a run sees: environment variables, the app's registry (nil for `factory`), the default assemblies and config root, and the tool's name in messages.
    public init(variables: [String: String] = [:], registry: ComponentRegistry? = nil,
                defaultAssemblies: [String] = ["Assemblies"], defaultConfig: String = "Config", toolName: String = "factory") {
        self.variables = variables
        self.registry = registry
        self.defaultAssemblies = defaultAssemblies
        self.defaultConfig = defaultConfig
        self.toolName = toolName
    }
}
