import Foundation
import PackagePlugin

/// The build-tool plugin: applied to a target, it checks the target's
/// assemblies and configuration for every environment on each build where
/// one of them changed (`factory plugin-check`), printing each problem as a
/// `file:line:col: error:` or `warning:` line; an error fails the build.
/// With typed keys on, it also generates the target's typed keys.
///
/// It reads `component-factory.json` in the target's directory when there is
/// one, else takes the target's `Assemblies` and `Config` directories:
///
/// ```json
/// {"assemblies": ["Assemblies"], "config": "Config",
///  "typedKeys": {"name": "MiddleAgesKeys", "public": true, "imports": [], "types": {"Quest": "any Quest"},
///                "suspending": ["TicketLedger"]}}
/// ```
///
/// Paths are relative to the target's directory; an entry of `assemblies`
/// may name a file or a directory, whose `*.xml` files are all read.
@main
struct CheckAssemblies: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let directory = target.directoryURL
        let settings = try PluginSettings(directory: directory)
        guard !settings.assemblies.isEmpty else {
            Diagnostics.warning("CheckAssemblies: target '\(target.name)' has no Assemblies directory and no component-factory.json "
                                    + "naming its assemblies: nothing to check")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "ComponentFactoryChecks.swift")
        // The settings file is passed, not what it says: the command reads it as it runs, so that an edit
        // to it, an input of the command, reruns the check with what it says now (SwiftPM plans the
        // commands again only when the package changes).
        var arguments = ["plugin-check", "--output", output.path]
        if let file = settings.settingsFile {
            arguments += ["--settings", file.path]
        } else {
            arguments += settings.assemblies.map(\.path)
            if let config = settings.config { arguments += ["--config", config.path] }
        }
        let inputs = settings.inputFiles
        return [.buildCommand(displayName: "Checking the assemblies of \(target.name) for every environment",
                              executable: try context.tool(named: "factory").url, arguments: arguments,
                              inputFiles: inputs, outputFiles: [output])]
    }
}

/// What the plugin checks for one target, as far as it must know to name
/// the command's inputs: `component-factory.json`'s assemblies and config
/// root, or the defaults. The command reads the rest of the file itself.
struct PluginSettings {
    struct File: Decodable {
        var assemblies: [String]?
        var config: String?
    }

    static let fileName = "component-factory.json"

    let assemblies: [URL]
    let config: URL?
    /// The settings file itself, when there is one: a change to it reruns the checks too.
    let settingsFile: URL?

    init(directory: URL) throws {
        let file = directory.appending(path: Self.fileName)
        let manager = FileManager.default
        var settings = File()
        if manager.fileExists(atPath: file.path) {
            settings = try JSONDecoder().decode(File.self, from: Data(contentsOf: file))
            settingsFile = file
        } else {
            settingsFile = nil
        }
        let assemblies = (settings.assemblies ?? ["Assemblies"]).map { directory.appending(path: $0) }
        self.assemblies = assemblies.filter { manager.fileExists(atPath: $0.path) }
        let config = directory.appending(path: settings.config ?? "Config")
        self.config = manager.fileExists(atPath: config.path) ? config : nil
    }

    /// Every assembly and .properties file the checks read, and the settings file.
    var inputFiles: [URL] {
        var files = assemblies.flatMap { Self.files(under: $0, suffix: ".xml") }
        if let config { files += Self.files(under: config, suffix: ".properties") }
        if let settingsFile { files.append(settingsFile) }
        return files
    }

    private static func files(under url: URL, suffix: String) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [url] }
        let found = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return found.filter { $0.path.hasSuffix(suffix) }.sorted { $0.path < $1.path }
    }
}
