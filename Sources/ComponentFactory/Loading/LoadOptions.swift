import Foundation
import Logging

extension Factory {
    /// How a factory loads: everything but its assemblies and its registry.
    /// Every loading entry point takes it (`Factory.load(assemblies:registry:options:)`,
    /// `Factory.loadAsync(assemblies:registry:options:)`,
    /// `LiveFactory.load(assemblies:registry:options:)`, and in tests
    /// `TestFactory.make(assemblies:registry:options:patcher:)` and the
    /// `.factory` trait), beside short forms that take only `config:` and `environment:`.
    ///
    /// - `config`: the config root, a directory of base `.properties` files
    ///   and their `-<env>` overlays: a path, or a file URL such as a bundle's
    ///   resource. Optional: with none, an assembly that reads no property loads.
    /// - `environment`: the active environment. When nil, the variable
    ///   ``Factory/environmentVariable`` of `processEnvironment` names it; when
    ///   that is unset too and the config root has environments, the load
    ///   throws, listing them: it never picks one silently.
    /// - `overrides` win over every file; `useEnvironmentVariables` adds
    ///   `processEnvironment` as a layer below them (`DB_URL` supplies `db.url`).
    /// - `configTrees`: directory trees read as properties, one file per key
    ///   (Kubernetes' mounted Secrets and ConfigMaps; see ``ConfigTree``), above
    ///   the files and below environment variables; their values are secrets.
    /// - `sources`: layers of your own, such as swift-configuration providers,
    ///   above the files and environment variables and below `overrides`; a later one wins.
    /// - `parent`: a factory to take what these assemblies do not define from.
    /// - `interpretsStaleWiring`: for a load from compiled wiring, in
    ///   development: wiring that no longer fits (an assembly, the registry,
    ///   or a value that decides shape changed) is set aside, with one warning
    ///   logged, and the assemblies it was compiled from are interpreted. Off,
    ///   such wiring is refused with a `stale-wiring` diagnostic naming what changed.
    /// - `logger`: at debug level, the environment, the files read, the number
    ///   of components and the time taken; at error level, a destroy method
    ///   that fails. Nothing is logged without one.
    ///
    /// ```swift
    /// var options = Factory.LoadOptions(config: "Config", environment: "production")
    /// options.useEnvironmentVariables = true
    /// options.logger = logger
    /// let factory = try Factory.load(assemblies: ["Assemblies"], registry: AppRegistry.make(), options: options)
    /// ```
    public struct LoadOptions: Sendable {
        /// The config root; nil for none.
        public var config: Location?
        /// The active environment; nil to take it from ``Factory/environmentVariable``.
        public var environment: String?
        /// Values that win over every other layer.
        public var overrides: [String: String]
        /// Whether `processEnvironment` is a layer (`DB_URL` supplies `db.url`).
        public var useEnvironmentVariables: Bool
        /// Layers given in code, above the files and environment variables; a later one wins.
        public var sources: [any PropertySource]
        /// Directory trees read as properties at each load and reload, above the files and below environment variables.
        public var configTrees: [ConfigTree] = []
        /// A factory to take what these assemblies do not define from.
        public var parent: Factory?
        /// Whether a load from compiled wiring that no longer fits interprets the assemblies instead (in development).
        public var interpretsStaleWiring = false
        /// Where loading, and later shutdown, say what they did.
        public var logger: Logger?
        /// The variables read for ``Factory/environmentVariable`` and, when asked, as a layer.
        public var processEnvironment: [String: String]

        /// Options; each default is what a load without it does.
        public init(config: Location? = nil, environment: String? = nil, overrides: [String: String] = [:],
                    useEnvironmentVariables: Bool = false, sources: [any PropertySource] = [], parent: Factory? = nil,
                    logger: Logger? = nil, processEnvironment: [String: String] = ProcessInfo.processInfo.environment) {
            self.config = config
            self.environment = environment
            self.overrides = overrides
            self.useEnvironmentVariables = useEnvironmentVariables
            self.sources = sources
            self.parent = parent
            self.logger = logger
            self.processEnvironment = processEnvironment
        }
    }

    /// A file or directory a load reads: a path, relative to the working
    /// directory unless absolute, or a file URL, such as a bundle's resource.
    /// A string literal is a path, and so is an interpolation; a `String`
    /// held in a variable is `.path(variable)`.
    ///
    /// ```swift
    /// Factory.LoadOptions(config: "Config")
    /// Factory.LoadOptions(config: "\(root)/Config")
    /// Factory.LoadOptions(config: .path(configPath))  // configPath: String
    /// Factory.LoadOptions(config: .url(configURL))    // configURL: Bundle.module.url(forResource: "Config", withExtension: nil)
    /// ```
    public enum Location: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
        /// A path.
        case path(String)
        /// A file URL.
        case url(URL)

        /// A path, written as a literal.
        public init(stringLiteral path: String) {
            self = .path(path)
        }

        /// A path, written as an interpolation: `"\(root)/Assemblies"`.
        public init(stringInterpolation: DefaultStringInterpolation) {
            self = .path(String(stringInterpolation: stringInterpolation))
        }

        /// The path, or the URL as written.
        public var description: String {
            switch self {
            case .path(let path): path
            case .url(let url): url.isFileURL ? url.path : url.absoluteString
            }
        }

        /// The path to read: a URL that is not a file URL is `import-not-found`.
        func filePath() throws(DiagnosticReport) -> String {
            switch self {
            case .path(let path):
                return path
            case .url(let url):
                guard url.isFileURL else { throw DiagnosticReport([Self.notAFile(url)]) }
                return url.path
            }
        }

        /// The paths of `locations`, as every loading entry point reads them:
        /// each URL that is not a file URL is `import-not-found`, all reported together.
        static func filePaths(_ locations: [Location]) throws(DiagnosticReport) -> [String] {
            var paths: [String] = []
            var problems: [Diagnostic] = []
            for location in locations {
                do {
                    paths.append(try location.filePath())
                } catch {
                    problems += error.diagnostics
                }
            }
            guard problems.isEmpty else { throw DiagnosticReport(problems) }
            return paths
        }

        /// The one rule for URLs a load reads: one that is not a file URL is `import-not-found`.
        static func notAFile(_ url: URL) -> Diagnostic {
            Diagnostic(.importNotFound, "'\(url.absoluteString)' is not a file URL", at: nil)
        }
    }
}
