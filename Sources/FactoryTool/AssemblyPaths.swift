import ComponentFactory
import Foundation

/// The PATH arguments of `validate` and `graph`: assembly files or
/// directories. With none, `Assemblies` is read if it exists.
enum AssemblyPaths {
    static let defaultDirectory = "Assemblies"

    /// Loads the assemblies; a named path that cannot be read is exit 2.
    static func load(_ paths: [String]) -> Result<AssemblyLoader.Loading, ToolFailure> {
        let named = paths.isEmpty ? (FileManager.default.fileExists(atPath: defaultDirectory) ? [defaultDirectory] : []) : paths
        let loaded = AssemblyLoader.load(paths: named)
        guard loaded.unreadable.isEmpty else {
            return .failure(ToolFailure(status: ToolResult.usageOrUnreadable, diagnostics: loaded.unreadable))
        }
        return .success(loaded)
    }
}
