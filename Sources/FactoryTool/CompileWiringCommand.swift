import ArgumentParser
@_spi(Tooling) import ComponentFactory
import Foundation

/// `compile-wiring [PATH…] --output DIR [--name TYPE] [--public] [--module M] [--one-file] [--config DIR] [--check]`
///
/// Only in an app's own tool: builds every environment of the config root
/// with the app's registry, as `Factory.load` would, and writes what it
/// built as Swift: `TYPE.swift` (the entry: the files, the stamps, and each
/// environment's plans in order) and `TYPE+DOCUMENT.swift` for each assembly
/// document (its components' shapes); with `--module`, `TYPE.Components.swift`
/// (typed accessors and printed makers, see ``WiringMakers``). With
/// `--one-file`, the documents go into `TYPE.swift` too: the outputs a
/// build-tool plugin declares, known before the tool runs. Shape only: no `.properties` value is
/// written. A file is rewritten only when its bytes change, and a generated
/// file no longer produced is removed. With `--check`, nothing is written,
/// and exit 1 lists the files that are not what this would write.
struct CompileWiringCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile-wiring",
        abstract: "Write every environment's wiring as Swift, for Factory.load(compiled:registry:options:).")

    @Argument(help: "Assembly files or directories of them. Default: Assemblies.")
    var paths: [String] = []

    @OptionGroup var options: ConfigurationOptions

    @Option(help: "The directory to write the generated files into: a folder of the app's target.")
    var output: String

    @Option(help: "The name of the generated type, and the prefix of its files.")
    var name = "AppWiring"

    @Flag(name: .customLong("public"), help: "Make the generated type public, for an app whose wiring lives in a library target.")
    var isPublic = false

    @Option(help: ArgumentHelp("The module the generated files compile into. With it, also write NAME.Components.swift: "
                               + "typed accessors, and printed makers that call initializers directly.", valueName: "MODULE"))
    var module: String?

    @Flag(help: ArgumentHelp("Write the entry and every document into NAME.swift (beside NAME.Components.swift with --module): "
                             + "the fixed outputs a build-tool plugin declares before the tool runs."))
    var oneFile = false

    @Flag(help: "Write nothing; exit 1 when a generated file is not what this would write.")
    var check = false

    func validate() throws {
        guard Self.isIdentifier(name) else { throw ValidationError("--name must be a Swift identifier: '\(name)' is not") }
        if let module, !Self.isIdentifier(module) { throw ValidationError("--module must be a Swift identifier: '\(module)' is not") }
    }

    func execute(in environment: ToolEnvironment) async -> ToolResult {
        guard let registry = environment.registry else {
            return ToolFailure(usage: "compile-wiring builds with the app's registry: run the app's own tool "
                                   + "(FactoryTool.main(registry:))").result
        }
        let named = paths.isEmpty ? environment.defaultAssemblies.filter { FileManager.default.fileExists(atPath: $0) } : paths
        let loaded: AssemblyLoader.Loading
        switch AssemblyPaths.load(paths, defaults: environment.defaultAssemblies, requiringNoErrors: true) {
        case .failure(let failure): return failure.result
        case .success(let value): loaded = value
        }
        let root: ConfigRoot
        switch options.scanRoot(in: environment) {
        case .failure(let failure): return failure.result
        case .success(let scanned): root = scanned
        }
        let loader = options.loader(root: root, environment: environment)
        let builds = (root.environments.isEmpty ? [nil] : root.environments.map(Optional.some)).map { name in
            EnvironmentBuild(assemblies: loaded.assemblies, loader: loader, environment: name, registry: registry)
        }
        let report = EnvironmentBuild.report(loaded.assemblies, builds)
        if report.hasErrors { return ToolFailure(report: report).result }
        var images: [WiringImage] = []
        for build in builds {
            do {
                images.append(try build.wiringImage(of: loaded.assemblies, registry: registry))
            } catch {
                return ToolFailure(status: ToolResult.errorsFound, diagnostics: [error]).result
            }
        }
        var sources: [String: UInt64] = [:]
        for document in loaded.assemblies.documents {
            guard let bytes = FileManager.default.contents(atPath: document.file) else { continue }
            sources[document.file] = WiringStamps.source(Array(bytes))
        }
        let stamps = WiringStamps(assemblies: named, sources: sources, registry: WiringStamps.registry(registry))
        let files = WiringSwiftFiles(WiringWriter(images, stamps: stamps), name: name, isPublic: isPublic,
                                    toolName: environment.toolName, assemblies: named, oneFile: oneFile,
                                    makers: module.map { (images: images, registry: registry, module: $0) })
        return check ? files.check(in: output) : files.write(to: output)
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) }
    }
}
