/// What a command may read from the process that runs it. Passed in, never
/// read from globals, so that tests run commands in-process.
public struct ToolEnvironment: Sendable {
    /// The process's environment variables, for the opt-in layer.
    public var variables: [String: String]

    public init(variables: [String: String] = [:]) {
        self.variables = variables
    }
}
