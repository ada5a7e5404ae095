import Foundation
import JavaProperties
import SystemSupport

/// Reads the `.properties` files of a config root and stacks them into a
/// ``Configuration`` for one environment:
/// 1. the base files, in the order given (a `location=` list, where a
///    `configtree:` entry stands for a ``ConfigTree`` inside the root) or sorted;
/// 2. each base file's `-<env>` overlay, where it exists;
/// 3. ``configTrees``, the trees given in code;
/// 4. environment variables, when ``environmentVariables`` is set;
/// 5. ``sources``, layers given in code (such as swift-configuration
///    providers), a later one winning;
/// 6. ``overrides``.
///
/// All files are read here; nothing after this stage touches the disk.
///
/// ```swift
/// let loader = ConfigurationLoader(root: try ConfigRoot.scan("Config"), overrides: ["db.pool": "2"])
/// let configuration = try loader.load(environment: "test")
/// ```
@_spi(Tooling)
public struct ConfigurationLoader: Sendable {
    /// The config root whose files are read.
    public var root: ConfigRoot
    /// Opt-in: nil leaves environment variables out of the stack.
    public var environmentVariables: [String: String]?
    /// Values that win over every other layer, as `--set key=value` gives them.
    public var overrides: [String: String]
    /// Layers of your own, above the files and environment variables and
    /// below ``overrides``; a later one wins.
    public var sources: [any PropertySource] = []
    /// Directory trees read as properties (Kubernetes' mounted Secrets and
    /// ConfigMaps), above the files' overlays and below environment variables; a later one wins.
    public var configTrees: [ConfigTree] = []
    /// Whether a config tree's files are read; when false, each key is known
    /// by its file's name and its value is ``SecretKeys/mask``, a secret: for
    /// a tool that checks which keys exist and must not read secrets.
    public var readsConfigTreeValues = true
    /// Text that an editor holds for a file, by path: read in place of what
    /// the file holds on disk (the language server's open documents).
    public var unsaved: [String: [UInt8]] = [:]

    /// A loader of `root`'s files, with environment variables (opt-in) and overrides as the upper layers.
    public init(root: ConfigRoot, environmentVariables: [String: String]? = nil, overrides: [String: String] = [:]) {
        self.root = root
        self.environmentVariables = environmentVariables
        self.overrides = overrides
    }

    /// Stacks the configuration of `environment` (nil: base files only).
    /// `locations` are paths relative to the root, as `location=` lists them,
    /// each with where it was written; nil means every base file, sorted.
    public func load(environment: String?, locations: [AttributeValue]? = nil) throws(DiagnosticReport) -> Configuration {
        var diagnostics: [Diagnostic] = []
        var bases: [PropertySource] = []
        var overlays: [PropertySource] = []
        let listed = locations ?? root.baseFiles.map { AttributeValue($0, at: SourceLocation(file: root.path, line: 0)) }
        let contained = ContainedRoot(root.path)
        for entry in listed {
            let location = entry.text
            let site: SourceLocation? = locations == nil ? nil : entry.location
            if let tree = ConfigTree.located(location) {
                do {
                    if let source = try readTree(tree, site: entry.location, contained: contained) { bases.append(source) }
                } catch {
                    diagnostics += error.diagnostics
                }
                continue
            }
            guard let relative = PathRules.normalized(location) else {
                diagnostics.append(Diagnostic(
                    .pathOutsideRoot, "'\(location)' is outside the config root '\(root.path)'",
                    at: site ?? SourceLocation(file: root.path, line: 0)))
                continue
            }
            let basePath = PathRules.join(root.path, relative)
            guard FileManager.default.fileExists(atPath: basePath) else {
                diagnostics.append(Diagnostic(
                    .propertiesNotFound,
                    "properties file '\(basePath)' not found" + SpellingSuggestions.didYouMean(relative, among: root.baseFiles),
                    at: site ?? SourceLocation(file: basePath, line: 0)))
                continue
            }
            let overlayPath = environment.map { PathRules.join(root.path, ConfigRoot.overlayName(of: relative, environment: $0)) }
            let paths = [basePath] + [overlayPath].compactMap { $0 }.filter { FileManager.default.fileExists(atPath: $0) }
            // A link that leads out of the root is refused, however the file is named.
            if let escaping = paths.first(where: { !contained.contains($0) }) {
                diagnostics.append(Diagnostic(
                    .pathOutsideRoot, "'\(escaping)' is a link to a file outside the config root '\(root.path)'",
                    at: site ?? SourceLocation(file: escaping, line: 0)))
                continue
            }
            do {
                bases.append(try read(basePath))
                if paths.count > 1 { overlays.append(try read(paths[1])) }
            } catch {
                diagnostics.append(error)
            }
        }
        var trees: [PropertySource] = []
        for tree in configTrees {
            do {
                trees.append(try ConfigTreeSource.read(tree, readsValues: readsConfigTreeValues))
            } catch {
                diagnostics += error.diagnostics
            }
        }
        if !diagnostics.isEmpty {
            throw DiagnosticReport(diagnostics.map { var tagged = $0; tagged.environment = environment; return tagged })
        }
        return Configuration(environment: environment, sources: bases + overlays + trees + upperLayers())
    }

    /// The tree a `location=` entry names, inside the root, read; nil when it is optional and absent.
    private func readTree(_ tree: ConfigTree, site: SourceLocation, contained: ContainedRoot) throws(DiagnosticReport) -> ConfigTreeSource? {
        guard let relative = PathRules.normalized(tree.path) else {
            throw DiagnosticReport([Diagnostic(.pathOutsideRoot, "config tree '\(tree.path)' is outside the config root '\(root.path)'",
                                               at: site)])
        }
        var inRoot = tree
        inRoot.path = PathRules.join(root.path, relative)
        guard FileManager.default.fileExists(atPath: inRoot.path) else {
            if tree.isOptional { return nil }
            throw DiagnosticReport([Diagnostic(.propertiesNotFound, "config tree '\(inRoot.path)' not found", at: site)])
        }
        guard contained.contains(inRoot.path) else {
            throw DiagnosticReport([Diagnostic(.pathOutsideRoot, "'\(inRoot.path)' is a link to a folder outside the config root '\(root.path)'",
                                               at: site)])
        }
        return try ConfigTreeSource.read(inRoot, site: site, readsValues: readsConfigTreeValues)
    }

    /// Stacks exactly `files`, in order, with no overlays: a later file wins.
    public func load(files: [String], environment: String? = nil) throws(DiagnosticReport) -> Configuration {
        var diagnostics: [Diagnostic] = []
        var sources: [PropertySource] = []
        for file in files {
            do {
                sources.append(try read(file))
            } catch {
                diagnostics.append(error)
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticReport(diagnostics) }
        return Configuration(environment: environment, sources: sources + upperLayers())
    }

    private func upperLayers() -> [PropertySource] {
        var layers: [PropertySource] = []
        if let environmentVariables { layers.append(EnvironmentVariablesSource(variables: environmentVariables)) }
        layers += sources
        if !overrides.isEmpty { layers.append(InMemoryPropertySource(name: "overrides", values: overrides)) }
        return layers
    }

    /// Reads one file, or its unsaved text, turning reader errors into diagnostics.
    public func read(_ path: String) throws(Diagnostic) -> PropertiesFileSource {
        do {
            if let text = unsaved[path] { return PropertiesFileSource(document: try PropertiesReader.read(bytes: text, file: path)) }
            return PropertiesFileSource(document: try PropertiesReader.read(contentsOfFile: path))
        } catch {
            let code: DiagnosticCode = error.kind == .unreadable ? .propertiesNotFound : .malformedProperties
            let location = SourceLocation(file: error.file, line: error.line, column: max(error.column, 1))
            throw Diagnostic(code, error.message, at: location)
        }
    }
}
