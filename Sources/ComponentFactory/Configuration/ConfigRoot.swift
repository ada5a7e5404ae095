import Foundation

/// A configuration directory, scanned once: its base `.properties` files and
/// the environments that their `-<env>` overlays name.
///
/// `app-test.properties` is an overlay of `app.properties` for environment
/// `test` when `app.properties` exists; otherwise it is a base file of its
/// own. The environments are the overlay suffixes found, sorted.
///
/// ```swift
/// let root = try ConfigRoot.scan("Config")
/// root.baseFiles     // ["app.properties"]
/// root.environments  // ["development", "production", "test"]
/// ```
@_spi(Tooling)
public struct ConfigRoot: Sendable, Hashable {
    /// The directory, as given.
    public let path: String
    /// Base file names, sorted.
    public let baseFiles: [String]
    /// Environment names, sorted.
    public let environments: [String]

    /// A config root whose contents are already known, as ``scan(_:)`` finds them.
    public init(path: String, baseFiles: [String], environments: [String]) {
        self.path = path
        self.baseFiles = baseFiles
        self.environments = environments
    }

    /// Lists `path`. A missing directory is `properties-not-found`.
    public static func scan(_ path: String) throws(Diagnostic) -> ConfigRoot {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path)
        else {
            throw Diagnostic(.propertiesNotFound, "config directory '\(path)' does not exist or cannot be read",
                             at: SourceLocation(file: path, line: 0))
        }
        let stems = Set(names.filter { $0.hasSuffix(".properties") }.map { String($0.dropLast(".properties".count)) })
        var bases: [String] = []
        var environments = Set<String>()
        for stem in stems {
            if let (_, environment) = overlayParts(of: stem, stems: stems) {
                environments.insert(environment)
            } else {
                bases.append(stem + ".properties")
            }
        }
        return ConfigRoot(path: path, baseFiles: bases.sorted(), environments: environments.sorted())
    }

    /// Throws unless `name` is one of ``environments``: `properties-not-found`,
    /// with a did-you-mean and the environments there are.
    public func checkEnvironment(_ name: String) throws(Diagnostic) {
        guard !environments.contains(name) else { return }
        let known = environments.isEmpty ? "none" : environments.joined(separator: ", ")
        throw Diagnostic(.propertiesNotFound,
                         "unknown environment '\(name)'" + SpellingSuggestions.didYouMean(name, among: environments)
                             + " (environments in '\(path)': \(known))",
                         at: nil)
    }

    /// The longest existing base stem that `stem` extends with `-<env>`.
    private static func overlayParts(of stem: String, stems: Set<String>) -> (base: String, environment: String)? {
        var best: (base: String, environment: String)?
        var index = stem.startIndex
        while let dash = stem[index...].firstIndex(of: "-") {
            let base = String(stem[..<dash])
            let environment = String(stem[stem.index(after: dash)...])
            if !base.isEmpty && !environment.isEmpty && stems.contains(base) {
                best = (base, environment)
            }
            index = stem.index(after: dash)
        }
        return best
    }

    /// `shared/app.properties` → `shared/app-test.properties`.
    public static func overlayName(of baseFile: String, environment: String) -> String {
        let stem = baseFile.hasSuffix(".properties") ? String(baseFile.dropLast(".properties".count)) : baseFile
        return "\(stem)-\(environment).properties"
    }
}
