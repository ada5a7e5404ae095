import ComponentFactory
import Foundation

/// The PATH arguments of `validate`, `build` and `graph`: assembly files or
/// directories. With none, the tool's defaults (`Assemblies`) that exist are read.
enum AssemblyPaths {
    /// Loads the assemblies; a named path that cannot be read is exit 2.
    static func load(_ paths: [String], defaults: [String]) -> Result<AssemblyLoader.Loading, ToolFailure> {
        let named = paths.isEmpty ? defaults.filter { FileManager.default.fileExists(atPath: $0) } : paths
        let loaded = AssemblyLoader.load(paths: named)
        guard loaded.unreadable.isEmpty else {
            return .failure(ToolFailure(status: ToolResult.usageOrUnreadable, diagnostics: loaded.unreadable))
        }
        return .success(loaded)
    }
}
