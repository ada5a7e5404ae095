@_spi(Tooling) import ComponentFactory
import Foundation

/// The PATH arguments of `validate`, `build` and `graph`: assembly files or
/// directories. With none, the tool's defaults (`Assemblies`) that exist are read.
enum AssemblyPaths {
    /// Loads the assemblies; a named path that cannot be read is exit 2.
    /// With `requiringNoErrors`, an assembly error is exit 1, for commands
    /// that cannot go on without every definition.
    static func load(_ paths: [String], defaults: [String], requiringNoErrors: Bool = false)
        -> Result<AssemblyLoader.Loading, ToolFailure> {
        let named = paths.isEmpty ? defaults.filter { FileManager.default.fileExists(atPath: $0) } : paths
        let loaded = AssemblyLoader.load(paths: named)
        guard loaded.unreadable.isEmpty else {
            return .failure(ToolFailure(status: ToolResult.usageOrUnreadable, diagnostics: loaded.unreadable))
        }
        if requiringNoErrors && loaded.diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(ToolFailure(status: ToolResult.errorsFound, diagnostics: loaded.diagnostics))
        }
        return .success(loaded)
    }
}
