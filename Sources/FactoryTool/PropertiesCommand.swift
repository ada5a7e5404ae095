import ArgumentParser
@_spi(Tooling) import ComponentFactory
import JavaProperties

/// `factory properties [FILE…] [--config DIR] [--env NAME] [--set K=V…] [--raw] [--show-secrets] [--format text|json]`
/// `factory properties --manifest [--assemblies PATH…] [--config DIR] [--show-secrets] [--format text|json]`
///
/// Prints the merged map sorted by key, as `.properties` text that reads back
/// to the same map, or as one JSON object. With `--manifest`, every key of
/// every environment with its values, readers and description, as Markdown
/// (the text form) or JSON.
struct PropertiesCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "properties",
        abstract: "Print the merged, resolved properties of an environment or of the given files.")

    @Argument(help: "Read exactly these files, in order; a later file wins. Without them, read the config root.")
    var files: [String] = []

    @OptionGroup var options: ConfigurationOptions

    @Option(help: "The environment whose overlays apply; its name is the built-in key 'env'.")
    var env: String?

    @Flag(help: "Print values as written, without resolving placeholders.")
    var raw = false

    @Flag(help: "Show the values of keys that look secret instead of ******.")
    var showSecrets = false

    @Option(help: "text or json; with --manifest, text is Markdown.")
    var format: OutputFormat = .text

    @Flag(help: "Print every key of every environment: where each is set and to what, what reads it, and its description.")
    var manifest = false

    @Option(name: .customLong("assemblies"), help: "With --manifest: the assemblies whose readers to list (repeatable). Default: the tool's.")
    var assemblyPaths: [String] = []

    func execute(in environment: ToolEnvironment) -> ToolResult {
        if manifest { return printManifest(environment) }
        switch load(environment) {
        case .failure(let failure):
            return failure.result
        case .success(let configuration):
            return print(configuration)
        }
    }

    private func printManifest(_ environment: ToolEnvironment) -> ToolResult {
        guard files.isEmpty, env == nil, !raw else {
            return ToolFailure(usage: "--manifest covers every environment of the config root: give no FILE, --env or --raw").result
        }
        let loaded: AssemblyLoader.Loading
        switch AssemblyPaths.load(assemblyPaths, defaults: environment.defaultAssemblies) {
        case .failure(let failure): return failure.result
        case .success(let value): loaded = value
        }
        switch options.scanRoot(in: environment) {
        case .failure(let failure):
            return failure.result
        case .success(let root):
            do {
                let manifest = try PropertyManifest(assemblies: loaded.assemblies,
                                                    loader: options.loader(root: root, environment: environment, treeValues: false),
                                                    registry: environment.registry, showSecrets: showSecrets)
                return ToolResult(status: ToolResult.success,
                                  standardOutput: format == .json ? ManifestText.json(manifest) : ManifestText.markdown(manifest))
            } catch {
                return ToolFailure(status: ToolResult.errorsFound, diagnostics: error.diagnostics).result
            }
        }
    }

    private func load(_ environment: ToolEnvironment) -> Result<Configuration, ToolFailure> {
        if !files.isEmpty {
            let loader = options.loader(root: ConfigRoot(path: ".", baseFiles: [], environments: []), environment: environment)
            return Result { () throws(DiagnosticReport) in try loader.load(files: files, environment: env) }
                .mapError(ToolFailure.init(report:))
        }
        return options.scanRoot(in: environment).flatMap { root in
            if let env, let failure = ConfigurationOptions.checkEnvironments([env], in: root) {
                return .failure(failure)
            }
            let loader = options.loader(root: root, environment: environment)
            return Result { () throws(DiagnosticReport) in try loader.load(environment: env) }
                .mapError(ToolFailure.init(report:))
        }
    }

    private func print(_ configuration: Configuration) -> ToolResult {
        var listing: PropertyListing
        if raw {
            listing = configuration.listing
        } else {
            var pairs: [(key: String, value: String)] = []
            var problems: [Diagnostic] = []
            var resolver = PlaceholderResolver(configuration: configuration)
            for key in configuration.keys {
                do {
                    guard let (value, isSecret) = try resolver.guardedValue(forKey: key) else { continue }
                    // A value built from a secret is masked as the secret is, whatever its own key.
                    pairs.append((key, isSecret && !showSecrets ? SecretKeys.mask : value))
                } catch {
                    problems.append(error)
                }
            }
            if !problems.isEmpty {
                return ToolFailure(status: ToolResult.errorsFound, diagnostics: problems).result
            }
            listing = PropertyListing(pairs: pairs)
        }
        if !showSecrets {
            listing.replaceValues(with: SecretKeys.mask, where: SecretKeys.isSecret(bytes:))
        }
        switch format {
        case .text:
            return ToolResult(status: ToolResult.success, standardOutputBytes: PropertiesWriter.bytes(listing))
        case .json:
            return ToolResult(status: ToolResult.success, standardOutputBytes: JSONText.object(listing, trailer: "\n"))
        }
    }
}
